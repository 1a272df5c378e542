import { sql, type SQL } from 'drizzle-orm';
import { jobs, projects } from '@/db/schema';
import type { Db } from '@/db/types';
import { currencyDigits, CURRENCIES } from '@/lib/currencies';
import { KINDS, type TPostingKind } from '@/lib/kinds';
import { earliestToday } from '@/lib/schemas/marketplace';
import type { TSavedSearchQuery } from '@/lib/schemas/saved-searches';
import { rowsOf } from '@/server/lib/sql';
import { searchWords } from '@/server/services/marketplace/posting-search';

// Matching saved searches (docs/architecture.md "Matching saved searches"). A saved search keeps
// `required_terms`: every term a posting must have for the search to find it. They are the
// search document's own terms (migration 0002): its facets ('#skill=figma', '#modality=remote',
// '#country=pe', '#contract=full_time') as they are, and each search word, normalised as the
// posting's text is (tc_search_norm and the 'simple' parser), as 'w:<word>'. A search word
// matches when it begins a word of the posting, so a posting's terms are its facets and every
// prefix of each of its words ('w:d', 'w:de', 'w:dev'…). A new posting is then matched by ONE
// query: per term of the posting, the searches requiring it (the GIN index of saved_searches),
// kept when all they require was found; the pay in the search's currency only, and the kind.

/**
 * The longest word prefix a posting gives: a search word is at most the search's 100
 * characters, which normalising may lengthen (a ligature becomes two letters), never fourfold.
 */
export const MAX_PREFIX = 400;

/** A search's required terms, as SQL (an array of text) the database computes when saving. */
export function requiredTermsSql(query: TSavedSearchQuery): SQL {
  const facets: string[] = [];
  if (query.skill) facets.push(`#skill=${query.skill}`);
  if (query.country) facets.push(`#country=${query.country}`);
  if (query.modality) facets.push(`#modality=${query.modality}`);
  if (query.contract) facets.push(`#contract=${query.contract}`);
  const words = searchWords(query.search).join(' ');
  // The facets lowered by the database, as the posting's terms were (tc_facet_terms).
  const facetTerms =
    facets.length === 0
      ? sql`'{}'::text[]`
      : sql`array[${sql.join(
          facets.map((f) => sql`lower(${f}::text)`),
          sql`, `,
        )}]`;
  if (words === '') return sql`(${facetTerms})`;
  return sql`(${facetTerms} || array(
    select 'w:' || lex from unnest(tsvector_to_array(
      to_tsvector('simple'::regconfig, public.tc_search_norm(${words})))) lex))`;
}

/** How many minor units make one whole unit of the currency `currency` (SQL). */
const minorPerUnit = (currency: SQL): SQL => {
  const inList = (digits: number) =>
    sql.raw(
      CURRENCIES.filter((c) => currencyDigits(c) === digits)
        .map((c) => `'${c}'`)
        .join(','),
    );
  return sql`(case when ${currency} in (${inList(0)}) then 1 when ${currency} in (${inList(3)}) then 1000 else 100 end)`;
};

/** What a posting pays at most and at least, per kind (as the search's pay filter reads it). */
const PAY = {
  project: { table: projects, high: sql`p.budget`, low: sql`p.budget` },
  job: {
    table: jobs,
    high: sql`coalesce(p.max_salary, p.min_salary)`,
    low: sql`coalesce(p.min_salary, p.max_salary)`,
  },
} as const;

/** The table and status column of each kind, by name (the statement is written in SQL). */
const TABLE = {
  project: { name: sql.raw('projects'), status: sql.raw('project_status_id') },
  job: { name: sql.raw('jobs'), status: sql.raw('job_status_id') },
} as const;

export type TMatch = {
  user_id: number;
  saved_search_id: number;
  search_name: string;
  alert: 'instant' | 'daily';
  posting_name: string;
};

/**
 * Matches the posting against every saved search in one statement and records, for each person
 * it finds, the alert (once per person and posting, whatever search found it: the primary key of
 * saved_search_alerts; ON CONFLICT DO NOTHING, so a posting reopened or matched again on another
 * instance alerts nobody twice). Only a posting still recruiting, whose deadline has not passed;
 * never to a member of the posting's company. Of several searches of one person the instant one
 * is told. Answers the alerts just recorded.
 */
export function recordMatches(
  db: Db,
  now: Date,
  kind: TPostingKind,
  postingId: number,
): Promise<TMatch[]> {
  return rowsOf<TMatch>(db, matchStatement(now, kind, postingId));
}

/** The statement of recordMatches (scripts/bench-alerts.ts prints its plan). */
export function matchStatement(now: Date, kind: TPostingKind, postingId: number): SQL {
  const t = TABLE[kind];
  const pay = PAY[kind];
  const recruiting = sql.join(
    KINDS[kind].recruitingStatuses.map((s) => sql`${s}::int`),
    sql`, `,
  );
  const unit = minorPerUnit(sql`p.currency`);
  return sql`with p as (
        select p.id, p.name, p.company_id, p.owner_id, p.currency, p.search_terms,
          ${pay.high}::bigint as high, ${pay.low}::bigint as low, ${unit}::bigint as unit
        from ${t.name} p
        where p.id = ${postingId}::int and p.${t.status} in (${recruiting})
          and (p.end_date is null or p.end_date >= ${earliestToday(now)}::date)
          and p.hidden_at is null
      ),
      terms as (
        select lex as term from p, unnest(tsvector_to_array(p.search_terms)) lex
        where lex like '#%'
        union
        select 'w:' || left(lex, n) from p, unnest(tsvector_to_array(p.search_terms)) lex,
          generate_series(1, least(length(lex), ${MAX_PREFIX}::int)) n
        where lex not like '#%'
      ),
      candidates as (
        -- Per term of the posting, the searches that require it (the GIN index, exact): a
        -- search matches when every term it requires was found, i.e. as many as it has.
        select s.id from terms t
          join saved_searches s on s.required_terms @> array[t.term]
        where s.kind = ${kind} and s.alert <> 'off'
        group by s.id, s.required_terms
        having count(*) = cardinality(s.required_terms)
        union all
        -- And those that require nothing (filters of pay only, or none).
        select s.id from saved_searches s
        where s.required_terms <@ '{}'::text[] and s.kind = ${kind} and s.alert <> 'off'
      ),
      found as (
        select distinct on (s.user_id) s.user_id, s.id, s.name, s.alert
        from candidates c join saved_searches s on s.id = c.id, p
        where (s.min_pay is null or (s.currency = p.currency and p.high >= s.min_pay * p.unit))
          and (s.max_pay is null or (s.currency = p.currency and p.low <= s.max_pay * p.unit))
          and s.user_id <> p.owner_id
          and not exists (select 1 from company_members m
            where m.company_id = p.company_id and m.user_id = s.user_id)
        order by s.user_id, (s.alert = 'instant') desc, s.id
      ),
      added as (
        insert into saved_search_alerts (user_id, kind, posting_id, saved_search_id, created_at)
        select f.user_id, ${kind}, ${postingId}::int, f.id, ${now.toISOString()}::timestamptz
        from found f
        on conflict do nothing
        returning user_id, saved_search_id
      )
      select a.user_id, a.saved_search_id, f.name as search_name, f.alert, p.name as posting_name
      from added a join found f on f.user_id = a.user_id, p`;
}
