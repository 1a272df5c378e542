import { sql } from 'drizzle-orm';
import { skills, userRolesInterest, userSkills } from '@/db/schema';
import type { TPostingKind } from '@/lib/kinds';
import { earliestToday } from '@/lib/schemas/marketplace';
import type { TCtx } from '@/server/context';
import { qualified } from '@/server/lib/sql';
import { assertRole } from '@/server/services/access';
import { SERVER_KINDS } from '@/server/services/marketplace/kinds';
import { selectPage } from '@/server/services/marketplace/posting-page';

// `GET /me/recommendations` (docs/api.md "For you", docs/product.md "For you"): the open
// postings a talent has not applied to, those sharing the most of the talent's skills and roles
// of interest first, then the newest. One statement per page, as every list of postings
// (docs/performance.md "For you").

/** The talent's skills, lower case, as one array: an InitPlan, read once per statement. */
const MY_SKILLS = sql`array(select lower(${qualified(skills.name)})
  from ${userSkills} join ${skills} on ${qualified(skills.id)} = ${qualified(userSkills.skillId)}
  where ${qualified(userSkills.userId)} = ${sql.placeholder('viewer')})`;

/**
 * The talent's roles of interest, each as a text search query "every word of the role begins a
 * word of the posting" (normalised as the posting's document is, docs/api.md "Search"): also
 * read once per statement.
 */
const MY_ROLES = sql`array(select q from (
  select (nullif(array_to_string(tsvector_to_array(to_tsvector('simple'::regconfig,
    public.tc_search_norm(${qualified(userRolesInterest.name)}))), ':* & '), '') || ':*')::tsquery as q
  from ${userRolesInterest} where ${qualified(userRolesInterest.userId)} = ${sql.placeholder('viewer')}) r
  where q is not null)`;

/**
 * `GET /me/recommendations?kind=`: a page of open postings (taking applications: recruiting, and
 * the deadline not passed anywhere) the talent has not applied to, ranked by how many of the
 * talent's skills the posting asks for plus how many of their roles of interest its words name,
 * then the newest.
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
  // The status as the search finds it: a facet term of the document's index (docs/api.md "Search").
  const where = sql`${t.searchTerms} @@ ${`'#status=${k.statuses.recruiting}'`}::tsquery
    and (${t.endDate} is null or ${t.endDate} >= ${sql.placeholder('today')})
    and not exists (select 1 from ${k.applicationTable}
      where ${qualified(k.applicationFk)} = ${id} and ${qualified(k.applicationTable.userId)} = ${sql.placeholder('viewer')})`;
  const shared = sql`(select count(*) from jsonb_array_elements_text(${t.skills}) s
      where lower(s) = any(${MY_SKILLS}))
    + (select count(*) from unnest(${MY_ROLES}) q where ${t.searchTerms} @@ q)`;
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
