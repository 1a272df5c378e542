import type { UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '@/store/root';
import type { TPage, TPostingKind } from '@/types/marketplace';
import { api } from './api';

// Conversations through the cache (docs/api.md "Conversations"): one per application, between
// the talent and the posting's company. The live stream (components/notifications/live.ts) feeds
// the same caches with `messageArrived`.

export type TPersonRef = { id: number; name: string; last_name: string };

export type TMessageFile = { id: number; url: string; name: string; mime: string; size: number };

export type TMessage = {
  id: number;
  conversation_id: number;
  author: TPersonRef & { avatar_url?: string | null };
  body: string;
  file?: TMessageFile | null;
  /** An operator hid it after a report: only its author still reads it (marked so). */
  hidden?: boolean;
  created_at: string;
};

export type TConversation = {
  id: number;
  kind: TPostingKind;
  application_id: number;
  posting: { id: number; name: string };
  other: TPersonRef & {
    avatar_url: string | null;
    company?: { id: number; slug: string; name: string } | null;
  };
  last_message: {
    id: number;
    author: TPersonRef;
    body: string;
    file?: TMessageFile | null;
    created_at: string;
  } | null;
  unread_count: number;
  blocked: { by_me: boolean; by_other: boolean };
  last_activity_at: string;
};

/** A page of the list as `GET /conversations` answers it, with the unread messages over all. */
export type TConversationPage = TPage<TConversation> & { unread: number };

/** `user` is not sent: it keys the cache, so that another account never reads this one's list. */
export type TConversationPageArgs = { user: number; page: number; per_page: number };

export type TMessagePage = { data: TMessage[]; has_more: boolean };

export const CONVERSATIONS_PER_PAGE = 20;
export const MESSAGES_PER_PAGE = 30;
/** docs/product.md "Constants and limits": a message is at most 4,000 characters. */
export const MESSAGE_MAX_LENGTH = 4000;

/** The newest page: the header's count and the live arrivals read and patch this one. */
export const firstConversationsPage = (user: number): TConversationPageArgs => ({
  user,
  page: 1,
  per_page: CONVERSATIONS_PER_PAGE,
});

type TDispatch = (action: UnknownAction) => unknown;

/**
 * How many changes of the lists' counts this tab made itself (a message sent or streamed, a
 * conversation marked read): a read of the list answered after one may not hold it.
 */
let liveArrivals = 0;
/**
 * How many unread messages of each conversation arrived in this tab: a mark as read answered
 * after one may not cover it (the server marked what it had then), so that one stays unread.
 */
const unreadArrivals = new Map<number, number>();
const asAction = (thunk: unknown) => thunk as UnknownAction;
const userIdOf = (state: unknown) => (state as RootState).auth.user?.id;
/** The store's state as the cache's selectors read it (the store declares the cache loosely). */
type TCacheState = Parameters<typeof conversationsApi.util.selectCachedArgsForQuery>[0];

/** The list's cached pages of the signed-in user. */
function cachedPages(state: unknown) {
  const user = userIdOf(state);
  return conversationsApi.util
    .selectCachedArgsForQuery(state as TCacheState, 'conversations')
    .filter((args) => args.user === user);
}

/** Writes `change` into every cached copy of conversation `id` (the list's pages and its own). */
function patchConversation(
  dispatch: TDispatch,
  state: unknown,
  id: number,
  change: (c: TConversation, page?: TConversationPage) => void,
) {
  for (const args of cachedPages(state)) {
    dispatch(
      asAction(
        conversationsApi.util.updateQueryData('conversations', args, (page) => {
          const c = page.data.find((x) => x.id === id);
          if (c) change(c, page);
        }),
      ),
    );
  }
  dispatch(asAction(conversationsApi.util.updateQueryData('conversation', id, (c) => change(c))));
}

/** Adds `messages` to the cached thread, in order, each once. */
function addToThread(dispatch: TDispatch, conversationId: number, messages: TMessage[]) {
  dispatch(
    asAction(
      conversationsApi.util.updateQueryData('messages', conversationId, (thread) => {
        const known = new Set(thread.data.map((m) => m.id));
        const fresh = messages.filter((m) => !known.has(m.id));
        if (fresh.length === 0) return;
        thread.data.push(...fresh);
        thread.data.sort((a, b) => a.id - b.id);
      }),
    ),
  );
}

export const conversationsApi = api.injectEndpoints({
  endpoints: (b) => ({
    conversations: b.query<TConversationPage, TConversationPageArgs>({
      query: ({ page, per_page }) => ({
        method: 'GET',
        url: '/conversations',
        params: { page, per_page },
      }),
      providesTags: [{ type: 'Conversations', id: 'LIST' }],
      // A message that arrived live, or a mark as read, while this read was under way may be
      // missing from its answer, which replaces the patched list: the list is read once more.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const before = liveArrivals;
        const answer = await queryFulfilled.catch(() => null);
        if (answer && liveArrivals !== before) {
          dispatch(conversationsApi.util.invalidateTags([{ type: 'Conversations', id: 'LIST' }]));
        }
      },
    }),
    conversation: b.query<TConversation, number>({
      query: (id) => ({ method: 'GET', url: `/conversations/${id}` }),
      providesTags: (_r, _e, id) => [{ type: 'Conversation', id }],
      // As the list: an answer read before a message that arrived meanwhile would take back its
      // unread count, and the open thread would not mark it read.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const before = liveArrivals;
        const answer = await queryFulfilled.catch(() => null);
        if (answer && liveArrivals !== before) {
          dispatch(conversationsApi.util.invalidateTags([{ type: 'Conversation', id }]));
        }
      },
    }),
    /** The newest messages of a thread (oldest first); older ones are added by `olderMessages`. */
    messages: b.query<TMessagePage, number>({
      query: (id) => ({
        method: 'GET',
        url: `/conversations/${id}/messages`,
        params: { per_page: MESSAGES_PER_PAGE },
      }),
      providesTags: (_r, _e, id) => [{ type: 'Messages', id }],
      // Read again (the polling while the stream is down): what came is added to what is there,
      // so the older messages loaded on scroll stay.
      merge(current, incoming) {
        const oldest = current.data[0]?.id;
        const known = new Set(current.data.map((m) => m.id));
        current.data.push(...incoming.data.filter((m) => !known.has(m.id)));
        current.data.sort((a, b) => a.id - b.id);
        if (oldest === undefined || (incoming.data[0] && incoming.data[0].id <= oldest)) {
          current.has_more = incoming.has_more;
        }
      },
    }),
    /** The messages before `before`, put in front of the cached thread. */
    olderMessages: b.query<TMessagePage, { id: number; before: number }>({
      query: ({ id, before }) => ({
        method: 'GET',
        url: `/conversations/${id}/messages`,
        params: { before, per_page: MESSAGES_PER_PAGE },
      }),
      keepUnusedDataFor: 0,
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        dispatch(
          asAction(
            conversationsApi.util.updateQueryData('messages', id, (thread) => {
              const known = new Set(thread.data.map((m) => m.id));
              thread.data.unshift(...answer.data.data.filter((m) => !known.has(m.id)));
              thread.data.sort((a, c) => a.id - c.id);
              thread.has_more = answer.data.has_more;
            }),
          ),
        );
      },
    }),
    sendMessage: b.mutation<TMessage, { id: number; body: string; file_id?: number }>({
      query: ({ id, body, file_id }) => ({
        method: 'POST',
        url: `/conversations/${id}/messages`,
        data: file_id === undefined ? { body } : { body, file_id },
      }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(messageArrived(answer.data, { open: true }));
        // Refused (blocked since, say): the conversation is read again to show why.
        else
          dispatch(asAction(conversationsApi.util.invalidateTags([{ type: 'Conversation', id }])));
      },
    }),
    markConversationRead: b.mutation<{ unread_count: number }, number>({
      query: (id) => ({ method: 'PATCH', url: `/conversations/${id}/read` }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const before = unreadArrivals.get(id) ?? 0;
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        liveArrivals += 1;
        // What arrived while it was under way stays unread: the open thread marks it next.
        const since = (unreadArrivals.get(id) ?? 0) - before;
        patchConversation(dispatch, getState(), id, (c, page) => {
          const left = Math.min(c.unread_count, since);
          if (page) page.unread = Math.max(0, page.unread - (c.unread_count - left));
          c.unread_count = left;
        });
      },
    }),
    blockConversation: b.mutation<TConversation, { id: number; block: boolean }>({
      query: ({ id, block }) => ({
        method: block ? 'POST' : 'DELETE',
        url: `/conversations/${id}/block`,
      }),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        patchConversation(dispatch, getState(), id, (c) => {
          c.blocked = answer.data.blocked;
        });
      },
    }),
    /** `POST /conversations`: the application's conversation, opened now or before. */
    openConversation: b.mutation<TConversation, { kind: TPostingKind; application_id: number }>({
      query: (data) => ({ method: 'POST', url: '/conversations', data }),
      invalidatesTags: [{ type: 'Conversations', id: 'LIST' }],
    }),
  }),
});

