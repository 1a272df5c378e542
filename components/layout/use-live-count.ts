import { useEffect, useState } from 'react';
import { afterPageLoad } from '@/lib/after-load';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector, useAppStore } from '@/store/hooks';
import { useSession } from '@/store/session';

/** What the header counts from the live connection (components/notifications/live.ts). */
type TWhich = 'watchNotifications' | 'watchMessages';

/**
 * The server's last count of each in this tab (browser only: the watcher sets it), so that the
 * next page's header shows it at once instead of nothing while its own watcher starts.
 */
const lastKnown: Partial<Record<TWhich, { userId: number; unread: number }>> = {};

/**
 * The header's live count (the bell's unread notifications, the Messages link's unread
 * messages): the server's only, as the live connection reads and streams it, loaded in a chunk
 * of its own a while after the page has loaded (lib/after-load.ts) so the header stays light on
 * every page; the open connection and its count pass from one page's header to the next's.
 * `onCount` hears each count the server tells (a stable function). Null while nobody is signed
 * in; 0 until a count is known.
 */
export function useLiveCount(
  which: TWhich,
  onCount?: (userId: number, unread: number) => void,
): number | null {
  const { rehydrated } = useSession();
  const user = useAppSelector(selectUser);
  const store = useAppStore();
  const userId = rehydrated ? user?.id : undefined;
  const [server, setServer] = useState<{ userId: number; unread: number | null } | null>(
    () => lastKnown[which] ?? null,
  );

  useEffect(() => {
    if (userId === undefined) return;
    let cancelled = false;
    let release: (() => void) | undefined;
    afterPageLoad()
      .then(() => import('@/components/notifications/live'))
      .then((live) => {
        if (cancelled) return;
        release = live[which](store, userId, (unread) => {
          if (unread !== null) {
            lastKnown[which] = { userId, unread };
            onCount?.(userId, unread);
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
  }, [store, userId, which, onCount]);

  if (!rehydrated || !user) return null;
  const known = server?.userId === user.id ? server.unread : null;
  const last = lastKnown[which];
  return known ?? (last?.userId === user.id ? last.unread : 0);
}
