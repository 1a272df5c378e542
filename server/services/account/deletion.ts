import { and, eq, inArray, sql } from 'drizzle-orm';
import { companyMembers, users, type projects, type TCompanyRole } from '@/db/schema';
import type { Db } from '@/db/types';
import { notices } from '@/lib/i18n/notices';
import { KINDS, POSTING_KINDS, type TPostingKind } from '@/lib/kinds';
import type { TDeleteAccountInput } from '@/lib/schemas/account';
import { verifyGoogleIdToken } from '@/server/auth/google';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { rowsOf } from '@/server/lib/sql';
import { log, safeErrorFields } from '@/server/logger';
import { requireUser } from '@/server/services/access';
import { audit } from '@/server/services/companies/audit';
import { lockCompany } from '@/server/services/companies/invitations';
import { SERVER_KINDS } from '@/server/services/marketplace/kinds';
import { talentLink } from '@/server/services/marketplace/owned-posting';
import { closeOpenApplications, hiredOf } from '@/server/services/marketplace/posting-moves';
import { proveCurrentPassword } from '@/server/services/users/current-password';
import {
  applicationTopic,
  notify,
  type TNewNotification,
} from '@/server/services/notifications/notifications';

// Deleting one's account (docs/product.md "Deleting one's account"): the person's data goes;
// what others rely on stays, naming a "Former user". One transaction erases the row and deletes
// every personal row; the stored files go after the commit.

/** The name of a deleted account: the UI shows it in the reader's language. */
export const FORMER_USER_NAME = 'Former user';

/** The tombstone's address: never deliverable, and frees the old one for a new account. */
export const deletedEmail = (userId: number) => `deleted-${userId}@invalid`;

/**
 * The tables whose rows name a user and stay when that user is deleted, because they are part
 * of someone else's history: what the product keeps (docs/product.md "Deleting one's account").
 * Every other reference to the user is deleted (tests/api/account-deletion.test.ts holds each
 * foreign key to users to this list).
 */
export const KEPT_REFERENCES = [
  'project_applications.user_id',
  'job_applications.user_id',
  'application_status_history.actor_id',
  'projects.owner_id',
  'jobs.owner_id',
  'conversations.talent_id',
  'conversations.company_blocked_by',
  'conversation_messages.author_id',
  'company_audit.actor_id',
  'company_invitations.invited_by',
  'application_notes.author_id',
  'posting_invites.inviter_id',
  'reviews.talent_id',
  'reviews.author_id',
  'reviews.reply_author_id',
  'reports.reporter_id',
  'reports.target_user_id',
  'reports.resolved_by',
  'operator_audit.operator_id',
] as const;

const wrongPassword = () =>
  AppError.invalidField('current_password', 'wrong_password', {
    message: 'Failed to delete the account',
    messageEs: 'Error al eliminar la cuenta',
  });

const wrongGoogle = () =>
  AppError.invalidField('google_id_token', 'google_account', {
    message: 'Sign in with the Google account of this account.',
    messageEs: 'Inicia sesión con la cuenta de Google de esta cuenta.',
  });

/** The companies of which the user is the only owner. */
async function solelyOwned(tx: Db, userId: number) {
  const rows = await rowsOf<{ company_id: number }>(
    tx,
    sql`select m.company_id from company_members m
      where m.user_id = ${userId} and m.role = 'owner'
        and not exists (select 1 from company_members o where o.company_id = m.company_id
          and o.role = 'owner' and o.user_id <> ${userId})`,
  );
  return rows.map((r) => r.company_id);
}

/**
 * Hands each company in `companyIds` (the user solely owns them) to its longest-standing admin,
 * else its longest-standing member, not deleted nor suspended (docs/product.md "Deleting one's
 * account"): they become an owner, the company's audit log records the change as the leaving
 * owner's, and they are told. Answers the companies left with nobody (their postings then close)
 * and the notifications.
 */
