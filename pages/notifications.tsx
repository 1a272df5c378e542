import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import styles from '@/components/layout/list-page.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import { staticTranslations } from '@/lib/i18n/page-props';

// The list reads server data: it comes in a second chunk, with the cache (first-load budget).
const NotificationList = dynamic(() => import('@/components/notifications/notification-list'), {
  ssr: false,
});

/** /notifications: the signed-in user's notifications, newest first, live. */
export default function NotificationsPage() {
  const { t } = useTranslation('common');
  return (
    <PageFrame title={t('notifications.title')}>
      <RequireAuth>
        <div className={styles.page}>
          <header className={styles.pageHeader}>
            <div>
              <h1>{t('notifications.title')}</h1>
              <p>{t('notifications.lead')}</p>
            </div>
          </header>
          <NotificationList />
        </div>
      </RequireAuth>
    </PageFrame>
  );
}

export const getStaticProps = staticTranslations;
