import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useBusy } from '@/components/forms/use-busy';
import styles from '@/components/layout/list-page.module.css';
import { Button } from '@/components/ui/button';
import type { TEmailKindName } from '@/lib/schemas/email';
import { call, type TFailure } from '@/services/http-client';

/**
 * The page of an e-mail's unsubscribe link (docs/product.md "E-mail that respects people"): it
 * says which e-mails its button turns off and changes nothing until the button is pressed (mail
 * scanners open links). The button POSTs the link as RFC 8058's one-click does.
 */
export function UnsubscribeScreen({ token, kind }: { token: string; kind: TEmailKindName | null }) {
  const { t } = useTranslation('common');
  const failureText = useFailureText();
  const { busy, during } = useBusy();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<TFailure | null>(null);

  const settings = <Link href="/profile/settings#email">{t('unsubscribe.settings_link')}</Link>;

  if (!kind) {
    return (
      <div className={styles.card} role="alert">
        <p>{t('unsubscribe.invalid')}</p>
        <p>{settings}</p>
      </div>
    );
  }
  const what = t(`unsubscribe.kinds.${kind}`);

  if (done) {
    return (
      <div className={styles.card}>
        <p role="status">{t('unsubscribe.done', { what })}</p>
        <p>
          {t('unsubscribe.change_later')} {settings}
        </p>
      </div>
    );
  }

  async function confirm() {
    setFailure(null);
    const outcome = await during(() =>
      call<{ kind: TEmailKindName; delivery: 'off' }>({
        method: 'POST',
        url: '/unsubscribe',
        params: { token },
        data: 'List-Unsubscribe=One-Click',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        skipAuth: true,
      }),
    );
    if (outcome.ok) setDone(true);
    else setFailure(outcome.failure);
  }

  return (
    <div className={styles.card}>
      <p>{t('unsubscribe.ask', { what })}</p>
      <p>{t('unsubscribe.account_note')}</p>
      {failure && (
        <p role="alert">
          {failureText(failure, { codes: { invalid_input: t('unsubscribe.invalid') } })}
        </p>
      )}
      <div className={styles.actions}>
        <Button onClick={() => void confirm()} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('unsubscribe.working') : t('unsubscribe.button')}
        </Button>
      </div>
    </div>
  );
}
