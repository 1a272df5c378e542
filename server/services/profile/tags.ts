import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { skills, userLanguages, userRolesInterest, userSkills } from '@/db/schema';
import { PROFILE_LIMITS } from '@/lib/schemas/profile';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { rowsOf } from '@/server/lib/sql';
import { requireUser } from '@/server/services/access';
import { tooMany } from './common';
import { languageDto } from './dto';

// Skills, roles of interest and languages are replaced by the client: DELETE all, then POST each
// (docs/product.md "The calls"). A repeated one is ignored, not an error (docs/api.md), and each POST answers the
// entry as the user object lists it.

export async function clearSkills(ctx: TCtx) {
  const me = requireUser(ctx);
  await ctx.db.delete(userSkills).where(eq(userSkills.userId, me.id));
}

/**
 * Adds a skill to the caller and answers it as stored. Skills are shared: the first spelling of a
 * name is kept, and "react" then joins (and answers) the existing "React". One statement finds or
 * creates the skill, checks the limit and links it (docs/architecture.md "Reads and writes").
 */
export async function addSkill(ctx: TCtx, input: { name: string }): Promise<{ name: string }> {
  const me = requireUser(ctx);
  const max = PROFILE_LIMITS.skills;
  const attempt = async () => {
    const [row] = await rowsOf<{ name: string | null; n: number; had: boolean }>(
      ctx.db,
      sql`
        with existing as (select id, name from skills where lower(name) = lower(${input.name})),
        mine as (
          select count(*)::int as n,
                 coalesce(bool_or(skill_id in (select id from existing)), false) as had
          from user_skills where user_id = ${me.id}),
        created as (
          insert into skills (name)
          select ${input.name}::text where not exists (select 1 from existing)
            and (select n from mine) < ${max}
          on conflict do nothing returning id, name),
        skill as (select id, name from existing union all select id, name from created),
        linked as (
          insert into user_skills (user_id, skill_id, created_at)
          select ${me.id}::int, id, ${ctx.now.toISOString()}::timestamptz from skill
          where (select n from mine) < ${max} and not (select had from mine)
          on conflict do nothing returning skill_id)
        select (select name from skill limit 1) as name, n, had from mine`,
    );
    return row!;
  };
  let row = await attempt();
  // Another request created the same new skill meanwhile: its spelling wins, on a second look.
  if (row.name === null && row.n < max) row = await attempt();
  if (row.had || (row.name !== null && row.n < max)) return { name: row.name! };
  throw tooMany('skills', ['skills', 'habilidades'], max);
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
  const max = PROFILE_LIMITS.roles;
  const attempt = async () => {
    const [row] = await rowsOf<{ stored: string | null; n: number }>(
      ctx.db,
      sql`
        with mine as (
          select count(*)::int as n,
                 min(name) filter (where lower(name) = lower(${input.name})) as had
          from user_roles_interest where user_id = ${me.id}),
        added as (
          insert into user_roles_interest (user_id, name, created_at)
          select ${me.id}::int, ${input.name}::text, ${ctx.now.toISOString()}::timestamptz
          where (select had from mine) is null and (select n from mine) < ${max}
          on conflict do nothing returning name)
        select coalesce(had, (select name from added)) as stored, n from mine`,
    );
    return row!;
  };
  let row = await attempt();
  // The same role in another case was added meanwhile: answer the stored one.
  if (row.stored === null && row.n < max) row = await attempt();
  if (row.stored !== null) return { name: row.stored };
  throw tooMany('roles_interest', ['roles of interest', 'roles de interés'], max);
}

export async function clearLanguages(ctx: TCtx) {
  const me = requireUser(ctx);
  await ctx.db.delete(userLanguages).where(eq(userLanguages.userId, me.id));
}

/**
 * Adds a language (an id of the `languages` list) to the caller and answers it as the user
 * object's `languages` lists it. One statement checks the id and the limit and links it.
 */
export async function addLanguage(ctx: TCtx, input: { language_id: number }) {
  const me = requireUser(ctx);
  const max = PROFILE_LIMITS.languages;
  const [row] = await rowsOf<{
    id: number;
    code: string;
    nameEn: string;
    nameEs: string;
    lang: string;
    n: number;
    had: boolean;
  }>(
    ctx.db,
    sql`
      with language as (select id, code, name_en, name_es from languages
                        where id = ${input.language_id}),
      mine as (
        select count(*)::int as n, coalesce(bool_or(language_id = ${input.language_id}), false) as had
        from user_languages where user_id = ${me.id}),
      linked as (
        insert into user_languages (user_id, language_id, created_at)
        select ${me.id}::int, id, ${ctx.now.toISOString()}::timestamptz from language
        where (select n from mine) < ${max} and not (select had from mine)
        on conflict do nothing returning language_id)
      select l.id, l.code, l.name_en as "nameEn", l.name_es as "nameEs",
             (select lang from users where id = ${me.id}) as lang, m.n, m.had
      from language l, mine m`,
  );
  if (!row) throw AppError.invalidField('language_id', 'id');
  if (!row.had && row.n >= max) throw tooMany('languages', ['languages', 'idiomas'], max);
  return languageDto(row, row.lang ?? 'en');
}
