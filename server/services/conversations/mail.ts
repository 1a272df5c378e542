import { sql } from 'drizzle-orm';
import type { Db } from '@/db/types';
import type { TCtx } from '@/server/context';
import { rowsOf } from '@/server/lib/sql';
import { participantRoles, postingColumn, postingJoins, type TConversationRow } from './access';

// The unread e-mail of a conversation (docs/product.md "Conversations"): a message still unread
// 10 minutes after it was written is e-mailed to its recipients, at most once an hour per
// conversation and recipient. The outbox row is written in the message's transaction; the queue
// sends it (server/services/notifications/mail-outbox.ts).

/** Where an e-mail about a conversation takes its reader. */
export const threadLink = (conversationId: number) => `/messages/${conversationId}`;

/**
 * Who is e-mailed about a message of `authorId` in `conversation`: the other side. On the talent's
 * side the talent; on the company's, the members who have written in the conversation, or the
 * posting's author when none has yet; either way only those who still take part (a member whose
 * role may act on the board).
 */
export async function messageMailRecipients(
  db: Db,
  conversation: Pick<TConversationRow, 'id' | 'talent_id' | 'company_id'>,
  authorId?: number,
): Promise<number[]> {
  if (authorId !== undefined && authorId !== conversation.talent_id) {
    return [conversation.talent_id];
  }
  const rows = await rowsOf<{ user_id: number }>(
    db,
    sql`with c as (select * from conversations where id = ${conversation.id}),
      team as (
        select cm.user_id from company_members cm join c on cm.company_id = c.company_id
        where cm.role in (${participantRoles()})),
      writers as (
        select distinct m.author_id as user_id from conversation_messages m
        where m.conversation_id = ${conversation.id}
          and m.author_id in (select user_id from team)),
      author as (
        select ${postingColumn('owner_id')} as user_id from c ${postingJoins()})
      select user_id from writers
      union all
      select user_id from author
      where not exists (select 1 from writers) and user_id in (select user_id from team)
      order by user_id`,
  );
  return rows.map((r) => r.user_id);
}

/**
 * The call site of the unread e-mail, in the message's transaction `tx`. The outbox's
 * `enqueueMessageMail(tx, ctx, { conversationId, messageId, recipients, text, link })` is not on
 * this branch yet (it comes with the job queue, in mail-outbox.ts); wiring it is:
 *
 *   await enqueueMessageMail(tx, ctx, {
 *     conversationId: input.conversation.id,
 *     messageId: input.messageId,
 *     recipients: await messageMailRecipients(tx, input.conversation, input.authorId),
 *     text: input.body,
 *     link: threadLink(input.conversation.id),
 *   });
 *
 * Until then it writes nothing (no statement).
 */
export async function enqueueUnreadMessageMail(
  _ctx: TCtx,
  _tx: Db,
  _input: {
    conversation: Pick<TConversationRow, 'id' | 'talent_id' | 'company_id'>;
    messageId: number;
    authorId: number;
    body: string;
  },
): Promise<void> {}
