import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { companies, companyAudit, companyMembers, users, type TCompanyRole } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { assertRole } from '@/server/services/access';
import { endStreamsOf } from '@/server/services/notifications/hub';
import { paginated, type TPage } from '@/server/services/profile/common';
import { audit } from './audit';
import { lockCompany } from './invitations';
import { assertCompanyCan, companyNotFound } from './permissions';

// A company's team (docs/api.md "Companies and teams"): its members, role changes, removals and
// leaving, and its audit log. Every change of membership locks the company's row first
// (lockCompany), so that the "at least one owner" rule holds against concurrent changes.

const memberNotFound = () =>
  new AppError('not_found', {
    message: 'This person is not a member of the company.',
    messageEs: 'Esta persona no es miembro de la empresa.',
  });

const lastOwner = () =>
  new AppError('last_owner', {
    message: 'A company needs at least one owner: make someone else an owner first.',
    messageEs:
      'Una empresa necesita al menos un propietario: nombra antes a otra persona propietaria.',
  });

const within = (ctx: TCtx, tx: Db): TCtx => ({ ...ctx, db: tx });

const fullName = (u: { name: string; lastName: string }) =>
  [u.name, u.lastName].filter(Boolean).join(' ');

/** `GET /me/companies`: the caller's companies with their role, oldest membership first. */
export async function myCompanies(ctx: TCtx) {
  const me = assertRole(ctx, 'business');
  const rows = await ctx.db
    .select({
      id: companies.id,
      slug: companies.slug,
      name: companies.name,
      logoUrl: companies.logoUrl,
      role: companyMembers.role,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, me.id))
    .orderBy(asc(companyMembers.joinedAt), asc(companyMembers.companyId));
  return rows.map((r) => ({
    company: { id: r.id, slug: r.slug, name: r.name, logo_url: r.logoUrl },
    role: r.role,
  }));
}

const memberColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  email: users.email,
  avatarUrl: users.avatarUrl,
  role: companyMembers.role,
  joinedAt: companyMembers.joinedAt,
};

type TMemberRow = NonNullable<Awaited<ReturnType<typeof memberOf>>>;

function memberDto(r: TMemberRow) {
  return {
    user: {
      id: r.id,
      name: r.name,
      last_name: r.lastName,
      email: r.email,
      avatar_url: r.avatarUrl,
    },
    role: r.role,
    joined_at: r.joinedAt.toISOString(),
  };
}

/** One member of the company, or undefined. */
async function memberOf(db: Db, companyId: number, userId: number) {
  const [row] = await db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  return row;
}

/** `GET /companies/{id}/members`: owners first, then by joining date. */
export async function listMembers(ctx: TCtx, input: { companyId: number }) {
  await assertCompanyCan(ctx, input.companyId, 'team.view');
  const rows = await ctx.db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, input.companyId))
    .orderBy(
      sql`case ${companyMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(companyMembers.joinedAt),
      asc(companyMembers.userId),
    );
  return rows.map(memberDto);
}

/** How many owners the company has (in the locked transaction). */
async function ownerCount(tx: Db, companyId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'owner')));
  return row?.n ?? 0;
}

/**
 * `PATCH /companies/{id}/members/{user_id}` (owners only): the member's new role. Demoting the
 * last owner is 409 `last_owner`; ownership is handed over by making another member an owner
 * first.
 */
export async function changeMemberRole(
  ctx: TCtx,
  input: { companyId: number; userId: number; role: TCompanyRole },
) {
  const { now } = ctx;
  return ctx.db.transaction(async (tx) => {
    // The lock first: a concurrent change waits here, then sees this one's result.
    if (!(await lockCompany(tx, input.companyId))) throw companyNotFound();
    const { me } = await assertCompanyCan(within(ctx, tx), input.companyId, 'team.roles');
    const member = await memberOf(tx, input.companyId, input.userId);
    if (!member) throw memberNotFound();
    if (member.role === input.role) return memberDto(member);
    if (member.role === 'owner' && (await ownerCount(tx, input.companyId)) <= 1) throw lastOwner();
    await tx
      .update(companyMembers)
      .set({ role: input.role })
      .where(
        and(eq(companyMembers.companyId, input.companyId), eq(companyMembers.userId, input.userId)),
      );
    await audit(tx, {
      companyId: input.companyId,
      actorId: me.id,
      action: 'member.role_changed',
      target: {
        type: 'member',
        id: member.id,
        label: fullName(member),
        from: member.role,
        to: input.role,
      },
      now,
    });
    return memberDto({ ...member, role: input.role });
  });
}

/**
 * `DELETE /companies/{id}/members/{user_id}`: an owner removes anyone, an admin anyone but an
 * owner, and every member may leave. The last owner can neither leave nor be removed. The
 * removed member's next call is refused (membership is read on every call) and their open
 * notification streams end on every instance.
 */
export async function removeMember(ctx: TCtx, input: { companyId: number; userId: number }) {
  const { now } = ctx;
  const me = assertRole(ctx, 'business');
  const leaving = me.id === input.userId;
  await ctx.db.transaction(async (tx) => {
    if (!(await lockCompany(tx, input.companyId))) throw companyNotFound();
    await assertCompanyCan(within(ctx, tx), input.companyId, 'team.view');
    const found = await memberOf(tx, input.companyId, input.userId);
    if (!leaving) {
      await assertCompanyCan(
        within(ctx, tx),
        input.companyId,
        found?.role === 'owner' ? 'team.remove_owner' : 'team.manage',
      );
    }
    if (!found) throw memberNotFound();
    const member = found;
    if (member.role === 'owner' && (await ownerCount(tx, input.companyId)) <= 1) throw lastOwner();
    await tx
      .delete(companyMembers)
      .where(
        and(eq(companyMembers.companyId, input.companyId), eq(companyMembers.userId, member.id)),
      );
    await audit(tx, {
      companyId: input.companyId,
      actorId: me.id,
      action: leaving ? 'member.left' : 'member.removed',
      target: { type: 'member', id: member.id, label: fullName(member), role: member.role },
      now,
    });
    await endStreamsOf(tx, member.id);
  });
}

/** `GET /companies/{id}/audit` (owners and admins): newest first, with each entry's actor. */
export async function listAudit(ctx: TCtx, input: TPage & { companyId: number }) {
  await assertCompanyCan(ctx, input.companyId, 'audit.read');
  const where = eq(companyAudit.companyId, input.companyId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: companyAudit.id,
        action: companyAudit.action,
        target: companyAudit.target,
        createdAt: companyAudit.createdAt,
        actorId: users.id,
        actorName: users.name,
        actorLastName: users.lastName,
      })
      .from(companyAudit)
      .leftJoin(users, eq(users.id, companyAudit.actorId))
      .where(where)
      .orderBy(desc(companyAudit.id))
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page),
    ctx.db.select({ n: count() }).from(companyAudit).where(where),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    actor:
      r.actorId === null
        ? null
        : { id: r.actorId, name: r.actorName!, last_name: r.actorLastName! },
    action: r.action,
    target: r.target,
    created_at: r.createdAt.toISOString(),
  }));
  return paginated(data, total?.n ?? 0, input.page, input.per_page);
}
