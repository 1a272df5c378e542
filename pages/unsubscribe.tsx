import { useTranslation } from 'next-i18next/pages';
import { UnsubscribeScreen } from '@/components/email/unsubscribe-screen';
import styles from '@/components/layout/list-page.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import { PrivateLinkHead } from '@/components/layout/private-link-head';
import { translationProps } from '@/lib/i18n/page-props';
import type { TEmailKindName } from '@/lib/schemas/email';
import { serverPage } from '@/server/ssr/page';
import { loadUnsubscribeKind } from '@/server/ssr/unsubscribe';

/**
 * /unsubscribe?token=…: where an e-mail's unsubscribe link leads (the API's GET answers 303 to
 * here). Public and in both languages; it names the e-mails its button turns off.
 */
export default function UnsubscribePage({
  token,
  kind,
}: {
  token: string;
  kind: TEmailKindName | null;
}) {
  const { t } = useTranslation('common');
  return (
    <PageFrame title={t('unsubscribe.title')}>
      <PrivateLinkHead />
      <div className={styles.page}>
        <header className={styles.pageHeader}>
          <div>
            <h1>{t('unsubscribe.title')}</h1>
          </div>
        </header>
        <UnsubscribeScreen token={token} kind={kind} />
      </div>
    </PageFrame>
  );
}

// Through serverPage (server/ssr/page.ts): an address with control characters is refused first.
// The token is checked here, so the page says at once what it turns off, or that the link is
// not valid; reading it changes nothing.
export const getServerSideProps = serverPage(async ({ query, locale }) => {
  const token = typeof query.token === 'string' ? query.token : '';
  return {
    props: {
      token,
      kind: await loadUnsubscribeKind(token),
      ...(await translationProps(locale, ['common'])),
    },
  };
});
