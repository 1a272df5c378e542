import { sql } from 'drizzle-orm';
import { skills, userRolesInterest, userSkills } from '@/db/schema';
import type { TPostingKind } from '@/lib/kinds';
import { earliestToday } from '@/lib/schemas/marketplace';
import type { TCtx } from '@/server/context';
import { qualified } from '@/server/lib/sql';
import { assertRole } from '@/server/services/access';
import { SERVER_KINDS } from '@/server/services/marketplace/kinds';
import { selectPage } from '@/server/services/marketplace/posting-page';
import { postingShown } from '@/server/services/trust/visibility';

// `GET /me/recommendations` (docs/api.md "For you", docs/product.md "For you"): the open
// postings a talent has not applied to, those sharing the most of the talent's skills and roles
// of interest first, then the newest. One statement per page, as every list of postings
// (docs/performance.md "For you").

/**
 * The talent's skills as the facet terms of a posting's search document ('#skill=figma', lower
 * case: migration 0002), in one array: an InitPlan, read once per statement.
 */
const MY_SKILL_TERMS = sql`array(select '#skill=' || lower(${qualified(skills.name)})
  from ${userSkills} join ${skills} on ${qualified(skills.id)} = ${qualified(userSkills.skillId)}
  where ${qualified(userSkills.userId)} = ${sql.placeholder('viewer')})`;

/**
 * The talent's roles of interest as one text search query: any role whose every word begins a
 * word of the posting (normalised as the posting's document is, docs/api.md "Search"). NULL
 * without roles. Also read once per statement.
 */
const MY_ROLES_QUERY = sql`(select string_agg('(' || q::text || ')', ' | ')::tsquery from (
  select (nullif(array_to_string(tsvector_to_array(to_tsvector('simple'::regconfig,
    public.tc_search_norm(${qualified(userRolesInterest.name)}))), ':* & '), '') || ':*')::tsquery as q
  from ${userRolesInterest} where ${qualified(userRolesInterest.userId)} = ${sql.placeholder('viewer')}) r
  where q is not null)`;

/**
 * `GET /me/recommendations?kind=`: a page of open postings (taking applications: recruiting, and
 * the deadline not passed anywhere) the talent has not applied to, ranked by how many of the
 * talent's skills the posting asks for, plus one when its words name one of their roles of
 * interest, then the newest.
 */
export async function listRecommendations(
  ctx: TCtx,
  input: { kind: TPostingKind; page: number; per_page: number },
) {
  const me = assertRole(ctx, 'talent');
  const { kind } = input;
  const k = SERVER_KINDS[kind];
  const t = k.postingTable;
  const id = qualified(t.id);
  const where = sql`${k.status} = ${k.statuses.recruiting} and ${postingShown(t)}
    and (${t.endDate} is null or ${t.endDate} >= ${sql.placeholder('today')})
    and not exists (select 1 from ${k.applicationTable}
      where ${qualified(k.applicationFk)} = ${id} and ${qualified(k.applicationTable.userId)} = ${sql.placeholder('viewer')})`;
  // The skills shared: the facet terms the document loses when the talent's are taken out of it
  // (two calls on one value a row, no subquery a row); and one more when a role is named.
  const shared = sql`length(${t.searchTerms}) - length(ts_delete(${t.searchTerms}, ${MY_SKILL_TERMS}))
    + coalesce((${t.searchTerms} @@ ${MY_ROLES_QUERY})::int, 0)`;
  // One key: the number shared, then the creation time (seconds since 1970 stay below 10^10).
  const key = sql`(${shared})::numeric * 10000000000 + extract(epoch from ${t.createdAt})`;
  return selectPage(
    ctx.db,
    kind,
    ctx.now,
    {
      key: 'for_you',
      where,
      sort: { key, dir: 'desc' },
      values: { viewer: me.id, today: earliestToday(ctx.now) },
    },
    input,
  );
}
