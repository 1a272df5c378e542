import { eq, sql, type SQL } from 'drizzle-orm';
import { emailPreferences, users } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TEmailDelivery, TEmailKindName, TEmailPreferences } from '@/lib/schemas/email';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { verifyUnsubscribeToken } from '@/server/mail/unsubscribe';
import { requireUser } from '@/server/services/access';

// What e-mail a user gets (docs/product.md "E-mail that respects people"): every e-mailed
// notification type belongs to one kind, and each user chooses per kind: at once (the default),
// in the daily digest, or not at all. Account e-mails (recovery codes, invitations, entry
// verification) are of no kind: they are always sent.

/** The kind of each notification type that is e-mailed; the other types are not e-mailed. */
export const EMAIL_KIND_OF = {
  // To the talent, about their application.
  application_status: 'application_updates',
  project_started: 'application_updates',
  project_finished: 'application_updates',
  job_finished: 'application_updates',
  posting_closed: 'application_updates',
  /** A company invites the talent to apply to a posting. */
  posting_invite: 'application_updates',
  // To the company's recipients, about an application to their posting.
  application_new: 'new_applicants',
  application_withdrawn: 'new_applicants',
  ready_to_close: 'new_applicants',
  // To the company's recipients, about a posting's deadline (docs/product.md "Deadlines").
  deadline_soon: 'new_applicants',
  applicants_waiting: 'new_applicants',
  posting_expired: 'new_applicants',
  // To both sides of finished work, about its reviews (docs/product.md "Reviews").
  review_request: 'application_updates',
  review_closing: 'application_updates',
  review_received: 'application_updates',
  // To whoever saved a search a new posting matches (docs/product.md "Saved searches and alerts").
  alert_match: 'alerts',
  // To the author of what an operator hid after a report (docs/product.md "Reports and
  // suspension"): about their own things, as the updates of their applications are.
  content_hidden: 'application_updates',
  // The e-mail of a conversation's message unread for 10 minutes.
  message: 'messages',
} as const satisfies Record<string, TEmailKindName>;

export type TMailedType = keyof typeof EMAIL_KIND_OF;

/** Every kind at once: what a user without a row gets. */
export const DEFAULT_EMAIL_PREFERENCES: TEmailPreferences = {
  messages: 'instant',
  application_updates: 'instant',
  new_applicants: 'instant',
  alerts: 'instant',
};

const COLUMN = {
  messages: emailPreferences.messages,
  application_updates: emailPreferences.applicationUpdates,
  new_applicants: emailPreferences.newApplicants,
  alerts: emailPreferences.alerts,
} as const;

/**
 * SQL for how `userId` gets e-mails of `kind` (SQL expressions): 'instant', 'daily' or 'off';
 * 'instant' without a row, and for a kind of no choice ('account').
 */
export const deliveryOf = (userId: SQL, kind: SQL) => sql`coalesce((
  select case ${kind} when 'messages' then p.messages
    when 'application_updates' then p.application_updates
    when 'new_applicants' then p.new_applicants when 'alerts' then p.alerts end
  from email_preferences p where p.user_id = ${userId}), 'instant')`;

/** A user's preferences (every kind `instant` without a row). */
export async function preferencesOf(db: Db, userId: number): Promise<TEmailPreferences> {
  const [row] = await db
    .select({
      messages: emailPreferences.messages,
      application_updates: emailPreferences.applicationUpdates,
      new_applicants: emailPreferences.newApplicants,
      alerts: emailPreferences.alerts,
    })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId));
  return (row as TEmailPreferences | undefined) ?? { ...DEFAULT_EMAIL_PREFERENCES };
}

/**
 * Sets some kinds of `userId` in one statement (a first change writes the row, with the other
 * kinds `instant`); answers the four.
 */
async function setPreferences(
  db: Db,
  now: Date,
  userId: number,
  patch: Partial<TEmailPreferences>,
): Promise<TEmailPreferences> {
  const set: Partial<Record<keyof typeof COLUMN, TEmailDelivery>> = {};
  for (const kind of Object.keys(COLUMN) as (keyof typeof COLUMN)[]) {
    if (patch[kind] !== undefined) set[kind] = patch[kind];
  }
  const values = {
    messages: set.messages,
    applicationUpdates: set.application_updates,
    newApplicants: set.new_applicants,
    alerts: set.alerts,
    updatedAt: now,
  };
  const [row] = await db
    .insert(emailPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: values })
    .returning({
      messages: emailPreferences.messages,
      application_updates: emailPreferences.applicationUpdates,
      new_applicants: emailPreferences.newApplicants,
      alerts: emailPreferences.alerts,
    });
  return row as TEmailPreferences;
}

/** `GET /me/email_preferences`. */
export async function getEmailPreferences(ctx: TCtx) {
  const me = requireUser(ctx);
  return preferencesOf(ctx.db, me.id);
}

/** `PATCH /me/email_preferences`: any subset of the four kinds. */
export async function patchEmailPreferences(ctx: TCtx, patch: Partial<TEmailPreferences>) {
  const me = requireUser(ctx);
  if (Object.values(patch).every((x) => x === undefined)) return preferencesOf(ctx.db, me.id);
  return setPreferences(ctx.db, ctx.now, me.id, patch);
}

/** The answer to a link that is not one of ours (missing, wrong, tampered or for another use). */
export const badUnsubscribeLink = () =>
  new AppError('invalid_input', {
    message: 'This unsubscribe link is not valid.',
    messageEs: 'Este enlace para darse de baja no es válido.',
  });

/**
 * What a signed unsubscribe token names, for the page that asks to confirm (no change): the
 * kind, and whether that user still exists. A bad token is `badUnsubscribeLink()`.
 */
export async function unsubscribeTarget(ctx: TCtx, token: string) {
  const target = await verifyUnsubscribeToken(token, ctx.deps.jwtSecret);
  if (!target) throw badUnsubscribeLink();
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, target.userId));
  if (!user) throw badUnsubscribeLink();
  return target;
}

/**
 * `POST /unsubscribe?token=` (RFC 8058 one-click): the kind the signed token names is turned
 * off for its user. No session is read: the token is the only credential, and it can do
 * nothing but this.
 */
export async function unsubscribe(ctx: TCtx, token: string) {
  const { userId, kind } = await unsubscribeTarget(ctx, token);
  await setPreferences(ctx.db, ctx.now, userId, { [kind]: 'off' });
  return { kind, delivery: 'off' as const };
}
