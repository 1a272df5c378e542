import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import { PageFrame } from '@/components/layout/page-frame';
import styles from '@/components/messages/messages.module.css';
import { MESSAGES_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage } from '@/page-state/signed-in-page';
import { preloadForSession } from '@/store/session-preload';

const MessagesScreen = dynamic(() => import('@/components/messages/messages-screen'));
preloadForSession(
  ['/messages', '/messages/[id]'],
  () => import('@/components/messages/messages-screen'),
);

/** The thread's id in the address, or null when it is not one. */
const idOf = (value: unknown) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /messages/{id}: one conversation, beside the list on a wide screen (docs/product.md
 * "Conversations"). The heading is visually the thread's (the other side's name); the page's
 * own h1 says where the reader is.
 */
export default function ThreadPage() {
  const { t } = useTranslation('messages');
  const { query } = useRouter();
  const id = idOf(query.id);
  return (
    <PageFrame title={t('title')}>
      <div className={styles.page}>
        <h1>{t('title')}</h1>
        <RequireAuth>
          {id === null ? <p role="alert">{t('thread.not_found')}</p> : <MessagesScreen id={id} />}
        </RequireAuth>
      </div>
    </PageFrame>
  );
}

export const getServerSideProps = signedInPage(
  MESSAGES_NAMESPACES,
  () => import('@/components/messages/messages-screen'),
);
