import { useState } from 'react';
import { CONVERSATIONS_PER_PAGE, conversationsApi } from '@/services/conversations-api';
import type { AppStore } from '@/store';
import type { TAddress } from '@/store/session-preload';
import { ConversationList } from './conversation-list';
import styles from './messages.module.css';
import { Thread } from './thread';

/** A thread's id from the address (`/messages/12`), or null on the list. */
export const threadIdOf = (value: unknown): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The screen's first reads (store/session-preload.ts; on the server, page-state/signed-in-page.ts):
 * the list's first page and, on a thread, the conversation and its newest messages, so that the
 * page paints with them and nothing moves when they come.
 */
export function prefetch(store: AppStore, { query }: TAddress) {
  const user = store.getState().auth.user;
  if (!user) return;
  const args = { user: user.id, page: 1, per_page: CONVERSATIONS_PER_PAGE };
  store.dispatch(conversationsApi.util.prefetch('conversations', args, {}));
  const id = threadIdOf(query.id);
  if (id === null) return;
  store.dispatch(conversationsApi.util.prefetch('conversation', id, {}));
  store.dispatch(conversationsApi.util.prefetch('messages', id, {}));
}

/**
 * /messages and /messages/{id} (docs/product.md "Conversations"): on a wide screen the list
 * beside the open thread; on a phone the list, or the thread alone with a way back.
 */
export default function MessagesScreen({ id }: { id: number | null }) {
  const [pages, setPages] = useState(1);
  const list = (
    <ConversationList current={id ?? undefined} pages={pages} onMore={() => setPages(pages + 1)} />
  );
  if (id === null) return list;
  return (
    <div className={styles.panes}>
      <div className={styles.sideList}>{list}</div>
      <Thread key={id} id={id} />
    </div>
  );
}
