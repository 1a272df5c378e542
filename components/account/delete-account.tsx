import { useTranslation } from 'next-i18next/pages';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSignOut } from '@/components/auth/use-session-actions';
import { useFailureText } from '@/components/forms/failure-text';
import { useBusy } from '@/components/forms/use-busy';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import styles from '@/components/profile/profile-edit.module.css';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PasswordField } from '@/components/ui/text-field';
import { loadGoogleIdentity } from '@/lib/google-identity';
import { publicEnv } from '@/lib/public-env';
import { toastError, toastSuccess } from '@/lib/toast';
import { deleteAccount } from '@/services/account-service';
import { sessionEnded, whileEndingSession } from '@/services/session-events';

/**
 * For an account without a password: Google's own button, whose fresh sign-in is the proof the
 * deletion asks for (docs/security.md "E-mail links"). Without Google configured, the way is to
 * choose a password first ("Forgot your password?").
 */
function GoogleConfirm({ onCredential }: { onCredential: (credential: string) => void }) {
  const { t, i18n } = useTranslation('profile');
  const clientId = publicEnv.NEXT_PUBLIC_GOOGLE_CLIENT_ID;
  const slot = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);
  useEffect(() => {
    if (!clientId || !slot.current) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !slot.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (r) => callback.current(r.credential),
        });
        google.accounts.id.renderButton(slot.current, {
          theme: 'outline',
          size: 'large',
          locale: i18n.language,
          text: 'continue_with',
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [clientId, i18n.language]);
  if (!clientId) return <p>{t('account.delete.set_password')}</p>;
  return (
    <>
      <p>{t('account.delete.google_lead')}</p>
      <div ref={slot} />
    </>
  );
}

/**
 * "Delete my account" (docs/product.md "Deleting one's account"): a dialog says what goes and
 * what stays and asks for the current password (an account signed up with Google only signs in
 * with Google again instead); then the session ends.
 */
export function DeleteAccount() {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const signOut = useSignOut();
  const fields = useFieldErrors();
  const failureText = useFailureText();
  const { busy, during } = useBusy();
  const [open, setOpen] = useState(false);
  const [noPassword, setNoPassword] = useState(false);
  const [password, setPassword] = useState('');

  function close() {
    setOpen(false);
    setPassword('');
    fields.setErrors([]);
  }

  async function submit(e?: FormEvent, googleIdToken?: string) {
    e?.preventDefault();
    const input = googleIdToken
      ? { google_id_token: googleIdToken }
      : { current_password: password };
    const outcome = await during(() =>
      whileEndingSession(async () => {
        const answer = await deleteAccount(input);
        if (answer.ok) {
          toastSuccess(t('account.delete.done'));
          await signOut('/');
        }
        return answer;
      }),
    );
    if (outcome.ok) return;
    // A 401 here is news after all (the session had ended before): told now, as any call would.
    if (outcome.failure.status === 401) return sessionEnded();
    fields.setErrors(outcome.failure.fields);
    toastError(failureText(outcome.failure, { fallback: t('account.delete.failed') }));
  }

  const formId = 'delete-account-form';
  return (
    <section id="delete" className={styles.section} aria-labelledby="delete-title">
      <header className={styles.sectionHeader}>
        <h2 id="delete-title">{t('account.delete.title')}</h2>
        <p>{t('account.delete.lead')}</p>
      </header>
      <div className={styles.formActions}>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t('account.delete.button')}
        </Button>
      </div>
      <Dialog
        open={open}
        title={t('account.delete.dialog_title')}
        onClose={close}
        dismissible={!busy}
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              {t('account.delete.cancel')}
            </Button>
            <Button
              variant="danger"
              type="submit"
              form={formId}
              disabled={busy || noPassword}
              aria-busy={busy || undefined}
            >
              {busy ? t('account.delete.working') : t('account.delete.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('account.delete.erased')}</p>
        <p>{t('account.delete.kept')}</p>
        <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
          {noPassword ? (
            <GoogleConfirm onCredential={(credential) => void submit(undefined, credential)} />
          ) : (
            <PasswordField
              label={tc('auth.fields.current_password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                fields.clear('current_password');
              }}
              error={fields.text('current_password')}
              showLabel={tc('auth.fields.show_password')}
              hideLabel={tc('auth.fields.hide_password')}
              required
            />
          )}
        </form>
        <Button variant="ghost" onClick={() => setNoPassword((v) => !v)} disabled={busy}>
          {noPassword ? t('account.delete.use_password') : t('account.delete.no_password')}
        </Button>
      </Dialog>
    </section>
  );
}
