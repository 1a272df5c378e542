import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { conversationMessages, uploads, users } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TMessagesQuery } from '@/lib/schemas/conversations';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { rowsOf } from '@/server/lib/sql';
import { claimCv } from '@/server/services/marketplace/application-apply';
import { NOTIFY_CHANNEL } from '@/server/services/notifications/notifications';
import { takeRateLimit } from '@/server/services/rate-limit';
import { participantOf, participantRoles, type TConversationRow, type TSide } from './access';
import { fileDto } from './dto';
import { enqueueUnreadMessageMail } from './mail';
import { queueWebhookEvent } from '@/server/services/open/webhooks';

// The messages of a conversation (docs/api.md "Conversations"): read a page at a time, newest
// page first, and written by its participants while neither side blocks the other. Each new
// message is announced to every participant (the author's other tabs included) with pg_notify
// in its transaction, so every instance's hub hears it on commit
// (server/services/notifications/hub.ts).

/** The payload that announces message `messageId` to `userId`: "m:<user id>:<message id>". */
export const MESSAGE_PAYLOAD_PREFIX = 'm';

const messageColumns = {
  message: conversationMessages,
  author: { id: users.id, name: users.name, lastName: users.lastName, avatarUrl: users.avatarUrl },
  file: {
    id: uploads.id,
    storageKey: uploads.storageKey,
    originalName: uploads.originalName,
    mime: uploads.mime,
    size: uploads.size,
  },
};

type TMessageRow = {
  message: typeof conversationMessages.$inferSelect;
  author: { id: number; name: string; lastName: string; avatarUrl: string | null } | null;
  file: {
    id: number;
    storageKey: string;
    originalName: string;
    mime: string;
    size: number;
  } | null;
};

/** A message as the API (and the stream's `event: message`) answers it. */
const messageDto = ({ message: m, author, file }: TMessageRow) => ({
  id: m.id,
  conversation_id: m.conversationId,
  author: author
    ? { id: author.id, name: author.name, last_name: author.lastName, avatar_url: author.avatarUrl }
    : null,
  body: m.body,
  file: file ? fileDto(file) : null,
  /** An operator hid it: only its author (and operators) still read it, marked so. */
  hidden: m.hiddenAt !== null,
  created_at: m.createdAt.toISOString(),
});

export type TMessageDto = ReturnType<typeof messageDto>;

const messagesWhere = (db: Db, where: ReturnType<typeof and>) =>
  db
    .select(messageColumns)
    .from(conversationMessages)
    .leftJoin(users, eq(users.id, conversationMessages.authorId))
    .leftJoin(uploads, eq(uploads.id, conversationMessages.fileId))
    .where(where);

/** One message by id (the hub's lookup for the streams; the answer of a send). */
export async function messageOf(db: Db, id: number): Promise<TMessageDto | null> {
  const [row] = await messagesWhere(db, and(eq(conversationMessages.id, id)));
  return row ? messageDto(row) : null;
}

/**
 * `GET /conversations/{id}/messages`: `per_page` messages before `before` (the newest without
 * it), oldest first, and whether older ones remain.
 */
export async function listMessages(ctx: TCtx, input: { id: number } & TMessagesQuery) {
  const { me } = await participantOf(ctx, input.id);
  const rows = await messagesWhere(
    ctx.db,
    and(
      eq(conversationMessages.conversationId, input.id),
      // A hidden message is gone for the other side; its author reads it marked as hidden
      // (docs/product.md "Reports and suspension").
      sql`(${conversationMessages.hiddenAt} is null or ${conversationMessages.authorId} = ${me})`,
      input.before === undefined ? undefined : lt(conversationMessages.id, input.before),
    ),
  )
    .orderBy(desc(conversationMessages.id))
    .limit(input.per_page + 1);
  const hasMore = rows.length > input.per_page;
  return { data: rows.slice(0, input.per_page).reverse().map(messageDto), has_more: hasMore };
}

