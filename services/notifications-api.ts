import type { UnknownAction } from '@reduxjs/toolkit';
import { notificationClicked, notificationReceived } from '@/store/auth-slice';
import type { RootState } from '@/store/root';
import type { TPage } from '@/types/marketplace';
import type { TNotification } from '@/types/user';
import { api } from './api';

// Notifications through the cache (docs/api.md "Notifications"). The stored user's
// `notifications` (docs/product.md "Entities and fields", "States and transitions") follow what the server answers: new ones go to the front, opened
// ones are marked `been_clicked`. The live stream (components/notifications/live.ts) feeds the
// same caches.

/** A page of the list as `GET /notifications` answers it, with how many are unread in all. */
export type TNotificationPage = TPage<TNotification> & { unread: number };

/**
 * Which page, and whose: `user` is not sent, it keys the cache, so that another account signed
 * in later in this tab never sees this one's list from the cache.
 */
export type TNotificationPageArgs = { user: number; page: number; per_page: number };

export const NOTIFICATIONS_PER_PAGE = 20;

/** The newest page: the header's count and the live additions read and patch this one. */
export const firstPageOf = (user: number): TNotificationPageArgs => ({
  user,
  page: 1,
  per_page: NOTIFICATIONS_PER_PAGE,
});

type TDispatch = (action: UnknownAction) => unknown;

/**
 * The cache's own thunks, as actions (the cast: the store's type declares the lazily added cache
 * loosely, see store/root.ts).
 */
const asAction = (thunk: unknown) => thunk as UnknownAction;

const storedOf = (state: unknown) => (state as RootState).auth.user?.notifications ?? [];
const userIdOf = (state: unknown) => (state as RootState).auth.user?.id;

/**
 * A page of the newest answered: the ones the stored user lacks, or holds in an older version
 * (replaced since by a newer status change), go to its front (the oldest first, so the newest
 * ends up first), and the ones opened elsewhere are marked there too.
 */
function followNewest(list: TNotification[], dispatch: TDispatch, state: unknown) {
  const stored = new Map(storedOf(state).map((n) => [n.id, n]));
  const fresh = [...list].reverse().filter((n) => stored.get(n.id)?.created_at !== n.created_at);
  for (const n of fresh) dispatch(notificationReceived(n));
  followApplications(fresh, dispatch);
  for (const n of list) {
    if (n.been_clicked && stored.get(n.id)?.been_clicked === false) {
      dispatch(notificationClicked({ id: n.id }));
    }
  }
}

/** A notification of a change of one of the talent's applications (server/services/marketplace/pipeline.ts). */
const APPLICATION_STATUS_TYPE = 'application_status';

/**
 * New notifications of a status change of the caller's applications: the cached lists of their
 * applications (/applications) are read again, so a decision shows there without a reload.
 */
