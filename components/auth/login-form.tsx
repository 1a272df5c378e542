import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useBusy } from '@/components/forms/use-busy';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { Button } from '@/components/ui/button';
import { EmailField, PasswordField } from '@/components/ui/text-field';
import { loginSchema } from '@/lib/schemas/users';
import { toastSuccess } from '@/lib/toast';
import { login } from '@/services/auth-service';
import styles from './auth.module.css';
import { FormAlert } from './form-alert';
import { GoogleSignIn } from './google-sign-in';
import { SESSION_ENDED } from './session-watcher';
import { useSignIn } from './use-session-actions';

export function LoginForm() {
  const { t } = useTranslation('common');
  const router = useRouter();
  const signIn = useSignIn();
  const fields = useFieldErrors();
  const failureText = useFailureText();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, during } = useBusy();
  const ended = router.query.reason === SESSION_ENDED;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const checked = fields.check(loginSchema, { email, password });
    if (!checked.ok) return;
    const outcome = await during(() => login(checked.value.email, checked.value.password));
    if (!outcome.ok) {
      fields.setErrors(outcome.failure.fields);
      // docs/product.md "Error catalogue": a refused sign-in is "Email and/or password incorrect"; no answer "Error while
      // logging in" (offline, followed by why).
      return setFailure(
        failureText(outcome.failure, {
          codes: { unauthorized: t('messages.login.incorrect') },
          fallback: t('messages.login.error'),
          nothingSaved: false,
        }),
      );
    }
    toastSuccess(t('messages.login.welcome'));
    await signIn(outcome.data);
  }

  return (
    <div className={styles.card}>
      <h1>{t('auth.login.title')}</h1>
      <p className={styles.lead}>{t('auth.login.lead')}</p>
      {ended && !failure && (
        <p className={styles.notice} role="status">
          {t('errors.session_ended')}
        </p>
      )}
      <FormAlert text={failure} />
      <form onSubmit={onSubmit} noValidate>
        <EmailField
          label={t('auth.fields.email')}
          {...fields.bind('email', email, setEmail)}
          required
        />
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="current-password"
          {...fields.bind('password', password, setPassword)}
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
