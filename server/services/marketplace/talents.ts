import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  favorites,
  languages,
  skills,
  userLanguages,
  userRolesInterest,
  userSkills,
  users,
} from '@/db/schema';
import type { TTalentSearch } from '@/lib/schemas/marketplace';
import type { TCtx } from '@/server/context';
import { qualified } from '@/server/lib/sql';
import { assertRole } from '@/server/services/access';
import { paginated } from '@/server/services/profile/common';
import { profileShown } from '@/server/services/trust/visibility';
import { searchWords } from './postings';

// `GET /talents` (docs/api.md "Marketplace"): businesses look for talents by words of the name
// and headline, skill, language, role of interest and country. One query per page: skills and
// languages come as JSON from subqueries, the total from a window count.

/**
 * `GET /talents`: a page of talents' public cards, the fullest profiles first (`profile_rank`, kept
 * by a trigger: db/schema/users.ts), then the most recently updated, then the newest account.
 */
export async function searchTalents(ctx: TCtx, q: TTalentSearch) {
  assertRole(ctx, 'business');
  // The same expression as the partial index users_talent_search_idx, so the index serves it.
  const doc = sql`public.tc_search_norm(${users.name} || ' ' || ${users.lastName} || ' ' || coalesce(${users.headline}, ''))`;
  const conditions: (SQL | undefined)[] = [eq(users.isTalent, true)];
  for (const word of searchWords(q.search)) {
    conditions.push(sql`${doc} like '%' || rtrim(public.tc_search_norm(${word})) || '%'`);
  }
  if (q.skill) {
    conditions.push(sql`exists (select 1 from ${userSkills} join ${skills} on ${qualified(skills.id)} = ${qualified(userSkills.skillId)}
      where ${qualified(userSkills.userId)} = ${qualified(users.id)} and lower(${qualified(skills.name)}) = lower(${q.skill}))`);
  }
  if (q.role) {
    conditions.push(sql`exists (select 1 from ${userRolesInterest}
      where ${qualified(userRolesInterest.userId)} = ${qualified(users.id)} and lower(${qualified(userRolesInterest.name)}) = lower(${q.role}))`);
  }
  if (q.language) {
    conditions.push(sql`exists (select 1 from ${userLanguages} join ${languages} on ${qualified(languages.id)} = ${qualified(userLanguages.languageId)}
      where ${qualified(userLanguages.userId)} = ${qualified(users.id)} and ${qualified(languages.code)} = ${q.language})`);
  }
  if (q.country) conditions.push(eq(users.countryCode, q.country));
  const order = [desc(users.profileRank), desc(users.updatedAt), desc(users.id)];
  return talentPage(ctx, and(...conditions), order, q);
}

/**
 * A page of talents' cards as `GET /talents` answers them, in one statement: those matching
 * `where`, in `order`, each with whether the business reading saved it (docs/api.md
 * "Favourites"). Shared by the search and the business's saved talents.
 */
export async function talentPage(
  ctx: TCtx,
  where: SQL | undefined,
  order: SQL[],
  q: { page: number; per_page: number },
) {
  const viewer = ctx.user && !ctx.user.isTalent ? ctx.user.id : 0;
  const rows = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      headline: users.headline,
      avatarUrl: users.avatarUrl,
      countryCode: users.countryCode,
      city: users.city,
      skills: sql<
        string[]
      >`coalesce((select json_agg(${qualified(skills.name)} order by ${qualified(userSkills.createdAt)}, ${qualified(skills.name)})
        from ${userSkills} join ${skills} on ${qualified(skills.id)} = ${qualified(userSkills.skillId)}
        where ${qualified(userSkills.userId)} = ${qualified(users.id)}), '[]'::json)`,
      languages: sql<{ code: string; name_en: string; name_es: string }[]>`coalesce((select
        json_agg(json_build_object('code', ${qualified(languages.code)}, 'name_en', ${qualified(languages.nameEn)}, 'name_es', ${qualified(languages.nameEs)})
        order by ${qualified(userLanguages.createdAt)})
        from ${userLanguages} join ${languages} on ${qualified(languages.id)} = ${qualified(userLanguages.languageId)}
        where ${qualified(userLanguages.userId)} = ${qualified(users.id)}), '[]'::json)`,
      saved: sql<boolean>`exists (select 1 from ${favorites} where ${qualified(favorites.userId)} = ${viewer}
        and ${qualified(favorites.kind)} = 'talent' and ${qualified(favorites.targetId)} = ${qualified(users.id)})`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(users)
    .where(and(where, profileShown()))
    .orderBy(...order)
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);

  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(where, profileShown()));
    total = row?.n ?? 0;
  }
  const data = rows.map((r) => ({
    id: r.id,
    name: r.name,
    last_name: r.lastName,
    headline: r.headline,
    avatar_url: r.avatarUrl,
    country_code: r.countryCode,
    city: r.city,
    skills: r.skills,
    languages: r.languages,
    saved: r.saved,
  }));
  return paginated(data, total, q.page, q.per_page);
}
