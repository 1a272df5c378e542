import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useEffect, useState } from 'react';
import { afterPageLoad } from '@/lib/after-load';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector, useAppStore } from '@/store/hooks';
import { useSession } from '@/store/session';
import styles from './notification-bell.module.css';

/** How the badge writes a count (the accessible name has the exact number). */
const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The server's last count in this tab (browser only: the watcher sets it), so that the next
 * page's header shows it at once instead of nothing while its own watcher starts.
 */
let lastKnown: { userId: number; unread: number } | null = null;

/**
 * The count the screen-reader announcement last stood for (per tab, so a new page's bell does
 * not announce again what the last one said).
 */
let lastAnnounced: { userId: number; unread: number } | null = null;

/**
 * "Mark all as read" from the header: the call and its cache updates come with the
 * notifications' chunk, loaded when pressed; the count the bell shows follows the cache.
 */
async function markAllRead(store: ReturnType<typeof useAppStore>): Promise<boolean> {
  const { notificationsApi } = await import('@/services/notifications-api');
  // The store's type declares the lazily added cache loosely (store/root.ts).
  const answer = (await store.dispatch(
    notificationsApi.endpoints.markAllNotificationsClicked.initiate() as never,
  )) as { error?: unknown };
  return !answer.error;
}

/**
 * The header's bell (docs/product.md "Notifications"): a link to /notifications whose name says
 * how many are unread. The count is the server's only: the stored user's copy of the list may be
 * days old (signed in on this device earlier, read on another since), so until the server has
 * answered the bell shows no count rather than a stale one. The stream and the cache come in a
 * chunk of their own a while after the page has loaded (lib/after-load.ts), so the header stays
 * light on every page; the open connection and its count pass from one page's header to the
 * next's (components/notifications/live.ts).
 */
export function NotificationBell() {
  const { t } = useTranslation('common');
  const router = useRouter();
  const { rehydrated } = useSession();
  const user = useAppSelector(selectUser);
  const store = useAppStore();
  const userId = rehydrated ? user?.id : undefined;
  const [server, setServer] = useState<{ userId: number; unread: number | null } | null>(
    () => lastKnown,
  );
  // Said to screen readers when the server's count changes (a polite live region), not when a
  // page's bell first shows the count the tab already knew, nor on every render: the count to
  // announce, set only by a change.
  const [announced, setAnnounced] = useState<number | null>(null);

  useEffect(() => {
    if (userId === undefined) return;
    let cancelled = false;
    let release: (() => void) | undefined;
    afterPageLoad()
      .then(() => import('@/components/notifications/live'))
      .then(({ watchNotifications }) => {
        if (cancelled) return;
        release = watchNotifications(store, userId, (unread) => {
          if (unread !== null) {
            lastKnown = { userId, unread };
            const before = lastAnnounced?.userId === userId ? lastAnnounced.unread : null;
            lastAnnounced = { userId, unread };
            if (before !== null && before !== unread) setAnnounced(unread);
          }
          setServer({ userId, unread });
        });
      })
      // The chunk did not load (offline): no count is shown.
      .catch(() => {});
    return () => {
      cancelled = true;
      release?.();
    };
  }, [store, userId]);

  const known = user && server?.userId === user.id ? server.unread : null;
  const [marking, setMarking] = useState(false);

  if (!rehydrated || !user) return null;
  const unread = known ?? (lastKnown?.userId === user.id ? lastKnown.unread : 0);
  const readAll = async () => {
    setMarking(true);
    const ok = await markAllRead(store).catch(() => false);
    setMarking(false);
    if (!ok) {
      const { toastError } = await import('@/lib/toast');
      toastError(t('notifications.mark_all_failed'));
    }
  };
  return (
    <span className={styles.wrap}>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announced === null
          ? ''
          : announced > 0
            ? t('notifications.bell_unread', { count: announced })
            : t('notifications.none_unread')}
      </span>
      <Link
        href="/notifications"
        // Not in the background on every page (components/layout/header.tsx).
        prefetch={false}
        className={styles.bell}
        aria-label={
          unread > 0 ? t('notifications.bell_unread', { count: unread }) : t('notifications.bell')
        }
        aria-current={router.pathname === '/notifications' ? 'page' : undefined}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={styles.icon}>
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
        {unread > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {badgeText(unread)}
          </span>
        )}
      </Link>
      {unread > 0 && (
        <button
          type="button"
          className={styles.markAll}
          onClick={() => void readAll()}
          disabled={marking}
          aria-busy={marking || undefined}
          aria-label={t('notifications.mark_all_read')}
          title={t('notifications.mark_all_read')}
        >
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={styles.icon}>
            <path d="M1.5 13.3 3 11.9l4.2 4.2L17.9 5.4l1.4 1.4L7.2 18.9ZM7.6 13l1.4-1.4 4.2 4.2L21.5 7.5l1.4 1.4-9.7 9.7Z" />
          </svg>
        </button>
      )}
    </span>
  );
}
