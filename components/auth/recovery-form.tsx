import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { useFailureText } from '@/components/forms/failure-text';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { langOf } from '@/lib/i18n/lang';
import { email as emailRule, newPassword } from '@/lib/schemas/common';
import { toastSuccess } from '@/lib/toast';
import { requestRecoveryCode, resetPassword } from '@/services/auth-service';
import * as v from 'valibot';
import styles from './auth.module.css';

const emailStep = v.object({ email: emailRule() });
const passwordStep = v.pipe(
  v.object({ password: newPassword(), confirm: v.string() }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirm']],
      (p) => p.password === p.confirm,
      'passwords_differ',
    ),
    ['confirm'],
  ),
);

/** Password recovery in two steps: e-mail → code by e-mail → code and new password (docs/product.md "Validation rules"). */
export function RecoveryForm() {
  const { t, i18n } = useTranslation('common');
  const router = useRouter();
  const fields = useFieldErrors();
  const failureText = useFailureText();
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The seed's "Error catalogue" (docs/product.md) texts for the two calls; the vocabulary's text for a limit or a field. */
  const recoveryFailureText = (step: 'email' | 'password', failure: unknown) =>
    failureText(
      failure,
      step === 'email'
        ? {
            fallback: t('messages.recovery_email.error'),
            codes: { not_found: t('messages.recovery_email.not_found') },
          }
        : {
            fallback: t('messages.recovery_password.error'),
            codes: {
              invalid_code: t('messages.recovery_password.invalid_code'),
              wrong_code: t('messages.recovery_password.incorrect'),
            },
          },
    );

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
    setFailure(null);
    const checked = fields.check(emailStep, { email });
    if (!checked.ok) return;
    setBusy(true);
    const outcome = await requestRecoveryCode(checked.value.email, langOf(i18n.language));
    setBusy(false);
    if (!outcome.ok) return setFailure(recoveryFailureText('email', outcome.failure));
    toastSuccess(t('messages.recovery_email.success'));
    setStep(2);
  }

  async function changePassword(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    if (!fields.check(passwordStep, { password, confirm }).ok) return;
    setBusy(true);
    // An empty code is refused by the service itself, without calling the server (docs/product.md "Validation rules").
    const outcome = await resetPassword({ code, password, email: email.trim() || undefined });
    setBusy(false);
    if (!outcome.ok) return setFailure(recoveryFailureText('password', outcome.failure));
    toastSuccess(t('messages.recovery_password.success'));
    await router.push('/auth/login');
  }

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
            onChange={(e) => {
              setEmail(e.target.value);
              fields.clear('email');
            }}
            error={fields.text('email')}
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
            onChange={(e) => {
              setPassword(e.target.value);
              fields.clear('password');
            }}
            error={fields.text('password')}
            hint={t('auth.fields.password_hint')}
            showLabel={t('auth.fields.show_password')}
            hideLabel={t('auth.fields.hide_password')}
          />
          <PasswordField
            label={t('auth.fields.confirm_password')}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
              fields.clear('confirm');
            }}
            error={fields.text('confirm')}
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
