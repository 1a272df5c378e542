import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { optionalEmailError } from '@/lib/profile/validation';
import { toastError, toastSuccess } from '@/lib/toast';
import { updatePaypalEmail } from '@/services/profile-service';
import type { TI18n, TResult } from '@/services/result';
import { infoUpdated, selectUser } from '@/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import styles from './profile-edit.module.css';
import { useLeaveGuard } from './use-leave-guard';

type TSend = (
  email: string | null,
  i18n: TI18n,
) => Promise<TResult<{ paypal_email: string | null }>>;

/** The payment-provider e-mail (POST /users/paypal/email); saving it empty removes it. */
export function PaypalForm({ send = updatePaypalEmail }: { send?: TSend }) {
  const { t, i18n } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const stored = useAppSelector(selectUser)?.paypal_email ?? '';
  const [email, setEmail] = useState(stored);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useLeaveGuard(busy, t('section.leave_blocked'));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = optionalEmailError(email);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const res = await send(email.trim() || null, i18n);
    setBusy(false);
    if (res.hasError) return toastError(res.message);
    dispatch(infoUpdated({ paypal_email: res.data?.paypal_email ?? (email.trim() || null) }));
    toastSuccess(res.message);
  }

  return (
    <section id="payment" className={styles.section} aria-labelledby="payment-title">
      <header className={styles.sectionHeader}>
        <h2 id="payment-title">{t('settings.paypal.title')}</h2>
        <p>{t('settings.paypal.lead')}</p>
      </header>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('settings.paypal.label')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error ? t(error) : null}
          hint={t('settings.paypal.hint')}
        />
        <div className={styles.formActions}>
          <Button type="submit" disabled={busy || email.trim() === stored}>
            {busy ? t('section.saving') : t('settings.paypal.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
