import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useToday } from '@/components/forms/use-today';
import { Button } from '@/components/ui/button';
import { EmailField, PasswordField, TextField } from '@/components/ui/text-field';
import styles from './auth.module.css';
import { FormAlert } from './form-alert';
import { RoleChoice } from './role-choice';
import { useRegisterForm, type TGoogleRegistration } from './use-register-form';

export type { TGoogleRegistration };

/** Registration as a talent or a business (docs/product.md "Entities and fields"); with `google`, finishes a Google sign-up. */
export function RegisterForm({ google }: { google?: TGoogleRegistration }) {
  const { t } = useTranslation('common');
  const today = useToday();
  const { form, setTalent, failure, busy, onSubmit, text, invited } = useRegisterForm(google);
  return (
    <div className={styles.card}>
      <h1>{google ? t('auth.create_account.title') : t('auth.register.title')}</h1>
      <p className={styles.lead}>
        {google
          ? t('auth.create_account.lead')
          : invited
            ? t('auth.register.invited_lead')
            : t('auth.register.lead')}
      </p>
      <FormAlert text={failure} />
      <form onSubmit={onSubmit} noValidate>
        {!invited && <RoleChoice isTalent={form.is_talent} onChange={setTalent} />}
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
        <EmailField
          label={t('auth.fields.email')}
          {...text('email')}
          readOnly={Boolean(google) || invited}
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
        {!form.is_talent && !invited && (
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
