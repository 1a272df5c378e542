import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useCallback, useState } from 'react';
import { useAppStore } from '@/store/hooks';
import styles from './notification-bell.module.css';
import { useLiveCount } from './use-live-count';

/** How the badge writes a count (the accessible name has the exact number). */
const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

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
 * answered the bell shows no count rather than a stale one (./use-live-count.ts).
 */
export function NotificationBell() {
  const { t } = useTranslation('common');
  const router = useRouter();
  const store = useAppStore();
  // Said to screen readers when the server's count changes (a polite live region), not when a
  // page's bell first shows the count the tab already knew, nor on every render: the count to
  // announce, set only by a change.
  const [announced, setAnnounced] = useState<number | null>(null);
  const onCount = useCallback((userId: number, unread: number) => {
    const before = lastAnnounced?.userId === userId ? lastAnnounced.unread : null;
    lastAnnounced = { userId, unread };
    if (before !== null && before !== unread) setAnnounced(unread);
  }, []);
  const unread = useLiveCount('watchNotifications', onCount);
  const [marking, setMarking] = useState(false);

  if (unread === null) return null;
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
