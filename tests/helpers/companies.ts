import { companyMembers, type TCompanyRole } from '@/db/schema';
import { createBusiness, createTalent, type TTestUser, type TUserStore } from './users';

/**
 * A company's team as the API tests of docs/api.md "Companies and teams" use it: an owner (whose
 * company it is), an admin and a recruiter, a business of another company, and a talent.
 */
export async function createTeam(on: TUserStore, names: { prefix?: string } = {}) {
  const p = names.prefix ?? 'Team';
  const owner = await createBusiness(on, { name: `${p} Owner` });
  const companyId = owner.companyId!;
  const admin = await joinAs(on, companyId, 'admin', `${p} Admin`);
  const recruiter = await joinAs(on, companyId, 'recruiter', `${p} Recruiter`);
  const outsider = await createBusiness(on, { name: `${p} Outsider` });
  const talent = await createTalent(on, { name: `${p} Talent` });
  return { companyId, owner, admin, recruiter, outsider, talent };
}

/** A new business with no company of its own, made a member of `companyId` with `role`. */
export async function joinAs(
  on: TUserStore,
  companyId: number,
  role: TCompanyRole,
  name: string,
): Promise<TTestUser> {
  const user = await createBusiness(on, { name, company: false });
  await addMember(on, companyId, user.id, role);
  return { ...user, companyId };
}

/** Makes `userId` a member of `companyId` with `role`, straight in the database. */
export async function addMember(
  on: TUserStore,
  companyId: number,
  userId: number,
  role: TCompanyRole,
) {
  await on.db.insert(companyMembers).values({ companyId, userId, role, joinedAt: on.deps.now() });
}
