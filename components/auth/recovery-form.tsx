import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { Button } from '@/components/ui/button';
import { EmailField, PasswordField, TextField } from '@/components/ui/text-field';
import styles from './auth.module.css';
import { FormAlert } from './form-alert';
import { useRecoveryForm } from './use-recovery-form';

/** Password recovery in two steps: e-mail → code by e-mail → code and new password (docs/product.md "Validation rules"). */
export function RecoveryForm() {
  const { t } = useTranslation('common');
  const form = useRecoveryForm();
  const { step, email, busy } = form;
  const toggleLabels = {
    showLabel: t('auth.fields.show_password'),
    hideLabel: t('auth.fields.hide_password'),
  };

  return (
    <div className={styles.card}>
      <p className={styles.steps}>{t('auth.recovery.step', { step, total: 2 })}</p>
      <h1>{t('auth.recovery.title')}</h1>
      <p className={styles.lead}>
        {step === 1 ? t('auth.recovery.lead_email') : t('auth.recovery.lead_code', { email })}
      </p>
      <FormAlert text={form.failure} />
      {step === 1 ? (
        <form onSubmit={form.sendCode} noValidate>
          <EmailField label={t('auth.fields.email')} {...form.emailField} required />
          <Button type="submit" className={styles.submit} disabled={busy}>
            {t('auth.recovery.send_code')}
          </Button>
        </form>
      ) : (
        <form onSubmit={form.changePassword} noValidate>
          <TextField
            label={t('auth.fields.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="1234 5678 9012"
            maxLength={20}
            value={form.code}
            onChange={(e) => form.setCode(e.target.value)}
            hint={t('auth.recovery.code_hint')}
          />
          <PasswordField
            label={t('auth.fields.new_password')}
            autoComplete="new-password"
            {...form.passwordField}
            hint={t('auth.fields.password_hint')}
            {...toggleLabels}
          />
          <PasswordField
            label={t('auth.fields.confirm_password')}
            autoComplete="new-password"
            {...form.confirmField}
            {...toggleLabels}
          />
          <Button type="submit" className={styles.submit} disabled={busy}>
            {t('auth.recovery.change')}
          </Button>
          <Button
            type="button"
            variant="ghost"
            className={styles.submit}
            onClick={() => form.setStep(1)}
          >
            {t('auth.recovery.resend')}
          </Button>
        </form>
      )}
      <div className={styles.links}>
        <Link href="/auth/login">{t('auth.recovery.back')}</Link>
      </div>
    </div>
  );
}
