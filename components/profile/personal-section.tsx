import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { initialsOf } from '@/components/ui/avatar';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { PROFILE_LIMITS, userInfoSchema } from '@/lib/schemas/profile';
import { localName, useGetCountriesQuery } from '@/services/reference-api';
import type { TUser } from '@/types/user';
import { AvatarField } from './avatar-field';
import { EditSection, SaveBar } from './edit-section';
import styles from './profile-edit.module.css';
import { useInfoSave } from './use-info-save';
import { sortByLabel } from '@/lib/format/by-label';

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

/** Personal info: name, contact, location, headline, about and the photo (PATCH /users/info). */
export function PersonalSection({ profile }: { profile: TUser }) {
  const { t, i18n } = useTranslation('profile');
  const countries = useGetCountriesQuery().data;
  const [form, setForm] = useState<TForm>(() => fromUser(profile));
  const fields = useFieldErrors();
  const [uploading, setUploading] = useState(false);
  const { save, progress } = useInfoSave();
  const set = (key: keyof TForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    fields.clear(key);
  };
  const saved = fromUser(profile);
  const dirty = (Object.keys(form) as (keyof TForm)[]).some(
    (k) => form[k].trim() !== saved[k].trim(),
  );
  const counter = (key: 'headline' | 'about', max: number) =>
    t('fields.counter', { count: form[key].length, max });

  async function onSave() {
    // The same schema as PATCH /users/info: what passes here, the server takes.
    const checked = fields.check(userInfoSchema, form);
    if (!checked.ok) return;
    const refused = await save(form);
    if (refused) fields.setErrors(refused);
  }

  const lang = i18n.language;
  const countryOptions = sortByLabel(
    (countries ?? []).map((c) => ({ value: c.code, label: localName(c, lang) })),
    lang,
  );
  const field = (key: keyof TForm) => ({
    value: form[key],
    onChange: set(key),
    error: fields.text(key),
  });
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
        name={`${profile.person.name} ${profile.person.last_name}`.trim()}
        initials={initialsOf(form.name, form.last_name)}
        onUploading={setUploading}
        onChange={(url) => setForm((f) => ({ ...f, avatar_url: url }))}
      />
      {fields.text('avatar_url') && (
        <p className={styles.tagError} role="alert">
          {fields.text('avatar_url')}
        </p>
      )}
      <div className={styles.row}>
        <TextField
          label={t('fields.name')}
          autoComplete="given-name"
          maxLength={PROFILE_LIMITS.name}
          {...field('name')}
          required
        />
        <TextField
          label={t('fields.last_name')}
          autoComplete="family-name"
          maxLength={PROFILE_LIMITS.name}
          {...field('last_name')}
        />
      </div>
      <TextField
        label={t('fields.headline')}
        hint={t('fields.headline_hint')}
        maxLength={PROFILE_LIMITS.headline}
        counter={counter('headline', PROFILE_LIMITS.headline)}
        {...field('headline')}
      />
      <div className={styles.row}>
        <SelectField
          label={t('fields.country')}
          placeholder={countries ? t('fields.country_placeholder') : t('section.loading')}
          options={countryOptions}
          {...field('country_code')}
        />
        <TextField
          label={t('fields.city')}
          autoComplete="address-level2"
          maxLength={PROFILE_LIMITS.city}
          {...field('city')}
        />
      </div>
      <TextField
        label={t('fields.phone')}
        type="tel"
        autoComplete="tel"
        maxLength={PROFILE_LIMITS.phone}
        hint={t('fields.phone_hint')}
        {...field('phone')}
      />
      <TextAreaField
        label={t('fields.about')}
        hint={t('fields.about_hint')}
        maxLength={PROFILE_LIMITS.text}
        counter={counter('about', PROFILE_LIMITS.text)}
        rows={6}
        {...field('about')}
      />
    </EditSection>
  );
}
