import { and, desc, eq, sql } from 'drizzle-orm';
import { companies, postingInvites, projects, users } from '@/db/schema';
import type { Db } from '@/db/types';
import { notices } from '@/lib/i18n/notices';
import { postingPath, type TPostingKind } from '@/lib/kinds';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { qualified } from '@/server/lib/sql';
import { assertRole } from '@/server/services/access';
import { assertCompanyCan } from '@/server/services/companies/permissions';
import { SERVER_KINDS } from '@/server/services/marketplace/kinds';
import { isAccepting, postingNotFound } from '@/server/services/marketplace/posting-dto';
import { notify } from '@/server/services/notifications/notifications';
import { paginated } from '@/server/services/profile/common';
import { postingShown, profileShown } from '@/server/services/trust/visibility';
import type { TMyInvite, TPostingInvite } from '@/types/invites';
import type { TPostingInvitation } from '@/types/marketplace';

// Invitations to apply (docs/product.md "Invitations to apply", docs/api.md "Invitations to
// apply"): a member of a posting's company who may act on its board invites a talent to apply,
// once per talent and posting (the unique index decides between concurrent tries), at most
// INVITES_PER_POSTING_PER_DAY a posting in any 24 hours (counted on the invites themselves, with
// the posting's row locked so that two invites cannot both take the last place).

/** How many talents a posting may invite in any 24 hours. */
export const INVITES_PER_POSTING_PER_DAY = 50;
const DAY_MS = 24 * 3600 * 1000;

const talentNotFound = () =>
  new AppError('not_found', {
    message: 'Talent not found.',
    messageEs: 'Talento no encontrado.',
  });

const alreadyInvited = () => new AppError('already_invited');

const postingClosed = () =>
  new AppError('closed', {
    message: 'This posting is not taking applications, so nobody can be invited to it.',
    messageEs: 'Esta publicación no recibe postulaciones, así que no se puede invitar a nadie.',
  });

const alreadyApplied = () =>
  new AppError('already_applied', {
    message: 'This talent has already applied to this posting.',
    messageEs: 'Este talento ya se postuló a esta publicación.',
  });