/**
 * A message that was sent or arrived live: added to its cached thread, and its conversation
 * goes to the front of the list's first page with it as its last message; one from the other
 * side counts as unread until the thread marks it read (`open`: the sender's own, or a thread
 * on screen, which marks it read itself). A conversation the list does not hold yet is read again.
 * A copy that has it already (its last message is this one or newer: a read answered after it was
 * written, or the sender's own copy) is left as it is, so each copy counts it once.
 */
export function messageArrived(m: TMessage, { open = false } = {}): UnknownAction {
  return asAction((dispatch: TDispatch, getState: () => unknown) => {
    const state = getState();
    const me = userIdOf(state);
    if (me === undefined) return;
    // Each cached copy decides from what it holds whether it has this one: the thread may have
    // it from a read of its own (the one the stream's `ready` asks for) while the conversation
    // and the list, which hold the counts, do not (docs/architecture.md "Live notifications").
    liveArrivals += 1;
    addToThread(dispatch, m.conversation_id, [m]);
    const unread = m.author.id !== me && !open;
    if (unread)
      unreadArrivals.set(m.conversation_id, (unreadArrivals.get(m.conversation_id) ?? 0) + 1);
    let missing = false;
    for (const args of cachedPages(state)) {
      dispatch(
        asAction(
          conversationsApi.util.updateQueryData('conversations', args, (page) => {
            const at = page.data.findIndex((c) => c.id === m.conversation_id);
            if (at < 0) {
              if (args.page === 1) missing = true;
              return;
            }
            // Already there: a read of the list answered after this message was written.
            if ((page.data[at]!.last_message?.id ?? 0) >= m.id) return;
            const [c] = page.data.splice(at, 1);
            c!.last_message = {
              id: m.id,
              author: { id: m.author.id, name: m.author.name, last_name: m.author.last_name },
              body: m.body,
              file: m.file ?? null,
              created_at: m.created_at,
            };
            c!.last_activity_at = m.created_at;
            if (unread) {
              c!.unread_count += 1;
              page.unread += 1;
            }
            if (args.page === 1) page.data.unshift(c!);
            else page.data.splice(at, 0, c!);
          }),
        ),
      );
    }
    if (cachedPages(state).length === 0 || missing) {
      dispatch(
        asAction(conversationsApi.util.invalidateTags([{ type: 'Conversations', id: 'LIST' }])),
      );
    }
    dispatch(
      asAction(
        conversationsApi.util.updateQueryData('conversation', m.conversation_id, (c) => {
          if ((c.last_message?.id ?? 0) >= m.id) return;
          c.last_activity_at = m.created_at;
          c.last_message = {
            id: m.id,
            author: { id: m.author.id, name: m.author.name, last_name: m.author.last_name },
            body: m.body,
            file: m.file ?? null,
            created_at: m.created_at,
          };
          if (unread) c.unread_count += 1;
        }),
      ),
    );
  });
}

/** Whether a value is a message as the API answers it (the stream's data is not trusted). */
export function isMessage(value: unknown): value is TMessage {
  const m = value as Partial<TMessage> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m.id === 'number' &&
    typeof m.conversation_id === 'number' &&
    typeof m.body === 'string' &&
    typeof m.created_at === 'string' &&
    typeof m.author === 'object' &&
    m.author !== null &&
    typeof m.author.id === 'number'
  );
}

export const {
  useConversationsQuery,
  useConversationQuery,
  useMessagesQuery,
  useLazyOlderMessagesQuery,
  useSendMessageMutation,
  useMarkConversationReadMutation,
  useBlockConversationMutation,
  useOpenConversationMutation,
} = conversationsApi;
