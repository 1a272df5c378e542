import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import styles from '@/components/layout/list-page.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import { KindListLoading } from '@/components/marketplace/shared/kind-tabs';
import { MARKET_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage } from '@/page-state/signed-in-page';
import { preloadForSession } from '@/store/session-preload';

// The list reads server data: it comes in a second chunk, with the cache (first-load budget).
// The server renders it when it knows the session (page-state/signed-in-page.ts).
const ApplicationsList = dynamic(
  () => import('@/components/marketplace/applications/applications-list'),
  {
    loading: () => <KindListLoading pathname="/applications" text="applications.loading" />,
  },
);
preloadForSession(
  ['/applications'],
  () => import('@/components/marketplace/applications/applications-list'),
);

/**
 * /applications: the talent's applications and where each stands. The heading and its
 * lead are the same for everyone, so they are in the server's page and paint at once; the
 * list waits for the session.
 */
export default function ApplicationsPage() {
  const { t } = useTranslation('market');
  return (
    <PageFrame title={t('applications.title')}>
      <div className={styles.page}>
        <header className={styles.pageHeader}>
          <div>
            <h1>{t('applications.title')}</h1>
            <p>{t('applications.lead')}</p>
          </div>
        </header>
        <RequireAuth role="talent">
          <ApplicationsList />
        </RequireAuth>
      </div>
    </PageFrame>
  );
}

export const getServerSideProps = signedInPage(
  [...MARKET_NAMESPACES, 'reviews'],
  () => import('@/components/marketplace/applications/applications-list'),
);