async function handOver(ctx: TCtx, tx: Db, companyIds: number[], leaving: { id: number }) {
  const orphaned: number[] = [];
  const notes: TNewNotification[] = [];
  for (const companyId of companyIds) {
    // The company's lock first, as every change of its members takes it.
    await lockCompany(tx, companyId);
    const [next] = await rowsOf<{
      user_id: number;
      role: TCompanyRole;
      name: string;
      last_name: string;
      company: string;
    }>(
      tx,
      sql`select m.user_id, m.role, u.name, u.last_name, c.name as company
        from company_members m
        join users u on u.id = m.user_id
        join companies c on c.id = m.company_id
        where m.company_id = ${companyId} and m.user_id <> ${leaving.id}
          and u.deleted_at is null and u.suspended_at is null
        order by case m.role when 'admin' then 0 else 1 end, m.joined_at, m.user_id
        limit 1`,
    );
    if (!next) {
      orphaned.push(companyId);
      continue;
    }
    await tx
      .update(companyMembers)
      .set({ role: 'owner' })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, next.user_id)));
    await audit(tx, {
      companyId,
      actorId: leaving.id,
      action: 'member.role_changed',
      target: {
        type: 'member',
        id: next.user_id,
        label: `${next.name} ${next.last_name}`.trim(),
        from: next.role,
        to: 'owner',
      },
      now: ctx.now,
    });
    const [message, messageEs] = notices('company_owner', { company: next.company });
    notes.push({
      userId: next.user_id,
      type: 'company_owner',
      message,
      messageEs,
      link: '/business/team',
    });
  }
  return { orphaned, notes };
}

/**
 * Cancels the company's postings still recruiting, as their business cancelling them does
 * (docs/product.md "Lifecycle"): everyone still waiting is told the position closed, a talent
 * already hired that the work will not go ahead. Answers the notifications.
 */
async function closeCompanyPostings(
  ctx: TCtx,
  tx: Db,
  companyIds: number[],
  actorId: number,
): Promise<TNewNotification[]> {
  if (companyIds.length === 0) return [];
  const notes: TNewNotification[] = [];
  for (const kind of POSTING_KINDS) {
    const k = SERVER_KINDS[kind];
    const t = k.postingTable as typeof projects;
    const statusKey = kind === 'project' ? 'projectStatusId' : 'jobStatusId';
    const closed = await tx
      .update(t)
      .set({ [statusKey]: KINDS[kind].statuses.cancelled, updatedAt: ctx.now })
      .where(and(inArray(t.companyId, companyIds), inArray(k.status, [...k.recruitingStatuses])))
      .returning({ id: t.id, name: t.name, companyId: t.companyId });
    for (const posting of closed) {
      notes.push(...(await closeOpenApplications(ctx, tx, kind as TPostingKind, posting, actorId)));
      const [message, messageEs] = notices('posting_cancelled', { posting: posting.name });
      for (const hired of await hiredOf(tx, kind, posting.id)) {
        notes.push({
          userId: hired.userId,
          type: 'posting_closed',
          topic: applicationTopic(kind, hired.id),
          message,
          messageEs,
          link: talentLink(kind, posting.id),
        });
      }
      await audit(tx, {
        companyId: posting.companyId,
        actorId,
        action: 'posting.cancelled',
        target: { type: kind, id: posting.id, label: posting.name },
        now: ctx.now,
      });
    }
  }
  return notes;
}

/** The storage keys of the user's files: theirs, and the CVs and pictures their rows name. */
async function filesOf(tx: Db, userId: number) {
  // A company's logo stays with the company (it is the company's, not the person's).
  return rowsOf<{ id: number; storage_key: string }>(
    tx,
    sql`select u.id, u.storage_key from uploads u
      where (u.owner_id = ${userId}
        or u.id in (select file_id from job_applications where user_id = ${userId})
        or exists (select 1 from users me where me.id = ${userId}
          and '/api/uploads/' || u.storage_key in (me.avatar_url, me.cv_url)))
        and not exists (select 1 from companies c where c.logo_url = '/api/uploads/' || u.storage_key)
      for update`,
  );
}

/**
 * `DELETE /me`: after the current password (a Google-only account signs in with Google again), erases
 * the account in one transaction and deletes its files after the commit. Every session ends.
 */
