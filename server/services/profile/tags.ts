import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  languages,
  skills,
  userLanguages,
  userRolesInterest,
  userSkills,
  users,
} from '@/db/schema';
import { PROFILE_LIMITS } from '@/lib/schemas/profile';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { requireUser } from '@/server/services/access';
import { tooMany } from './common';
import { languageDto } from './dto';

// Skills, roles of interest and languages are replaced by the client: DELETE all, then POST each
// (seed §7). A repeated one is ignored, not an error (docs/api.md), and each POST answers the
// entry as the user object lists it.

export async function clearSkills(ctx: TCtx) {
  const me = requireUser(ctx);
  await ctx.db.delete(userSkills).where(eq(userSkills.userId, me.id));
}

/**
 * Adds a skill to the caller and answers it as stored. Skills are shared: the first spelling of a
 * name is kept, and "react" then joins (and answers) the existing "React".
 */
export async function addSkill(ctx: TCtx, input: { name: string }): Promise<{ name: string }> {
  const me = requireUser(ctx);
  return ctx.db.transaction(async (tx) => {
    const findSkill = () =>
      tx
        .select({ id: skills.id, name: skills.name })
        .from(skills)
        .where(sql`lower(${skills.name}) = lower(${input.name})`);
    let [skill] = await findSkill();
    if (skill) {
      const [already] = await tx
        .select({ id: userSkills.skillId })
        .from(userSkills)
        .where(and(eq(userSkills.userId, me.id), eq(userSkills.skillId, skill.id)));
      if (already) return { name: skill.name };
    }
    const [has] = await tx
      .select({ n: count() })
      .from(userSkills)
      .where(eq(userSkills.userId, me.id));
    const max = PROFILE_LIMITS.skills;
    if ((has?.n ?? 0) >= max) throw tooMany('skills', ['skills', 'habilidades'], max);
    if (!skill) {
      // Another request may create the same skill meanwhile: then its spelling wins.
      await tx.insert(skills).values({ name: input.name }).onConflictDoNothing();
      [skill] = await findSkill();
    }
    await tx
      .insert(userSkills)
      .values({ userId: me.id, skillId: skill!.id, createdAt: ctx.now })
      .onConflictDoNothing();
    return { name: skill!.name };
  });
}

/** `LIKE` pattern of a literal text. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * Skill suggestions for `search` (contained anywhere, any case), the most used first; without a
 * search, the most used skills. At most 20.
 */
export async function suggestSkills(ctx: TCtx, input: { search?: string }) {
  const used = count(userSkills.userId);
  const term = input.search ?? '';
  const rows = await ctx.db
    .select({ name: skills.name })
    .from(skills)
    .leftJoin(userSkills, eq(userSkills.skillId, skills.id))
    .where(term ? sql`lower(${skills.name}) like lower(${`%${likeEscape(term)}%`})` : undefined)
    .groupBy(skills.id, skills.name)
    .orderBy(
      desc(used),
      // Among equally used ones, those starting with the search come first.
      asc(
        sql`case when lower(${skills.name}) like lower(${`${likeEscape(term)}%`}) then 0 else 1 end`,
      ),
      asc(skills.name),
    )
    .limit(20);
  return rows.map((r) => r.name);
}

export async function clearRoles(ctx: TCtx) {
  const me = requireUser(ctx);
  await ctx.db.delete(userRolesInterest).where(eq(userRolesInterest.userId, me.id));
}

/** Adds a role of interest to the caller; the same name in another case answers the stored one. */
export async function addRole(ctx: TCtx, input: { name: string }): Promise<{ name: string }> {
  const me = requireUser(ctx);
  return ctx.db.transaction(async (tx) => {
    const findRole = () =>
      tx
        .select({ name: userRolesInterest.name })
        .from(userRolesInterest)
        .where(
          and(
            eq(userRolesInterest.userId, me.id),
            sql`lower(${userRolesInterest.name}) = lower(${input.name})`,
          ),
        );
    const [already] = await findRole();
    if (already) return already;
    const [has] = await tx
      .select({ n: count() })
      .from(userRolesInterest)
      .where(eq(userRolesInterest.userId, me.id));
    const max = PROFILE_LIMITS.roles;
    if ((has?.n ?? 0) >= max) {
      throw tooMany('roles_interest', ['roles of interest', 'roles de interés'], max);
    }
    await tx
      .insert(userRolesInterest)
      .values({ userId: me.id, name: input.name, createdAt: ctx.now })
      .onConflictDoNothing();
    const [stored] = await findRole();
    return stored ?? { name: input.name };
  });
}

export async function clearLanguages(ctx: TCtx) {
  const me = requireUser(ctx);
  await ctx.db.delete(userLanguages).where(eq(userLanguages.userId, me.id));
}

/**
 * Adds a language (an id of the `languages` list) to the caller and answers it as the user
 * object's `languages` lists it.
 */
export async function addLanguage(ctx: TCtx, input: { language_id: number }) {
  const me = requireUser(ctx);
  return ctx.db.transaction(async (tx) => {
    const [language] = await tx.select().from(languages).where(eq(languages.id, input.language_id));
    if (!language) throw AppError.invalidField('language_id', 'id');
    const [user] = await tx.select({ lang: users.lang }).from(users).where(eq(users.id, me.id));
    const answer = languageDto(language, user?.lang ?? 'en');
    const [already] = await tx
      .select({ id: userLanguages.languageId })
      .from(userLanguages)
      .where(and(eq(userLanguages.userId, me.id), eq(userLanguages.languageId, language.id)));
    if (already) return answer;
    const [has] = await tx
      .select({ n: count() })
      .from(userLanguages)
      .where(eq(userLanguages.userId, me.id));
    const max = PROFILE_LIMITS.languages;
    if ((has?.n ?? 0) >= max) throw tooMany('languages', ['languages', 'idiomas'], max);
    await tx
      .insert(userLanguages)
      .values({ userId: me.id, languageId: language.id, createdAt: ctx.now })
      .onConflictDoNothing();
    return answer;
  });
}
