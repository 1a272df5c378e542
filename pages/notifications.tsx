import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import styles from '@/components/layout/list-page.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import { PAGE_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage } from '@/page-state/signed-in-page';
import { preloadForSession } from '@/store/session-preload';

// The list reads server data: it comes in a second chunk, with the cache (first-load budget).
// The server renders it when it knows the session (page-state/signed-in-page.ts).
const NotificationList = dynamic(() => import('@/components/notifications/notification-list'));
preloadForSession(['/notifications'], () => import('@/components/notifications/notification-list'));

/**
 * /notifications: the signed-in user's notifications, newest first, live. The heading and its
 * lead are the same for everyone, so they are in the server's page and paint at once; the
 * list waits for the session.
 */
export default function NotificationsPage() {
  const { t } = useTranslation('common');
  return (
    <PageFrame title={t('notifications.title')}>
      <div className={styles.page}>
        <header className={styles.pageHeader}>
          <div>
            <h1>{t('notifications.title')}</h1>
            <p>{t('notifications.lead')}</p>
          </div>
        </header>
        <RequireAuth>
          <NotificationList />
        </RequireAuth>
      </div>
    </PageFrame>
  );
}

export const getServerSideProps = signedInPage(
  PAGE_NAMESPACES,
  () => import('@/components/notifications/notification-list'),
);
