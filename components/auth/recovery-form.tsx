import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { toastSuccess } from '@/lib/toast';
import { emailError, passwordError } from '@/lib/validation';
import { requestRecoveryCode, resetPassword } from '@/services/auth-service';
import styles from './auth.module.css';

/** Password recovery in two steps: e-mail → code by e-mail → code and new password (seed §5). */
export function RecoveryForm() {
  const { t, i18n } = useTranslation('common');
  const router = useRouter();
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The e-mail's link carries the e-mail and code in the fragment, which exists only in the
  // browser, after hydration: fill them in once, then drop it from the address bar and history.
  useEffect(() => {
    const params = new URLSearchParams(window.location.hash.slice(1));
    const [linkEmail, linkCode] = [params.get('email'), params.get('code')];
    if (!linkEmail || !linkCode) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a one-time read of the URL
    setEmail(linkEmail);
    setCode(linkCode);
    setStep(2);
  }, []);

  async function sendCode(e: FormEvent) {
    e.preventDefault();
    const emailProblem = emailError(email);
    setErrors({ email: emailProblem });
    if (emailProblem) return;
    setBusy(true);
    setFailure(null);
    const result = await requestRecoveryCode(email.trim(), i18n);
    setBusy(false);
    if (result.hasError) return setFailure(result.message);
    toastSuccess(result.message);
    setStep(2);
  }

  async function changePassword(e: FormEvent) {
    e.preventDefault();
    const next = {
      password: passwordError(password),
      confirm: confirm === password ? null : 'validation.password_match',
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    setBusy(true);
    setFailure(null);
    // An empty code is refused by the service itself, without calling the server (seed §5).
    const result = await resetPassword({ code, password, email: email.trim() }, i18n);
    setBusy(false);
    if (result.hasError) return setFailure(result.message);
    toastSuccess(result.message);
    await router.push('/auth/login');
  }

  const err = (k: string) => (errors[k] ? t(errors[k]!) : null);
  return (
    <div className={styles.card}>
      <p className={styles.steps}>{t('auth.recovery.step', { step, total: 2 })}</p>
      <h1>{t('auth.recovery.title')}</h1>
      <p className={styles.lead}>
        {step === 1 ? t('auth.recovery.lead_email') : t('auth.recovery.lead_code', { email })}
      </p>
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
      {step === 1 ? (
        <form onSubmit={sendCode} noValidate>
          <TextField
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={err('email')}
            required
          />
          <Button type="submit" className={styles.submit} disabled={busy}>
            {t('auth.recovery.send_code')}
          </Button>
        </form>
      ) : (
        <form onSubmit={changePassword} noValidate>
          <TextField
            label={t('auth.fields.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="1234 5678 9012"
            maxLength={20}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            hint={t('auth.recovery.code_hint')}
          />
          <PasswordField
            label={t('auth.fields.new_password')}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={err('password')}
            hint={t('auth.fields.password_hint')}
            showLabel={t('auth.fields.show_password')}
            hideLabel={t('auth.fields.hide_password')}
          />
          <PasswordField
            label={t('auth.fields.confirm_password')}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={err('confirm')}
            showLabel={t('auth.fields.show_password')}
            hideLabel={t('auth.fields.hide_password')}
          />
          <Button type="submit" className={styles.submit} disabled={busy}>
            {t('auth.recovery.change')}
          </Button>
          <Button
            type="button"
            variant="ghost"
            className={styles.submit}
            onClick={() => setStep(1)}
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