/** Why the caller's side cannot write: who blocked whom (docs/product.md "Conversations"). */
function blockedRefusal(c: TConversationRow, side: TSide): AppError | null {
  const mine = side === 'talent' ? c.talent_blocked_at : c.company_blocked_at;
  const theirs = side === 'talent' ? c.company_blocked_at : c.talent_blocked_at;
  if (theirs !== null) {
    return new AppError(
      'blocked',
      side === 'talent'
        ? {
            message: 'The company has blocked this conversation: you can no longer write in it.',
            messageEs: 'La empresa ha bloqueado esta conversación: ya no puedes escribir en ella.',
          }
        : {
            message:
              'The applicant has blocked this conversation: your team can no longer write in it.',
            messageEs:
              'La persona que se postuló ha bloqueado esta conversación: tu equipo ya no puede escribir en ella.',
          },
    );
  }
  if (mine !== null) {
    return new AppError(
      'blocked',
      side === 'talent'
        ? {
            message: 'You have blocked this conversation. Unblock it to write again.',
            messageEs: 'Has bloqueado esta conversación. Desbloquéala para volver a escribir.',
          }
        : {
            message: 'Your team has blocked this conversation. Unblock it to write again.',
            messageEs:
              'Tu equipo ha bloqueado esta conversación. Desbloquéala para volver a escribir.',
          },
    );
  }
  return null;
}

/** 30 a minute per author, whatever the conversation (docs/security.md "Rate limits"). */
const takeMessageLimit = (ctx: TCtx, tx: Db, userId: number) =>
  takeRateLimit(
    { db: tx, now: ctx.now },
    { name: 'messagesPerUser', subject: `user:${userId}` },
    {
      message: 'Too many messages in a short time. Please wait a moment and try again.',
      messageEs: 'Demasiados mensajes en poco tiempo. Espera un momento y vuelve a intentarlo.',
    },
  );

/**
 * `POST /conversations/{id}/messages`: a participant writes, unless the conversation is blocked
 * (409 `blocked`, saying by whom). In one transaction: the file becomes the author's (an upload
 * of theirs, or one nobody has claimed: the upload call takes no token), the message, the
 * conversation's activity, its announcement to every participant, the count against the limit
 * (a refusal undoes all of it) and the unread e-mail's row.
 */
export async function sendMessage(
  ctx: TCtx,
  input: { id: number; body: string; file_id?: number | null },
) {
  const { conversation, side, me } = await participantOf(ctx, input.id);
  const refusal = blockedRefusal(conversation, side);
  if (refusal) throw refusal;
  const at = sql`${ctx.now.toISOString()}::timestamptz`;
  const id = await ctx.db.transaction(async (tx) => {
    if (input.file_id) await claimCv(tx, input.file_id, me);
    // Written only while nobody blocks (a block may have landed since the check above).
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`with conv as (
          update conversations set last_activity_at = ${at}
          where id = ${input.id} and talent_blocked_at is null and company_blocked_at is null
          returning id, talent_id, company_id),
        msg as (
          insert into conversation_messages (conversation_id, author_id, body, file_id, created_at)
          select conv.id, ${me}, ${input.body}, ${input.file_id ?? null}::int, ${at} from conv
          returning id),
        recipient as (
          select conv.talent_id as user_id from conv
          union
          select cm.user_id from company_members cm join conv on cm.company_id = conv.company_id
          where cm.role in (${participantRoles()})),
        announced as (
          select pg_notify(${NOTIFY_CHANNEL},
            ${MESSAGE_PAYLOAD_PREFIX} || ':' || recipient.user_id || ':' || msg.id)
          from recipient, msg)
      select msg.id, (select count(*) from announced)::int as announced from msg`,
    );
    if (!row) throw blockedRefusal({ ...conversation, talent_blocked_at: 'now' }, side)!;
    await takeMessageLimit(ctx, tx, me);
    // The company's webhooks get the message with its text (docs/api.md "Webhooks"): written to
    // or by the company, it is the company's own conversation.
    await queueWebhookEvent(
      tx,
      conversation.company_id,
      'message.created',
      {
        message: { id: row.id, body: input.body, has_file: Boolean(input.file_id) },
        conversation: { id: conversation.id, kind: conversation.kind },
        author: { id: me, side },
        talent_id: conversation.talent_id,
      },
      ctx.now,
    );
    await enqueueUnreadMessageMail(ctx, tx, {
      conversation,
      messageId: row.id,
      authorId: me,
      body: input.body,
    });
    return row.id;
  });
  return (await messageOf(ctx.db, id))!;
}