export async function deleteAccount(ctx: TCtx, input: TDeleteAccountInput) {
  const me = requireUser(ctx);
  const [account] = await ctx.db
    .select({ email: users.email, passwordHash: users.passwordHash, googleSub: users.googleSub })
    .from(users)
    .where(eq(users.id, me.id));
  if (!account) throw new AppError('unauthorized');
  if (!account.passwordHash && account.googleSub && input.google_id_token !== undefined) {
    // No password to give: a fresh sign-in with the account's own Google identity proves it.
    const identity = await verifyGoogleIdToken(input.google_id_token, {
      google: ctx.deps.google,
      now: () => ctx.now,
    }).catch(() => null);
    if (identity?.sub !== account.googleSub) throw wrongGoogle();
  } else {
    await proveCurrentPassword(ctx, account, input.current_password ?? '', wrongPassword);
  }

  const { keys, afterCommit } = await ctx.db.transaction(async (tx) => {
    // Held: a second deletion (or a change) of the same account waits and then finds it gone.
    const [held] = await tx
      .select({ id: users.id, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, me.id))
      .for('update');
    if (!held || held.deletedAt) throw new AppError('unauthorized');
    const successions = await handOver(ctx, tx, await solelyOwned(tx, me.id), me);
    const notes = [
      ...successions.notes,
      ...(await closeCompanyPostings(ctx, tx, successions.orphaned, me.id)),
    ];
    const files = await filesOf(tx, me.id);
    const id = me.id;
    // The person's own rows. Conversations, applications, messages, reviews and reports stay.
    await tx.execute(sql`update job_applications set file_id = null where user_id = ${id}`);
    for (const statement of [
      sql`delete from user_workplaces where user_id = ${id}`,
      sql`delete from user_study_centres where user_id = ${id}`,
      sql`delete from user_skills where user_id = ${id}`,
      sql`delete from user_languages where user_id = ${id}`,
      sql`delete from user_roles_interest where user_id = ${id}`,
      sql`delete from notifications where user_id = ${id}`,
      sql`delete from saved_search_alerts where user_id = ${id}`,
      sql`delete from saved_searches where user_id = ${id}`,
      sql`delete from personal_tokens where user_id = ${id}`,
      sql`delete from favorites where user_id = ${id} or (kind = 'talent' and target_id = ${id})`,
      sql`delete from posting_invites where talent_id = ${id}`,
      sql`delete from company_invitations where lower(email) = lower(${account.email})`,
      sql`delete from email_preferences where user_id = ${id}`,
      sql`delete from recovery_codes where user_id = ${id}`,
      sql`delete from mail_outbox where user_id = ${id}`,
      sql`delete from conversation_reads where user_id = ${id}`,
      sql`delete from application_ratings where user_id = ${id}`,
      sql`delete from company_members where user_id = ${id}`,
    ]) {
      await tx.execute(statement);
    }
    if (files.length > 0) {
      await tx.execute(
        sql`delete from uploads where id in (${sql.join(
          files.map((f) => sql`${f.id}::int`),
          sql`, `,
        )})`,
      );
    }
    await tx
      .update(users)
      .set({
        deletedAt: ctx.now,
        name: FORMER_USER_NAME,
        lastName: '',
        email: deletedEmail(id),
        emailVerifiedAt: null,
        passwordHash: null,
        googleSub: null,
        phone: null,
        headline: null,
        about: null,
        countryCode: null,
        city: null,
        avatarUrl: null,
        cvUrl: null,
        links: {},
        algoAddress: null,
        nearWallet: null,
        paypalEmail: null,
        isOperator: false,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: ctx.now,
      })
      .where(eq(users.id, id));
    return { keys: files.map((f) => f.storage_key), afterCommit: await notify(ctx, tx, notes) };
  });
  await afterCommit();
  // The files go once the rows are gone; a failure is logged (the key is random, nothing names it).
  for (const key of keys) {
    try {
      await ctx.deps.storage.delete(key);
    } catch (err) {
      log('error', 'deleted account file not removed', { ...safeErrorFields(err) });
    }
  }
  return { deleted: true };
}
