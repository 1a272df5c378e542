import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import styles from '@/components/layout/list-page.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import { WEBHOOKS_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage } from '@/page-state/signed-in-page';

// The screen reads server data: it comes in a second chunk (first-load budget).
const WebhooksScreen = dynamic(() => import('@/components/webhooks/webhooks-screen'), {
  loading: () => <WebhooksLoading />,
});

function WebhooksLoading() {
  const { t } = useTranslation('webhooks');
  return <p role="status">{t('list.loading')}</p>;
}

/**
 * /business/webhooks: the chosen company's webhook endpoints and their delivery logs, for its
 * owners and admins (docs/product.md "Webhooks").
 */
export default function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  return (
    <PageFrame title={t('title')}>
      <div className={styles.page}>
        <header className={styles.pageHeader}>
          <div>
            <h1>{t('title')}</h1>
            <p>{t('lead')}</p>
          </div>
        </header>
        <RequireAuth role="business">
          <WebhooksScreen />
        </RequireAuth>
      </div>
    </PageFrame>
  );
}

export const getServerSideProps = signedInPage(WEBHOOKS_NAMESPACES);
