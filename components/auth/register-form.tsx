import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import fieldStyles from '@/components/ui/field.module.css';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';
import { toastSuccess } from '@/lib/toast';
import {
  compactErrors,
  emailError,
  passwordError,
  requiredError,
  todayIso,
} from '@/lib/validation';
import { register, type TRegisterInput } from '@/services/auth-service';
import styles from './auth.module.css';
import { useSignIn } from './use-session-actions';

export type TGoogleRegistration = {
  email: string;
  name: string;
  last_name: string;
  google_id: string;
};

type TForm = {
  is_talent: boolean;
  name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  workplace_name: string;
  position: string;
  start_date: string;
};

/** Registration as a talent or a business (seed §3); with `google`, finishes a Google sign-up. */
export function RegisterForm({ google }: { google?: TGoogleRegistration }) {
  const { t, i18n } = useTranslation('common');
  const signIn = useSignIn();
  const [form, setForm] = useState<TForm>({
    is_talent: true,
    name: google?.name ?? '',
    last_name: google?.last_name ?? '',
    email: google?.email ?? '',
    phone: '',
    password: '',
    workplace_name: '',
    position: '',
    start_date: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof TForm, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof TForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const err = (key: keyof TForm) => (errors[key] ? t(errors[key]!) : null);

  function validate(): boolean {
    const business = !form.is_talent;
    const next = compactErrors({
      name: requiredError(form.name),
      last_name: requiredError(form.last_name),
      email: emailError(form.email),
      phone: null,
      password: google ? null : passwordError(form.password),
      workplace_name: business ? requiredError(form.workplace_name) : null,
      position: business ? requiredError(form.position) : null,
      start_date: business
        ? (requiredError(form.start_date) ??
          (form.start_date > todayIso() ? 'validation.date_future' : null))
        : null,
    });
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!validate()) return;
    const input: TRegisterInput = {
      email: form.email.trim(),
      name: form.name.trim(),
      last_name: form.last_name.trim(),
      phone: form.phone.trim() || undefined,
      lang: i18n.language === 'es' ? 'es' : 'en',
      is_talent: form.is_talent,
      ...(google ? { google_id_token: google.google_id } : { password: form.password }),
      ...(form.is_talent
        ? {}
        : {
            workplace_name: form.workplace_name.trim(),
            position: form.position.trim(),
            start_date: form.start_date,
            work_here: true as const,
          }),
    };
    setBusy(true);
    setFailure(null);
    const result = await register(input, i18n);
    setBusy(false);
    if (result.hasError || !result.data) {
      setFailure(result.message);
      return;
    }
    if (google) safeStorage.remove(STORAGE_KEYS.registerByGoogle);
    toastSuccess(result.message);
    await signIn(result.data);
  }

  return (
    <div className={styles.card}>
      <h1>{google ? t('auth.create_account.title') : t('auth.register.title')}</h1>
      <p className={styles.lead}>
        {google ? t('auth.create_account.lead') : t('auth.register.lead')}
      </p>
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate>
        <fieldset className={fieldStyles.choices}>
          <legend className={fieldStyles.legend}>{t('auth.register.role')}</legend>
          {([true, false] as const).map((isTalent) => (
            <label key={String(isTalent)} className={fieldStyles.choice}>
              <input
                type="radio"
                name="role"
                checked={form.is_talent === isTalent}
                onChange={() => setForm((f) => ({ ...f, is_talent: isTalent }))}
              />
              <span className={fieldStyles.choiceText}>
                <strong>
                  {isTalent ? t('auth.register.talent') : t('auth.register.business')}
                </strong>
                <span>
                  {isTalent ? t('auth.register.talent_hint') : t('auth.register.business_hint')}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className={styles.row}>
          <TextField
            label={t('auth.fields.name')}
            autoComplete="given-name"
            value={form.name}
            onChange={set('name')}
            error={err('name')}
            required
          />
          <TextField
            label={t('auth.fields.last_name')}
            autoComplete="family-name"
            value={form.last_name}
            onChange={set('last_name')}
            error={err('last_name')}
            required
          />
        </div>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={err('email')}
          readOnly={Boolean(google)}
          required
        />
        <TextField
          label={t('auth.fields.phone')}
          type="tel"
          autoComplete="tel"
          value={form.phone}
          onChange={set('phone')}
          optionalLabel={t('auth.fields.optional')}
        />
        {!google && (
          <PasswordField
            label={t('auth.fields.password')}
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            error={err('password')}
            hint={t('auth.fields.password_hint')}
            showLabel={t('auth.fields.show_password')}
            hideLabel={t('auth.fields.hide_password')}
            required
          />
        )}
        {!form.is_talent && (
          <>
            <TextField
              label={t('auth.fields.workplace_name')}
              autoComplete="organization"
              value={form.workplace_name}
              onChange={set('workplace_name')}
              error={err('workplace_name')}
              required
            />
            <div className={styles.row}>
              <TextField
                label={t('auth.fields.position')}
                autoComplete="organization-title"
                value={form.position}
                onChange={set('position')}
                error={err('position')}
                required
              />
              <TextField
                label={t('auth.fields.start_date')}
                type="date"
                max={todayIso()}
                value={form.start_date}
                onChange={set('start_date')}
                error={err('start_date')}
                required
              />
            </div>
          </>
        )}
        <Button type="submit" className={styles.submit} disabled={busy}>
          {busy ? t('auth.register.submitting') : t('auth.register.submit')}
        </Button>
      </form>
      <div className={styles.links}>
        <Link href="/auth/login">{t('auth.register.have_account')}</Link>
      </div>
    </div>
  );
}