function followApplications(fresh: TNotification[], dispatch: TDispatch) {
  if (fresh.some((n) => n.type === APPLICATION_STATUS_TYPE)) {
    dispatch(asAction(api.util.invalidateTags(['MyApplications'])));
  }
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (b) => ({
    notifications: b.query<TNotificationPage, TNotificationPageArgs>({
      query: ({ page, per_page }) => ({
        method: 'GET',
        url: '/notifications',
        params: { page, per_page },
      }),
      // The first page is patched by live arrivals; the others shift, and are fetched again.
      providesTags: (_result, _error, { page }) => [
        { type: 'Notifications', id: page === 1 ? 'FIRST' : 'MORE' },
      ],
      async onQueryStarted(args, { dispatch, getState, queryFulfilled }) {
        if (args.page !== 1) return;
        const answer = await queryFulfilled.catch(() => null);
        if (answer && userIdOf(getState()) === args.user) {
          followNewest(answer.data.data, dispatch, getState());
        }
      },
    }),
    /** docs/product.md "States and transitions": opening a notification sets `been_clicked`; the answer is the notification. */
    markNotificationClicked: b.mutation<TNotification, number>({
      query: (id) => ({ method: 'PATCH', url: '/notifications/clicked', data: { id } }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        const state = getState();
        const user = userIdOf(state);
        const pages = notificationsApi.util
          .selectCachedArgsForQuery(state, 'notifications')
          .filter((args) => args.user === user);
        const select = (args: TNotificationPageArgs) =>
          notificationsApi.endpoints.notifications.select(args)(state).data;
        // Unread until now, as any copy of it says: then every page's count goes down by one.
        const wasUnread =
          storedOf(state).some((n) => n.id === id && !n.been_clicked) ||
          pages.some((args) => select(args)?.data.some((n) => n.id === id && !n.been_clicked));
        dispatch(notificationClicked({ id }));
        for (const args of pages) {
          dispatch(
            asAction(
              notificationsApi.util.updateQueryData('notifications', args, (page) => {
                const n = page.data.find((x) => x.id === id);
                if (n) Object.assign(n, answer.data, { been_clicked: true });
                if (wasUnread) page.unread = Math.max(0, page.unread - 1);
              }),
            ),
          );
        }
      },
    }),
    /**
     * "Mark all as read" (`PATCH /notifications/clicked_all`): every notification of the caller
     * is read; the stored user's copies and every cached page follow, so the bell's count and
     * the list's marks go at once.
     */
    markAllNotificationsClicked: b.mutation<{ updated: number }, void>({
      query: () => ({ method: 'PATCH', url: '/notifications/clicked_all' }),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        const state = getState();
        const user = userIdOf(state);
        for (const n of storedOf(state)) {
          if (!n.been_clicked) dispatch(notificationClicked({ id: n.id }));
        }
        const pages = notificationsApi.util
          .selectCachedArgsForQuery(state, 'notifications')
          .filter((args) => args.user === user);
        for (const args of pages) {
          dispatch(
            asAction(
              notificationsApi.util.updateQueryData('notifications', args, (page) => {
                for (const n of page.data) n.been_clicked = true;
                page.unread = 0;
              }),
            ),
          );
        }
      },
    }),
  }),
});

/**
 * A notification that arrived live: at the front of the stored user's list (docs/product.md "States and transitions") and of the
 * first page, counted unread; the later pages, shifted by one, are fetched again when shown.
 * One the tab knows already with an older time was replaced by a newer status change
 * (docs/security.md "Coalescing"): it moves to the front with its new text and counts as unread
 * again if it had been read, but it is not one more in all.
 */
export function notificationArrived(n: TNotification): UnknownAction {
  return asAction((dispatch: TDispatch, getState: () => unknown) => {
    const state = getState();
    const user = userIdOf(state);
    if (user === undefined) return;
    const stored = storedOf(state).find((x) => x.id === n.id);
    dispatch(notificationReceived(n));
    dispatch(
      asAction(
        notificationsApi.util.updateQueryData('notifications', firstPageOf(user), (page) => {
          const at = page.data.findIndex((x) => x.id === n.id);
          const known = at >= 0 ? page.data[at]! : stored;
          if (known?.created_at === n.created_at) return; // the same one twice
          if (at >= 0) page.data.splice(at, 1);
          page.data.unshift(n);
          if (page.data.length > page.per_page) page.data.pop();
          if (!known) {
            page.total += 1;
            page.last_page = Math.max(1, Math.ceil(page.total / page.per_page));
          }
          if (!n.been_clicked && (!known || known.been_clicked)) page.unread += 1;
        }),
      ),
    );
    dispatch(notificationsApi.util.invalidateTags([{ type: 'Notifications', id: 'MORE' }]));
    if (stored?.created_at !== n.created_at) followApplications([n], dispatch);
  });
}

/** Whether a value is a notification as the API answers it (the stream's data is not trusted). */
export function isNotification(value: unknown): value is TNotification {
  const n = value as Partial<TNotification> | null;
  return (
    typeof n === 'object' &&
    n !== null &&
    typeof n.id === 'number' &&
    typeof n.type === 'string' &&
    typeof n.message === 'string' &&
    typeof n.message_es === 'string' &&
    (n.link === null || typeof n.link === 'string') &&
    typeof n.been_clicked === 'boolean' &&
    typeof n.created_at === 'string'
  );
}

export const {
  useNotificationsQuery,
  useMarkNotificationClickedMutation,
  useMarkAllNotificationsClickedMutation,
} = notificationsApi;