/** `POST /projects/{id}/invites`, `POST /jobs/{id}/invites`. */
export async function invite(
  ctx: TCtx,
  input: { kind: TPostingKind; id: number; talent_id: number; message?: string | null },
): Promise<TPostingInvite> {
  const { kind } = input;
  const k = SERVER_KINDS[kind];
  const t = k.postingTable as typeof projects;
  assertRole(ctx, 'business');
  const { row, afterCommit } = await ctx.db.transaction(async (tx) => {
    // The posting's row, locked for this transaction: invites of one posting take turns, so
    // the day's count below is exact (the apply verb's share lock waits a moment too).
    const [posting] = await tx
      .select({
        id: t.id,
        name: t.name,
        companyId: t.companyId,
        statusId: k.status,
        endDate: t.endDate,
        company: companies.name,
      })
      .from(t)
      .innerJoin(companies, eq(companies.id, t.companyId))
      // A posting an operator hid invites nobody (docs/product.md "Reports and suspension").
      .where(and(eq(t.id, input.id), postingShown(t)))
      .for('no key update', { of: t });
    if (!posting) throw postingNotFound(kind);
    const { me } = await assertCompanyCan({ ...ctx, db: tx }, posting.companyId, 'board.move', () =>
      postingNotFound(kind),
    );
    // The talent, whether they applied, and the day's invites of the posting, in one statement.
    const since = new Date(ctx.now.getTime() - DAY_MS);
    const app = k.applicationTable as (typeof SERVER_KINDS)['project']['applicationTable'];
    const [facts] = await tx
      .select({
        // A hidden, suspended or deleted profile is not found, as in the search.
        isTalent: sql<boolean>`${users.isTalent} and ${profileShown()}`,
        applied: sql<boolean>`exists (select 1 from ${app}
          where ${qualified(k.applicationFk)} = ${input.id}
          and ${qualified(app.userId)} = ${input.talent_id})`,
        today: sql<number>`(select count(*)::int from ${postingInvites}
          where ${qualified(postingInvites.kind)} = ${kind}
          and ${qualified(postingInvites.postingId)} = ${input.id}
          and ${qualified(postingInvites.createdAt)} > ${since.toISOString()}::timestamptz)`,
        oldest: sql<string | null>`(select min(${qualified(postingInvites.createdAt)})::text
          from ${postingInvites} where ${qualified(postingInvites.kind)} = ${kind}
          and ${qualified(postingInvites.postingId)} = ${input.id}
          and ${qualified(postingInvites.createdAt)} > ${since.toISOString()}::timestamptz)`,
      })
      .from(users)
      .where(eq(users.id, input.talent_id));
    if (!facts?.isTalent) throw talentNotFound();
    if (!isAccepting(posting, kind, ctx.now)) throw postingClosed();
    if (facts.applied) throw alreadyApplied();
    if (facts.today >= INVITES_PER_POSTING_PER_DAY) {
      // A place frees when the oldest invite of the window is 24 hours old.
      const frees = new Date(facts.oldest!).getTime() + DAY_MS;
      const seconds = Math.max(1, Math.ceil((frees - ctx.now.getTime()) / 1000));
      throw new AppError('rate_limited', {
        message: `A posting can invite at most ${INVITES_PER_POSTING_PER_DAY} talents a day. Please try again later.`,
        messageEs: `Una publicación puede invitar como máximo a ${INVITES_PER_POSTING_PER_DAY} talentos al día. Vuelve a intentarlo más tarde.`,
        headers: { 'Retry-After': String(seconds) },
      });
    }
    const [row] = await tx
      .insert(postingInvites)
      .values({
        kind,
        postingId: posting.id,
        companyId: posting.companyId,
        talentId: input.talent_id,
        inviterId: me.id,
        message: input.message ?? null,
        createdAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw alreadyInvited();
    const [message, messageEs] = notices('posting_invite', {
      company: posting.company,
      posting: posting.name,
    });
    const afterCommit = await notify(ctx, tx, [
      {
        userId: input.talent_id,
        type: 'posting_invite',
        message,
        messageEs,
        link: postingPath(kind, posting.id),
        topic: `${kind}_invite:${row.id}`,
      },
    ]);
    return { row, afterCommit };
  });
  await afterCommit();
  return {
    id: row.id,
    kind,
    posting_id: row.postingId,
    talent_id: row.talentId,
    message: row.message,
    created_at: row.createdAt.toISOString(),
  };
}

/** The SQL of whether the talent applied to an invite's posting, for either kind. */
const appliedSql = () =>
  sql<boolean>`case ${qualified(postingInvites.kind)}
    when 'project' then exists (select 1 from project_applications a
      where a.project_id = ${qualified(postingInvites.postingId)} and a.user_id = ${qualified(postingInvites.talentId)})
    else exists (select 1 from job_applications a
      where a.job_id = ${qualified(postingInvites.postingId)} and a.user_id = ${qualified(postingInvites.talentId)}) end`;

/** The name of an invite's posting, for either kind. */
const postingNameSql = () =>
  sql<string | null>`case ${qualified(postingInvites.kind)}
    when 'project' then (select p.name from projects p where p.id = ${qualified(postingInvites.postingId)})
    else (select j.name from jobs j where j.id = ${qualified(postingInvites.postingId)}) end`;

/** Whether an invite's posting is in sight (not hidden by an operator), for either kind. */
const postingShownSql = () =>
  sql<boolean>`case ${qualified(postingInvites.kind)}
    when 'project' then exists (select 1 from projects p where p.id = ${qualified(postingInvites.postingId)} and p.hidden_at is null)
    else exists (select 1 from jobs j where j.id = ${qualified(postingInvites.postingId)} and j.hidden_at is null) end`;

/** `GET /me/invites`: the talent's invitations, newest first, in one statement (and its count). */
export async function listMyInvites(ctx: TCtx, input: { page: number; per_page: number }) {
  const me = assertRole(ctx, 'talent');
  const inviter = sql`inviter`;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({
        id: postingInvites.id,
        kind: postingInvites.kind,
        postingId: postingInvites.postingId,
        postingName: postingNameSql(),
        companyId: companies.id,
        companySlug: companies.slug,
        companyName: companies.name,
        companyLogo: companies.logoUrl,
        inviterName: sql<string | null>`${inviter}.name`,
        inviterLastName: sql<string | null>`${inviter}.last_name`,
        message: postingInvites.message,
        createdAt: postingInvites.createdAt,
        applied: appliedSql(),
      })
      .from(postingInvites)
      .innerJoin(companies, eq(companies.id, postingInvites.companyId))
      .leftJoin(sql`users as inviter`, sql`inviter.id = ${qualified(postingInvites.inviterId)}`)
      .where(and(eq(postingInvites.talentId, me.id), postingShownSql()))
      .orderBy(desc(postingInvites.createdAt), desc(postingInvites.id))
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(postingInvites)
      .where(and(eq(postingInvites.talentId, me.id), postingShownSql())),
  ]);
  const data: TMyInvite[] = rows.map((r) => ({
    id: r.id,
    posting: {
      kind: r.kind as TPostingKind,
      id: r.postingId,
      name: r.postingName ?? '',
      company: {
        id: r.companyId,
        slug: r.companySlug,
        name: r.companyName,
        logo_url: r.companyLogo,
      },
    },
    inviter:
      r.inviterName === null ? null : { name: r.inviterName, last_name: r.inviterLastName ?? '' },
    message: r.message,
    created_at: new Date(r.createdAt).toISOString(),
    applied: Boolean(r.applied),
  }));
  return paginated(data, count?.n ?? 0, input.page, input.per_page);
}

