import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useEffect, useState } from 'react';
import { afterPageLoad } from '@/lib/after-load';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector, useAppStore } from '@/store/hooks';
import { useSession } from '@/store/session';
import styles from './notification-bell.module.css';

const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

/** The server's last count in this tab, so that the next page's header shows it at once. */
let lastKnown: { userId: number; unread: number } | null = null;

/**
 * The header's Messages link (docs/product.md "Conversations"): to /messages, its name saying how
 * many messages are unread over all conversations (`unread` of `GET /conversations`). As the bell,
 * the count comes from the live connection, loaded a while after the page
 * (components/notifications/live.ts), so the header stays light on every page.
 */
export function MessagesLink() {
  const { t } = useTranslation('common');
  const router = useRouter();
  const { rehydrated } = useSession();
  const user = useAppSelector(selectUser);
  const store = useAppStore();
  const userId = rehydrated ? user?.id : undefined;
  const [server, setServer] = useState<{ userId: number; unread: number | null } | null>(
    () => lastKnown,
  );

  useEffect(() => {
    if (userId === undefined) return;
    let cancelled = false;
    let release: (() => void) | undefined;
    afterPageLoad()
      .then(() => import('@/components/notifications/live'))
      .then(({ watchMessages }) => {
        if (cancelled) return;
        release = watchMessages(store, userId, (unread) => {
          if (unread !== null) lastKnown = { userId, unread };
          setServer({ userId, unread });
        });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      release?.();
    };
  }, [store, userId]);

  if (!rehydrated || !user) return null;
  const known = server?.userId === user.id ? server.unread : null;
  const unread = known ?? (lastKnown?.userId === user.id ? lastKnown.unread : 0);
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
