import { and, desc, eq, sql } from 'drizzle-orm';
import { notifications } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { requireUser } from '@/server/services/access';
import { paginated } from '@/server/services/profile/common';
import { notificationDto } from '@/server/services/users/user-dto';
import { EMAIL_KIND_OF } from './email-preferences';
import { coalesceWindow, enqueueMails, queueMailJobs, wakeMailWorker } from './mail-outbox';

// Notifications (docs/api.md "Notifications"): one row per event that concerns a user, in both
// languages, with a link. Every write also runs pg_notify in its transaction, so each app
// instance's LISTEN learns of it on commit and pushes it down that user's open streams
// (server/services/notifications/hub.ts).

/** The channel every instance LISTENs on; its payload is "<user id>:<notification id>". */
export const NOTIFY_CHANNEL = 'tc_notifications';

/**
 * The types that also send an e-mail, through the outbox (./mail-outbox.ts), each of the kind
 * its recipient chooses about (./email-preferences.ts EMAIL_KIND_OF); 'message' is written by
 * the conversations, not by notify().
 */
type TMailedType = Exclude<keyof typeof EMAIL_KIND_OF, 'message'>;

/**
 * Types written without an e-mail of a kind: their service sends its own account e-mail (an
 * operator's decision on a verification, docs/product.md "Operators"), or the event is told in
 * the app only (a member made an owner when the company's only owner deleted their account).
 */
type TUnmailedType = 'verification_decided' | 'company_owner';

export type TNotificationType = TMailedType | TUnmailedType;

const MAILED: ReadonlySet<TNotificationType> = new Set<TNotificationType>(
  (Object.keys(EMAIL_KIND_OF) as (keyof typeof EMAIL_KIND_OF)[]).filter(
    (type): type is TMailedType => type !== 'message',
  ),
);

/**
 * The types a newer one of the same topic and recipient replaces within the window, instead of
 * adding another (docs/security.md "Coalescing"): an applicant moved again and again reads one
 * notification, with the latest status.
 */
const REPLACED: ReadonlySet<TNotificationType> = new Set<TNotificationType>(['application_status']);

type TNotificationText = {
  userId: number;
  message: string;
  messageEs: string;
  /** A path of this site. */
  link: string;
};

export type TNewNotification = TNotificationText & {
  type: TNotificationType;
  /**
   * What it is about, `<kind>_application:<id>` (applicationTopic): the key of the e-mail
   * outbox, which sends one e-mail per topic, recipient and window: one without is not mailed.
   */
  topic?: string;
};

/** The topic of everything about one application. */
export const applicationTopic = (kind: 'project' | 'job', applicationId: number) =>
  `${kind}_application:${applicationId}`;

/**
 * Writes the notifications inside the caller's transaction `tx` and announces each one, in one
 * statement: a status notification of the same application and talent from within the window
 * is replaced (new text and time, unread again) rather than added, each is announced with
 * pg_notify (a replaced one as if new, under its id), and the e-mails go into the outbox.
 * Returns what to do after the commit: wake this instance's mail worker, which sends the e-mails
 * that are due now (a failed one is retried by the job queue, and never undoes the change).
 */
