import { useTranslation } from 'next-i18next/pages';
import { useEffect, useState, type FormEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useGuardedForm } from '@/components/forms/leave-guard';
import { useBusy } from '@/components/forms/use-busy';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import styles from '@/components/profile/profile-edit.module.css';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmailField, PasswordField } from '@/components/ui/text-field';
import { langOf } from '@/lib/i18n/lang';
import { changeEmailSchema } from '@/lib/schemas/account';
import { toastError, toastSuccess } from '@/lib/toast';
import { readMe, requestEmailChange, resendConfirmation } from '@/services/account-service';
import { selectUser, userRefreshed } from '@/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';

const EMPTY = { new_email: '', current_password: '' };
type TForm = typeof EMPTY;

/**
 * The account's address (docs/product.md "One's own account"): whether it is confirmed, the link
 * again, and a change, which happens only once the new address opens its link.
 */
export function AccountEmail() {
  const { t, i18n } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const fields = useFieldErrors();
  const failureText = useFailureText();
  const resend = useBusy();
  const { busy, during } = useBusy();
  const [form, setForm] = useState<TForm>(EMPTY);
  const [pending, setPending] = useState<string | null>(null);
  useGuardedForm({ dirty: Object.values(form).some(Boolean), saving: busy });
  const userId = user?.id;

  // The stored copy may predate a confirmation made from the e-mail: read it once here.
  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    void readMe(userId).then((outcome) => {
      if (live && outcome.ok) dispatch(userRefreshed(outcome.data));
    });
    return () => {
      live = false;
    };
  }, [userId, dispatch]);

  if (!user) return null;
  const lang = langOf(i18n.language);

  async function sendAgain() {
    const outcome = await resend.during(() => resendConfirmation(lang));
    if (!outcome.ok) return toastError(failureText(outcome.failure));
    toastSuccess(t('account.email.sent_again'));
  }

  const field = (key: keyof TForm) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [key]: e.target.value }));
      fields.clear(key);
    },
    error: fields.text(key),
    required: true,
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = fields.check(changeEmailSchema, { ...form, lang });
    if (!checked.ok) return;
    const outcome = await during(() => requestEmailChange({ ...form, lang }));
    if (!outcome.ok) {
      fields.setErrors(outcome.failure.fields);
      return toastError(failureText(outcome.failure, { fallback: t('account.email.failed') }));
    }
    setPending(outcome.data.pending_email);
    setForm(EMPTY);
    toastSuccess(t('account.email.check_new'));
  }

  return (
    <section id="account-email" className={styles.section} aria-labelledby="account-email-title">
      <header className={styles.sectionHeader}>
        <h2 id="account-email-title">{t('account.email.title')}</h2>
        <p>{t('account.email.lead')}</p>
      </header>
      <p>
        {t('account.email.current')} <strong>{user.email}</strong>{' '}
        {user.email_verified === true && (
          <Badge tone="success">{t('account.verified_badge')}</Badge>
        )}
      </p>
      {user.email_verified === false && (
        <p role="status">
          {t('account.email.not_confirmed')}{' '}
          <Button
            variant="secondary"
            onClick={() => void sendAgain()}
            disabled={resend.busy}
            aria-busy={resend.busy || undefined}
          >
            {t('account.email.send_again')}
          </Button>
        </p>
      )}
      {pending && <p role="status">{t('account.email.pending', { email: pending })}</p>}
      <form onSubmit={submit} noValidate>
        <EmailField label={t('account.email.new_label')} {...field('new_email')} />
        <PasswordField
          label={tc('auth.fields.current_password')}
          autoComplete="current-password"
          showLabel={tc('auth.fields.show_password')}
          hideLabel={tc('auth.fields.hide_password')}
          {...field('current_password')}
        />
        <div className={styles.formActions}>
          <Button type="submit" disabled={busy}>
            {busy ? t('section.saving') : t('account.email.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
