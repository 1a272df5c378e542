import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { LIMITS, phoneError, required } from '@/lib/profile/validation';
import { compactErrors } from '@/lib/validation';
import { uploadImage, type TImageUpload } from '@/services/profile-service';
import type { TCountry } from '@/services/reference-service';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import type { TUser } from '@/types/user';
import { AvatarField } from './avatar-field';
import { EditSection, SaveBar } from './edit-section';
import styles from './profile-edit.module.css';
import { useInfoSave, type TSaveInfo } from './use-info-save';
import { localName, useCountries } from './use-reference';

type TForm = {
  name: string;
  last_name: string;
  phone: string;
  country_code: string;
  city: string;
  headline: string;
  about: string;
  avatar_url: string;
};

const fromUser = (u: TUser): TForm => ({
  name: u.person.name,
  last_name: u.person.last_name,
  phone: u.person.phone ?? '',
  country_code: u.country_code ?? '',
  city: u.city ?? '',
  headline: u.headline ?? '',
  about: u.about ?? '',
  avatar_url: u.avatar_url ?? '',
});

const orNull = (s: string) => s.trim() || null;

/** Personal info: name, contact, location, headline, about and the photo (PATCH /users/info). */
export function PersonalSection({
  saveInfo,
  upload = uploadImage,
  loadCountries,
}: {
  saveInfo?: TSaveInfo;
  upload?: (file: File) => Promise<TImageUpload | null>;
  loadCountries?: () => Promise<TCountry[] | null>;
}) {
  const { t, i18n } = useTranslation('profile');
  const user = useAppSelector(selectUser)!;
  const countries = useCountries(loadCountries);
  const [form, setForm] = useState<TForm>(() => fromUser(user));
  const [errors, setErrors] = useState<Partial<Record<keyof TForm, string>>>({});
  const [uploading, setUploading] = useState(false);
  const { save, progress } = useInfoSave(saveInfo);
  const set = (key: keyof TForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const err = (key: keyof TForm) => (errors[key] ? t(errors[key]!) : null);
  const saved = fromUser(user);
  const dirty = (Object.keys(form) as (keyof TForm)[]).some(
    (k) => form[k].trim() !== saved[k].trim(),
  );

  async function onSave() {
    const next = compactErrors({ name: required(form.name), phone: phoneError(form.phone) });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    await save({
      name: form.name.trim(),
      last_name: form.last_name.trim(),
      phone: orNull(form.phone),
      country_code: orNull(form.country_code),
      city: orNull(form.city),
      headline: orNull(form.headline),
      about: orNull(form.about),
      avatar_url: orNull(form.avatar_url),
    });
  }

  const lang = i18n.language;
  const countryOptions = (countries ?? [])
    .map((c) => ({ value: c.code, label: localName(c, lang) }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));
  return (
    <EditSection
      id="personal"
      description={t('edit.descriptions.personal')}
      footer={
        <SaveBar
          onSave={() => void onSave()}
          progress={progress}
          dirty={dirty}
          disabled={uploading}
        />
      }
    >
      <AvatarField
        url={form.avatar_url}
        initials={`${form.name.charAt(0)}${form.last_name.charAt(0)}`.toUpperCase()}
        upload={upload}
        onUploading={setUploading}
        onChange={(url) => setForm((f) => ({ ...f, avatar_url: url }))}
      />
      <div className={styles.row}>
        <TextField
          label={t('fields.name')}
          autoComplete="given-name"
          value={form.name}
          maxLength={LIMITS.name}
          onChange={set('name')}
          error={err('name')}
          required
        />
        <TextField
          label={t('fields.last_name')}
          autoComplete="family-name"
          value={form.last_name}
          maxLength={LIMITS.name}
          onChange={set('last_name')}
        />
      </div>
      <TextField
        label={t('fields.headline')}
        hint={t('fields.headline_hint')}
        value={form.headline}
        maxLength={LIMITS.headline}
        onChange={set('headline')}
      />
      <div className={styles.row}>
        <SelectField
          label={t('fields.country')}
          placeholder={countries ? t('fields.country_placeholder') : t('section.loading')}
          options={countryOptions}
          value={form.country_code}
          onChange={set('country_code')}
        />
        <TextField
          label={t('fields.city')}
          autoComplete="address-level2"
          value={form.city}
          maxLength={LIMITS.city}
          onChange={set('city')}
        />
      </div>
      <TextField
        label={t('fields.phone')}
        type="tel"
        autoComplete="tel"
        value={form.phone}
        maxLength={LIMITS.phone}
        onChange={set('phone')}
        error={err('phone')}
        hint={t('fields.phone_hint')}
      />
      <TextAreaField
        label={t('fields.about')}
        hint={t('fields.about_hint')}
        value={form.about}
        maxLength={LIMITS.text}
        rows={6}
        onChange={set('about')}
      />
    </EditSection>
  );
}