export async function notify(ctx: TCtx, tx: Db, items: TNewNotification[]) {
  if (items.length === 0) return async () => {};
  const at = sql`${ctx.now.toISOString()}::timestamptz`;
  // One e-mail per topic and recipient: of two in one call, the later text is the one to send.
  const keyOf = (n: TNewNotification) => `${n.userId}\n${n.topic}`;
  const lastMailed = new Map<string, TNewNotification>();
  for (const n of items) if (MAILED.has(n.type) && n.topic) lastMailed.set(keyOf(n), n);
  const mailed = [...lastMailed.values()];
  const values = items.map(
    (n, i) =>
      sql`(${i}::int, ${n.userId}::int, ${n.type}::varchar, ${n.message}::text,
        ${n.messageEs}::text, ${n.link}::text, ${n.topic ?? null}::varchar,
        ${REPLACED.has(n.type) && n.topic !== undefined}::boolean,
        ${lastMailed.get(keyOf(n)) === n}::boolean,
        ${MAILED.has(n.type) ? EMAIL_KIND_OF[n.type as TMailedType] : null}::varchar)`,
  );
  await tx.execute(sql`
    with item (ord, user_id, type, message, message_es, link, topic, replaces, mails, kind) as (
      -- A deleted account hears nothing more (docs/product.md "Deleting one's account").
      select v.* from (values ${sql.join(values, sql`, `)})
        as v (ord, user_id, type, message, message_es, link, topic, replaces, mails, kind)
      where not exists (select 1 from users d where d.id = v.user_id and d.deleted_at is not null)
    ),
    previous as (
      select distinct on (i.ord) i.ord, n.id
      from item i join notifications n
        on n.user_id = i.user_id and n.topic = i.topic and n.type = i.type
      where i.replaces and n.created_at > ${at} - ${coalesceWindow}
      order by i.ord, n.created_at desc, n.id desc
    ),
    replaced as (
      update notifications n set message = i.message, message_es = i.message_es, link = i.link,
        been_clicked = false, created_at = ${at}
      from previous p join item i on i.ord = p.ord
      where n.id = p.id
      returning n.id, n.user_id
    ),
    added as (
      insert into notifications (user_id, type, message, message_es, link, topic, created_at)
      select user_id, type, message, message_es, link, topic, ${at} from item i
      where not exists (select 1 from previous p where p.ord = i.ord)
      order by i.ord
      returning id, user_id
    ),
    mailed as (${enqueueMails(
      // Each of its kind; the queue sends it, leaves it for the daily digest or drops it, as its
      // recipient chose (docs/product.md "E-mail that respects people", ./mail-outbox.ts).
      sql`select topic, user_id, type, kind, message, message_es, link from item where mails`,
      ctx.now,
    )})
    select pg_notify(${NOTIFY_CHANNEL}, w.user_id || ':' || w.id)
    from (select * from replaced union all select * from added) w`);
  if (mailed.length === 0) return async () => {};
  // Each e-mail's job, in the same transaction (./mail-outbox.ts).
  await queueMailJobs(
    tx,
    mailed.map((n) => ({ topic: n.topic!, userId: n.userId })),
  );
  return async () => wakeMailWorker();
}

/** `GET /notifications`: the caller's, newest first, with how many are unread. */
export async function listNotifications(ctx: TCtx, input: { page: number; per_page: number }) {
  const me = requireUser(ctx);
  const [rows, [counts]] = await Promise.all([
    ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, me.id))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page),
    ctx.db
      .select({
        total: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where not ${notifications.beenClicked}))::int`,
      })
      .from(notifications)
      .where(eq(notifications.userId, me.id)),
  ]);
  return {
    ...paginated(rows.map(notificationDto), counts?.total ?? 0, input.page, input.per_page),
    unread: counts?.unread ?? 0,
  };
}

/** `PATCH /notifications/clicked`: the caller opened one (docs/product.md "States and transitions": been_clicked). */
export async function markClicked(ctx: TCtx, input: { id: number }) {
  const me = requireUser(ctx);
  const [row] = await ctx.db
    .update(notifications)
    .set({ beenClicked: true })
    .where(and(eq(notifications.id, input.id), eq(notifications.userId, me.id)))
    .returning();
  if (!row) {
    throw new AppError('not_found', {
      message: 'Notification not found.',
      messageEs: 'Notificación no encontrada.',
    });
  }
  return notificationDto(row);
}

/** `PATCH /notifications/clicked_all`: the caller read them all; answers how many were unread. */
export async function markAllClicked(ctx: TCtx) {
  const me = requireUser(ctx);
  const rows = await ctx.db
    .update(notifications)
    .set({ beenClicked: true })
    .where(and(eq(notifications.userId, me.id), eq(notifications.beenClicked, false)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}

/** One notification of `userId` by id, as the API answers it (the stream's lookup). */
export async function notificationOf(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row ? notificationDto(row) : null;
}
