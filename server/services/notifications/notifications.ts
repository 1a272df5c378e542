import { and, desc, eq, sql } from 'drizzle-orm';
import { notifications, users } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { log } from '@/server/logger';
import { notificationMail } from '@/server/mail/templates';
import { requireUser } from '@/server/services/access';
import { paginated } from '@/server/services/profile/common';
import { notificationDto } from '@/server/services/users/user-dto';

// Notifications (docs/api.md "Notifications"): one row per event that concerns a user, in both
// languages, with a link. Every insert also runs pg_notify in its transaction, so each app
// instance's LISTEN learns of it on commit and pushes it down that user's open streams
// (server/services/notifications/hub.ts).

/** The channel every instance LISTENs on; its payload is "<user id>:<notification id>". */
export const NOTIFY_CHANNEL = 'tc_notifications';

export type TNotificationType =
  | 'application_new'
  | 'application_status'
  | 'project_started'
  | 'ready_to_close'
  | 'project_finished'
  | 'job_finished'
  | 'posting_closed';

/** The types that also send an e-mail (the key events). */
const MAILED: ReadonlySet<TNotificationType> = new Set([
  'application_status',
  'project_started',
  'project_finished',
  'job_finished',
  'posting_closed',
]);

export type TNewNotification = {
  userId: number;
  type: TNotificationType;
  message: string;
  messageEs: string;
  /** A path of this site. */
  link: string;
};

/**
 * Writes the notifications inside the caller's transaction `tx` and announces each one. Returns
 * what to do after the commit: send the e-mails of the key events (a failed e-mail is logged,
 * never undoes the change).
 */
export async function notify(ctx: TCtx, tx: Db, items: TNewNotification[]) {
  if (items.length === 0) return async () => {};
  const rows = await tx
    .insert(notifications)
    .values(
      items.map((n) => ({
        userId: n.userId,
        type: n.type,
        message: n.message,
        messageEs: n.messageEs,
        link: n.link,
        createdAt: ctx.now,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  // One statement announces them all (a posting that closes notifies each applicant).
  const payloads = rows.map((row) => sql`(${`${row.userId}:${row.id}`})`);
  await tx.execute(
    sql`select pg_notify(${NOTIFY_CHANNEL}, p) from (values ${sql.join(payloads, sql`, `)}) as n(p)`,
  );
  const mailed = items.filter((n) => MAILED.has(n.type));
  return () => sendMails(ctx, mailed);
}

async function sendMails(ctx: TCtx, items: TNewNotification[]) {
  if (items.length === 0) return;
  const ids = [...new Set(items.map((n) => n.userId))];
  const recipients = await ctx.db
    .select({ id: users.id, email: users.email, lang: users.lang })
    .from(users)
    .where(sql`${users.id} in ${ids}`);
  const byId = new Map(recipients.map((r) => [r.id, r]));
  await Promise.all(
    items.map(async (n) => {
      const to = byId.get(n.userId);
      if (!to) return;
      const lang = to.lang === 'es' ? 'es' : 'en';
      try {
        await ctx.deps.mailer.send(
          notificationMail(
            lang,
            to.email,
            lang === 'es' ? n.messageEs : n.message,
            n.link,
            ctx.deps.appUrl,
          ),
        );
      } catch (err) {
        // The error's class only: a transport error may quote the message it failed to send.
        log('error', 'notification mail failed', {
          userId: n.userId,
          type: n.type,
          error: err instanceof Error ? err.name : 'unknown',
        });
      }
    }),
  );
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

/** `PATCH /notifications/clicked`: the caller opened one (seed §4: been_clicked). */
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

/** One notification of `userId` by id, as the API answers it (the stream's lookup). */
export async function notificationOf(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row ? notificationDto(row) : null;
}
