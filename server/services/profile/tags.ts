import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { languages, skills, userLanguages, userRolesInterest, userSkills } from '@/db/schema';
import { AppError } from '@/server/errors';
import { tooMany, type TProfileCtx } from './common';

// Skills, roles of interest and languages are replaced by the client: DELETE all, then POST each
// (seed §7). A repeated one is ignored, not an error (API.md).

export const MAX_SKILLS = 50;
export const MAX_ROLES = 20;
export const MAX_LANGUAGES = 30;

export async function clearSkills(ctx: TProfileCtx) {
  await ctx.db.delete(userSkills).where(eq(userSkills.userId, ctx.user.id));
}

/**
 * Adds a skill to the caller. Skills are shared: the first spelling of a name is kept, and
 * "react" then joins the existing "React".
 */
export async function addSkill(ctx: TProfileCtx, name: string) {
  await ctx.db.transaction(async (tx) => {
    const findSkill = () =>
      tx
        .select({ id: skills.id })
        .from(skills)
        .where(sql`lower(${skills.name}) = lower(${name})`);
    let [skill] = await findSkill();
    if (skill) {
      const [already] = await tx
        .select({ id: userSkills.skillId })
        .from(userSkills)
        .where(and(eq(userSkills.userId, ctx.user.id), eq(userSkills.skillId, skill.id)));
      if (already) return;
    }
    const [has] = await tx
      .select({ n: count() })
      .from(userSkills)
      .where(eq(userSkills.userId, ctx.user.id));
    if ((has?.n ?? 0) >= MAX_SKILLS) throw tooMany(['skills', 'habilidades'], MAX_SKILLS);
    if (!skill) {
      // Another request may create the same skill meanwhile: then its spelling wins.
      await tx.insert(skills).values({ name }).onConflictDoNothing();
      [skill] = await findSkill();
    }
    await tx
      .insert(userSkills)
      .values({ userId: ctx.user.id, skillId: skill!.id, createdAt: ctx.now })
      .onConflictDoNothing();
  });
}

/** `LIKE` pattern of a literal text. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * Skill suggestions for `search` (contained anywhere, any case), the most used first; without a
 * search, the most used skills.
 */
export async function suggestSkills(db: Db, search: string | undefined, limit = 20) {
  const used = count(userSkills.userId);
  const term = search ?? '';
  const rows = await db
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
    .limit(limit);
  return rows.map((r) => r.name);
}

export async function clearRoles(ctx: TProfileCtx) {
  await ctx.db.delete(userRolesInterest).where(eq(userRolesInterest.userId, ctx.user.id));
}

/** Adds a role of interest to the caller; the same name in another case is ignored. */
export async function addRole(ctx: TProfileCtx, name: string) {
  await ctx.db.transaction(async (tx) => {
    const [already] = await tx
      .select({ id: userRolesInterest.id })
      .from(userRolesInterest)
      .where(
        and(
          eq(userRolesInterest.userId, ctx.user.id),
          sql`lower(${userRolesInterest.name}) = lower(${name})`,
        ),
      );
    if (already) return;
    const [has] = await tx
      .select({ n: count() })
      .from(userRolesInterest)
      .where(eq(userRolesInterest.userId, ctx.user.id));
    if ((has?.n ?? 0) >= MAX_ROLES)
      throw tooMany(['roles of interest', 'roles de interés'], MAX_ROLES);
    await tx
      .insert(userRolesInterest)
      .values({ userId: ctx.user.id, name, createdAt: ctx.now })
      .onConflictDoNothing();
  });
}

export async function clearLanguages(ctx: TProfileCtx) {
  await ctx.db.delete(userLanguages).where(eq(userLanguages.userId, ctx.user.id));
}

/** Adds a language (an id of the `languages` list) to the caller. */
export async function addLanguage(ctx: TProfileCtx, languageId: number) {
  await ctx.db.transaction(async (tx) => {
    const [language] = await tx
      .select({ id: languages.id })
      .from(languages)
      .where(eq(languages.id, languageId));
    if (!language) {
      throw new AppError('invalid_input', {
        errors: [{ path: 'language_id', message: 'There is no such language.' }],
      });
    }
    const [already] = await tx
      .select({ id: userLanguages.languageId })
      .from(userLanguages)
      .where(and(eq(userLanguages.userId, ctx.user.id), eq(userLanguages.languageId, languageId)));
    if (already) return;
    const [has] = await tx
      .select({ n: count() })
      .from(userLanguages)
      .where(eq(userLanguages.userId, ctx.user.id));
    if ((has?.n ?? 0) >= MAX_LANGUAGES) throw tooMany(['languages', 'idiomas'], MAX_LANGUAGES);
    await tx
      .insert(userLanguages)
      .values({ userId: ctx.user.id, languageId, createdAt: ctx.now })
      .onConflictDoNothing();
  });
}
