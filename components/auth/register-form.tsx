import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { useToday } from '@/components/forms/use-today';
import { Button } from '@/components/ui/button';
import fieldStyles from '@/components/ui/field.module.css';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { langOf } from '@/lib/i18n/lang';
import { registerSchema, type TRegisterInput } from '@/lib/schemas/users';
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';
import { toastSuccess } from '@/lib/toast';
import { register } from '@/services/auth-service';
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
type TTextField = Exclude<keyof TForm, 'is_talent'>;

/** Registration as a talent or a business (docs/product.md "Entities and fields"); with `google`, finishes a Google sign-up. */
export function RegisterForm({ google }: { google?: TGoogleRegistration }) {
  const { t, i18n } = useTranslation('common');
  const signIn = useSignIn();
  const fields = useFieldErrors();
  const failureText = useFailureText();
  const today = useToday();
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
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: TTextField) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    fields.clear(key);
    setFailure(null);
  };

  function payload(): TRegisterInput {
    const common = {
      email: form.email,
      name: form.name,
      last_name: form.last_name,
      phone: form.phone,
      lang: langOf(i18n.language),
      ...(google ? { google_id_token: google.google_id } : { password: form.password }),
    };
    return form.is_talent
      ? { ...common, is_talent: true }
      : {
          ...common,
          is_talent: false,
          workplace_name: form.workplace_name,
          position: form.position,
          start_date: form.start_date,
          work_here: true,
        };
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const input = payload();
    if (!fields.check(registerSchema, input).ok) return;
    setBusy(true);
    const outcome = await register(input);
    setBusy(false);
    if (!outcome.ok) {
      fields.setErrors(outcome.failure.fields);
      // docs/product.md "Error catalogue": the server's word on a refusal (next to the fields it names, summed up above
      // them); "Failed to create user - try again" when there is no answer.
      return setFailure(
        failureText(outcome.failure, {
          fallback: t('messages.register.error'),
          shown: Object.keys(form),
        }),
      );
    }
    if (google) safeStorage.remove(STORAGE_KEYS.registerByGoogle);
    toastSuccess(t('messages.register.success'));
    await signIn(outcome.data);
  }

  const text = (key: TTextField) => ({
    value: form[key],
    onChange: set(key),
    error: fields.text(key),
  });
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
            {...text('name')}
            required
          />
          <TextField
            label={t('auth.fields.last_name')}
            autoComplete="family-name"
            {...text('last_name')}
            optionalLabel={t('auth.fields.optional')}
          />
        </div>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          {...text('email')}
          readOnly={Boolean(google)}
          required
        />
        <TextField
          label={t('auth.fields.phone')}
          type="tel"
          autoComplete="tel"
          {...text('phone')}
          optionalLabel={t('auth.fields.optional')}
        />
        {!google && (
          <PasswordField
            label={t('auth.fields.password')}
            autoComplete="new-password"
            {...text('password')}
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
              {...text('workplace_name')}
              required
            />
            <div className={styles.row}>
              <TextField
                label={t('auth.fields.position')}
                autoComplete="organization-title"
                {...text('position')}
                required
              />
              <TextField
                label={t('auth.fields.start_date')}
                type="date"
                max={today}
                {...text('start_date')}
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