/**
 * The invitation of the signed-in talent to a posting (`invitation` on a posting's answer), or
 * null: for anyone else, and when there is none.
 */
export async function invitationFor(
  ctx: TCtx,
  kind: TPostingKind,
  postingId: number,
): Promise<TPostingInvitation | null> {
  if (!ctx.user?.isTalent) return null;
  const [row] = await ctx.db
    .select({
      id: postingInvites.id,
      company: companies.name,
      message: postingInvites.message,
      createdAt: postingInvites.createdAt,
    })
    .from(postingInvites)
    .innerJoin(companies, eq(companies.id, postingInvites.companyId))
    .where(
      and(
        eq(postingInvites.kind, kind),
        eq(postingInvites.postingId, postingId),
        eq(postingInvites.talentId, ctx.user.id),
      ),
    );
  if (!row) return null;
  return {
    id: row.id,
    company: { name: row.company },
    message: row.message,
    created_at: row.createdAt.toISOString(),
  };
}

/** Whether the talent of each board application was invited to its posting (a correlated EXISTS). */
export const invitedSql = (kind: TPostingKind) => {
  const k = SERVER_KINDS[kind];
  const app = k.applicationTable as (typeof SERVER_KINDS)['project']['applicationTable'];
  return sql<boolean>`exists (select 1 from ${postingInvites}
    where ${qualified(postingInvites.kind)} = ${kind}
    and ${qualified(postingInvites.postingId)} = ${qualified(k.applicationFk)}
    and ${qualified(postingInvites.talentId)} = ${qualified(app.userId)})`;
};

/** Deletes a posting's invitations, inside the transaction that deletes the posting. */
export async function deletePostingInvites(tx: Db, kind: TPostingKind, postingId: number) {
  await tx
    .delete(postingInvites)
    .where(and(eq(postingInvites.kind, kind), eq(postingInvites.postingId, postingId)));
}
