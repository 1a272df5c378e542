import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import { PageFrame } from '@/components/layout/page-frame';
import styles from '@/components/messages/messages.module.css';
import { MESSAGES_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage } from '@/page-state/signed-in-page';
import { preloadForSession } from '@/store/session-preload';

// The conversations read server data: they come in a second chunk, with the cache (first-load
// budget). The server renders them when it knows the session (page-state/signed-in-page.ts).
const MessagesScreen = dynamic(() => import('@/components/messages/messages-screen'));
preloadForSession(
  ['/messages', '/messages/[id]'],
  () => import('@/components/messages/messages-screen'),
);

/** /messages: the signed-in user's conversations, newest activity first (docs/product.md "Conversations"). */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  return (
    <PageFrame title={t('title')}>
      <div className={styles.page}>
        <header>
          <h1>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </header>
        <RequireAuth>
          <MessagesScreen id={null} />
        </RequireAuth>
      </div>
    </PageFrame>
  );
}

export const getServerSideProps = signedInPage(
  MESSAGES_NAMESPACES,
  () => import('@/components/messages/messages-screen'),
);
