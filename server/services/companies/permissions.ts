import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { companyAudit, companyMembers, type TCompanyRole } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TAuthUser, TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { assertRole } from '@/server/services/access';

// Who may do what in a company, in one place (docs/product.md "Companies and teams"): every verb
// on a company's postings, boards and team asks `assertCompanyCan` with its action. A caller who
// is not a member is answered as if the thing did not exist (the verb's own "not found"); a
// member whose role does not allow the action gets 403 with what the role cannot do.

export type TCompanyAction =
  | 'postings.write'
  | 'board.move'
  | 'applicants.notes'
  | 'applicants.rate'
  | 'company.edit'
  | 'team.view'
  | 'team.manage'
  | 'team.roles'
  | 'team.remove_owner'
  | 'audit.read';

/** Each action and the roles that may take it. */
export const PERMISSIONS: Record<TCompanyAction, readonly TCompanyRole[]> = {
  'postings.write': ['owner', 'admin'],
  'board.move': ['owner', 'admin', 'recruiter'],
  /** Private notes on an applicant; each member edits and deletes only their own. */
  'applicants.notes': ['owner', 'admin', 'recruiter'],
  /** One 1–5 rating per member and applicant. */
  'applicants.rate': ['owner', 'admin', 'recruiter'],
  'company.edit': ['owner', 'admin'],
  'team.view': ['owner', 'admin', 'recruiter'],
  'team.manage': ['owner', 'admin'],
  'team.roles': ['owner'],
  /** Removing an owner (anyone may leave; admins remove admins and recruiters). */
  'team.remove_owner': ['owner'],
  'audit.read': ['owner', 'admin'],
};

const REFUSED: Record<TCompanyAction, readonly [string, string]> = {
  'postings.write': [
    'Your role in this company does not allow creating, editing or closing postings.',
    'Tu rol en esta empresa no permite crear, editar ni cerrar publicaciones.',
  ],
  'board.move': [
    'Your role in this company does not allow moving applicants.',
    'Tu rol en esta empresa no permite mover postulantes.',
  ],
  'applicants.notes': [
    'Your role in this company does not allow writing notes on applicants.',
    'Tu rol en esta empresa no permite escribir notas sobre postulantes.',
  ],
  'applicants.rate': [
    'Your role in this company does not allow rating applicants.',
    'Tu rol en esta empresa no permite calificar postulantes.',
  ],
  'company.edit': [
    "Only the company's owners and admins can edit its page.",
    'Solo los propietarios y administradores de la empresa pueden editar su página.',
  ],
  'team.view': ['Only members can see the team.', 'Solo los miembros pueden ver el equipo.'],
  'team.manage': [
    "Only the company's owners and admins can manage the team.",
    'Solo los propietarios y administradores de la empresa pueden gestionar el equipo.',
  ],
  'team.roles': [
    "Only the company's owners can change roles.",
    'Solo los propietarios de la empresa pueden cambiar roles.',
  ],
  'team.remove_owner': [
    "Only the company's owners can remove an owner.",
    'Solo los propietarios de la empresa pueden quitar a un propietario.',
  ],
  'audit.read': [
    "Only the company's owners and admins can read its activity.",
    'Solo los propietarios y administradores de la empresa pueden ver su actividad.',
  ],
};

export const can = (role: TCompanyRole, action: TCompanyAction) =>
  PERMISSIONS[action].includes(role);

export const companyNotFound = () =>
  new AppError('not_found', {
    message: 'Company not found.',
    messageEs: 'Empresa no encontrada.',
  });

/** The role of `userId` in `companyId`, or null when they are not a member. */
export async function roleIn(
  db: Db,
  companyId: number,
  userId: number,
): Promise<TCompanyRole | null> {
  const [row] = await db
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  return row?.role ?? null;
}

const noLongerMember = () =>
  new AppError('forbidden', {
    message: 'You are no longer a member of this company.',
    messageEs: 'Ya no eres miembro de esta empresa.',
  });

/**
 * Whether `userId` was removed from `companyId` or left it (its audit log says so): such a caller
 * is told that, instead of "not found", since the company's things were theirs to see until then.
 */
async function wasMember(db: Db, companyId: number, userId: number) {
  const [row] = await db
    .select({ id: companyAudit.id })
    .from(companyAudit)
    .where(
      and(
        eq(companyAudit.companyId, companyId),
        inArray(companyAudit.action, ['member.removed', 'member.left']),
        sql`${companyAudit.target} @> ${JSON.stringify({ type: 'member', id: userId })}::jsonb`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The signed-in business caller, allowed to take `action` in `companyId`: 401 signed out, 403 a
 * talent, `notFound()` not a member (403 "no longer a member" to one removed or gone), 403 a role
 * without the right.
 */
export async function assertCompanyCan(
  ctx: TCtx,
  companyId: number,
  action: TCompanyAction,
  notFound: () => AppError = companyNotFound,
): Promise<{ me: TAuthUser; role: TCompanyRole }> {
  const me = assertRole(ctx, 'business');
  const role = await roleIn(ctx.db, companyId, me.id);
  if (!role) throw (await wasMember(ctx.db, companyId, me.id)) ? noLongerMember() : notFound();
  if (!can(role, action)) {
    const [message, messageEs] = REFUSED[action];
    throw new AppError('forbidden', { message, messageEs });
  }
  return { me, role };
}

/** The caller's memberships, oldest first. */
export function membershipsOf(db: Db, userId: number) {
  return db
    .select({ companyId: companyMembers.companyId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .orderBy(asc(companyMembers.joinedAt), asc(companyMembers.companyId));
}

/**
 * The company a business call works within (docs/api.md "Companies and teams"): the one asked
 * for (`company_id`, or the `tc_company` cookie the account menu sets) when the caller belongs
 * to it, else the caller's oldest membership. Refused with 403 when the caller belongs to none,
 * and when their role there does not allow `action`.
 */
export async function chosenCompany(
  ctx: TCtx,
  requested: number | null | undefined,
  action: TCompanyAction,
): Promise<{ me: TAuthUser; companyId: number; role: TCompanyRole }> {
  const me = assertRole(ctx, 'business');
  const memberships = await membershipsOf(ctx.db, me.id);
  const chosen = memberships.find((m) => m.companyId === requested) ?? memberships[0];
  if (!chosen) {
    throw new AppError('forbidden', {
      message: 'You are not a member of any company.',
      messageEs: 'No eres miembro de ninguna empresa.',
    });
  }
  if (!can(chosen.role, action)) {
    const [message, messageEs] = REFUSED[action];
    throw new AppError('forbidden', { message, messageEs });
  }
  return { me, companyId: chosen.companyId, role: chosen.role };
}

/**
 * The members of `companyId` whose role allows `action`: who a notification about it reaches
 * (docs/product.md "Companies and teams": it goes to the members who can act on it).
 */
export async function membersWho(db: Db, companyId: number, action: TCompanyAction) {
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        inArray(companyMembers.role, [...PERMISSIONS[action]]),
      ),
    )
    .orderBy(asc(companyMembers.userId));
  return rows.map((r) => r.userId);
}
