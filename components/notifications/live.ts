import { connectLiveNotifications, type TLiveConnection } from '@/lib/notification-stream';
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';
import {
  conversationsApi,
  firstConversationsPage,
  isMessage,
  messageArrived,
} from '@/services/conversations-api';
import { API_BASE_URL } from '@/services/http-client';
import {
  firstPageOf,
  isNotification,
  notificationArrived,
  notificationsApi,
} from '@/services/notifications-api';
import { sessionEnded } from '@/services/session-events';
import type { AppStore } from '@/store';

// Live notifications for the signed-in user (docs/architecture.md "Live notifications"), loaded
// by the header's bell after the page has mounted: the stream, the polling while it is down, and
// the unread count the bell shows. One connection per tab, whatever mounts it: the header mounts
// again on every page change, so the last release waits a moment before closing it, and a new
// header takes it over. It closes at once when the user signs out or another one signs in.
// The same connection carries the conversations' new messages (`event: message`) into their
// caches, and the header's Messages link watches their unread count (watchMessages).

/** Told the unread count of the first page's answer (null until one arrives). */
type TWatcher = (unread: number | null) => void;

/** A page change unmounts the header and mounts the next one's well within this. */
export const RELEASE_AFTER_MS = 3000;

type TLive = {
  store: AppStore;
  userId: number;
  connection: TLiveConnection;
  watchers: Set<TWatcher>;
  unread: number | null;
  /** The header's Messages link: told the unread messages over all conversations. */
  messageWatchers: Set<TWatcher>;
  messagesUnread: number | null;
  release?: ReturnType<typeof setTimeout>;
  stop(): void;
};

let current: TLive | null = null;

/** The stream's absolute address (the page's origin when the API is on the same one). */
const streamUrl = () =>
  new URL(`${API_BASE_URL}/notifications/stream`, window.location.href).toString();

function start(store: AppStore, userId: number): TLive {
  const args = firstPageOf(userId);
  const selectFirst = notificationsApi.endpoints.notifications.select(args);
  const unreadIn = (state: unknown) =>
    selectFirst(state as Parameters<typeof selectFirst>[0]).data?.unread ?? null;
  const conversationArgs = firstConversationsPage(userId);
  const selectConversations = conversationsApi.endpoints.conversations.select(conversationArgs);
  const messagesUnreadIn = (state: unknown) =>
    selectConversations(state as Parameters<typeof selectConversations>[0]).data?.unread ?? null;
  let subscription: { refetch(): unknown; unsubscribe(): void } | undefined;
  let conversations: { refetch(): unknown; unsubscribe(): void } | undefined;

  /**
   * Fetches the first page again; its answer adds what the store lacks (services/notifications-api).
   * The conversations' first page and the open threads are read again too: messages that came
   * while the stream was down (docs/architecture.md "Live notifications").
   */
  const sync = () => {
    if (subscription) subscription.refetch();
    else {
      subscription = store.dispatch(
        notificationsApi.endpoints.notifications.initiate(args, { forceRefetch: true }),
      );
    }
    if (conversations) conversations.refetch();
    else {
      conversations = store.dispatch(
        conversationsApi.endpoints.conversations.initiate(conversationArgs, { forceRefetch: true }),
      );
    }
    // The open threads and their conversations: a thread that reads a message without its
    // conversation being read again would show it without counting it, and never mark it read.
    store.dispatch(conversationsApi.util.invalidateTags(['Messages', 'Conversation']));
  };

  const live: TLive = {
    store,
    userId,
    watchers: new Set(),
    unread: unreadIn(store.getState()),
    messageWatchers: new Set(),
    messagesUnread: messagesUnreadIn(store.getState()),
    connection: connectLiveNotifications({
      url: streamUrl(),
      token: () => safeStorage.get(STORAGE_KEYS.accessToken),
      // Live again: what arrived while it was not is fetched once, then nothing is polled.
      onReady: sync,
      poll: sync,
      onNotification: (n) => {
        if (isNotification(n)) store.dispatch(notificationArrived(n));
      },
      onMessage: (m) => {
        if (isMessage(m)) store.dispatch(messageArrived(m));
      },
      onUnauthorized: sessionEnded,
    }),
    stop() {
      clearTimeout(live.release);
      live.connection.stop();
      unsubscribeStore();
      subscription?.unsubscribe();
      conversations?.unsubscribe();
      live.watchers.clear();
      live.messageWatchers.clear();
      if (current === live) current = null;
    },
  };

  const unsubscribeStore = store.subscribe(() => {
    const state = store.getState();
    if (state.auth.user?.id !== userId) return live.stop();
    const messagesUnread = messagesUnreadIn(state);
    if (messagesUnread !== live.messagesUnread) {
      live.messagesUnread = messagesUnread;
      for (const watcher of live.messageWatchers) watcher(messagesUnread);
    }
    const unread = unreadIn(state);
    if (unread === live.unread) return;
    live.unread = unread;
    for (const watcher of live.watchers) watcher(unread);
  });
  return live;
}

/** Adds `onUnread` to one of the connection's watcher sets; the last release closes it a moment later. */
function watch(
  store: AppStore,
  userId: number,
  onUnread: TWatcher,
  which: 'watchers' | 'messageWatchers',
): () => void {
  if (current && (current.store !== store || current.userId !== userId)) current.stop();
  if (store.getState().auth.user?.id !== userId) return () => {};
  current ??= start(store, userId);
  const live = current;
  clearTimeout(live.release);
  live[which].add(onUnread);
  onUnread(which === 'watchers' ? live.unread : live.messagesUnread);
  return () => {
    live[which].delete(onUnread);
    if (live.watchers.size + live.messageWatchers.size > 0 || current !== live) return;
    clearTimeout(live.release);
    live.release = setTimeout(() => {
      if (live.watchers.size + live.messageWatchers.size === 0) live.stop();
    }, RELEASE_AFTER_MS);
  };
}

/**
 * Keeps the live connection of `userId` open while watched, telling `onUnread` the unread count
 * each time it changes (and at once). Returns the release.
 */
export const watchNotifications = (store: AppStore, userId: number, onUnread: TWatcher) =>
  watch(store, userId, onUnread, 'watchers');

/**
 * The same connection, watched for the unread messages over all conversations (`unread` of
 * `GET /conversations`, the header's Messages link). Returns the release.
 */
export const watchMessages = (store: AppStore, userId: number, onUnread: TWatcher) =>
  watch(store, userId, onUnread, 'messageWatchers');

/** Closes the live connection now, if any (tests; a sign-out closes it on its own). */
export function stopLiveNotifications(): void {
  current?.stop();
}
