import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import styles from './notification-bell.module.css';
import { useLiveCount } from './use-live-count';

const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The header's Messages link (docs/product.md "Conversations"): to /messages, its name saying how
 * many messages are unread over all conversations (`unread` of `GET /conversations`), from the
 * live connection as the bell's count (./use-live-count.ts).
 */
export function MessagesLink() {
  const { t } = useTranslation('common');
  const router = useRouter();
  const unread = useLiveCount('watchMessages');
  if (unread === null) return null;
  return (
    <Link
      href="/messages"
      // Not in the background on every page (components/layout/header.tsx).
      prefetch={false}
      className={styles.bell}
      aria-label={unread > 0 ? t('nav.messages_unread', { count: unread }) : t('nav.messages')}
      aria-current={router.pathname.startsWith('/messages') ? 'page' : undefined}
    >
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={styles.icon}>
        <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm3 5v2h10V9H7Zm0 4v2h7v-2H7Z" />
      </svg>
      {unread > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {badgeText(unread)}
        </span>
      )}
    </Link>
  );
}
