import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { toastSuccess } from '@/lib/toast';
import { emailError, requiredError } from '@/lib/validation';
import { login } from '@/services/auth-service';
import styles from './auth.module.css';
import { GoogleSignIn } from './google-sign-in';
import { useSignIn } from './use-session-actions';

export function LoginForm() {
  const { t, i18n } = useTranslation('common');
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = { email: emailError(email), password: requiredError(password) };
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    setFailure(null);
    const result = await login(email.trim(), password, i18n);
    setBusy(false);
    if (result.hasError || !result.data) {
      setFailure(result.message);
      return;
    }
    toastSuccess(result.message);
    await signIn(result.data);
  }

  return (
    <div className={styles.card}>
      <h1>{t('auth.login.title')}</h1>
      <p className={styles.lead}>{t('auth.login.lead')}</p>
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email ? t(errors.email) : null}
          required
        />
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password ? t(errors.password) : null}
          showLabel={t('auth.fields.show_password')}
          hideLabel={t('auth.fields.hide_password')}
          required
        />
        <Button type="submit" className={styles.submit} disabled={busy}>
          {busy ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </form>
      <GoogleSignIn />
      <div className={styles.links}>
        <Link href="/auth/recovery">{t('auth.login.forgot')}</Link>
        <Link href="/auth/register">{t('auth.login.no_account')}</Link>
      </div>
    </div>
  );
}
