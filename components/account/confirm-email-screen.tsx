import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useBusy } from '@/components/forms/use-busy';
import styles from '@/components/layout/list-page.module.css';
import { Button } from '@/components/ui/button';
import { confirmEmail, readMe } from '@/services/account-service';
import { selectUser, userRefreshed } from '@/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';

/**
 * The page of an address's link (docs/product.md "One's own account"): nothing changes until its
 * button is pressed (mail scanners open links), then the link's token confirms the address or
 * completes the change. Works signed out; signed in, the stored user follows.
 */
export function ConfirmEmailScreen({ token }: { token: string }) {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const failureText = useFailureText();
  const { busy, during } = useBusy();
  const [done, setDone] = useState<{ purpose: 'confirm' | 'change'; email: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!token) {
    return (
      <div className={styles.card} role="alert">
        <p>{t('account.confirm.invalid')}</p>
      </div>
    );
  }

  if (done) {
    return (
      <div className={styles.card}>
        <p role="status">
          {done.purpose === 'change'
            ? t('account.confirm.changed', { email: done.email })
            : t('account.confirm.confirmed', { email: done.email })}
        </p>
        <p>
          <Link href={user ? '/profile/settings' : '/auth/login'}>
            {user ? t('account.confirm.to_settings') : t('account.confirm.to_login')}
          </Link>
        </p>
      </div>
    );
  }

  async function confirm() {
    setError(null);
    const outcome = await during(() => confirmEmail(token));
    if (!outcome.ok) {
      return setError(
        failureText(outcome.failure, {
          codes: {
            expired: t('account.confirm.invalid'),
            invalid_input: t('account.confirm.invalid'),
          },
        }),
      );
    }
    setDone(outcome.data);
    if (user) {
      const me = await readMe(user.id);
      if (me.ok) dispatch(userRefreshed(me.data));
    }
  }

  return (
    <div className={styles.card}>
      <p>{t('account.confirm.ask')}</p>
      {error && <p role="alert">{error}</p>}
      <div className={styles.actions}>
        <Button onClick={() => void confirm()} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('account.confirm.working') : t('account.confirm.button')}
        </Button>
      </div>
    </div>
  );
}
