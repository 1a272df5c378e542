import { and, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { jobs, projects } from '@/db/schema';
import { currencyDigits, CURRENCIES } from '@/lib/currencies';
import type { TPostingKind } from '@/lib/kinds';
import { earliestToday, type TJobSearch, type TPostingSearch } from '@/lib/schemas/marketplace';
import type { TCtx } from '@/server/context';
import { postingShown } from '@/server/services/trust/visibility';
import { SERVER_KINDS } from './kinds';
import { savedViewer } from './posting-dto';
import { newestFirst, selectPage, type TSortKey } from './posting-page';

// `GET /projects`, `GET /jobs`: the search of postings (docs/api.md "Search").

/** How many minor units make one whole unit, per currency, in SQL (for pay filters and sort). */
const minorPerUnit = (currency: SQL | unknown): SQL => {
  const inList = (digits: number) =>
    sql.raw(
      CURRENCIES.filter((c) => currencyDigits(c) === digits)
        .map((c) => `'${c}'`)
        .join(','),
    );
  return sql`(case when ${currency} in (${inList(0)}) then 1 when ${currency} in (${inList(3)}) then 1000 else 100 end)`;
};

/**
 * What a posting pays, per kind, as the highest and lowest of its range: a project's budget, a
 * job's salary range (either end may be missing).
 */
const PAY: {
  [K in TPostingKind]: { high: SQL | typeof projects.budget; low: SQL | typeof projects.budget };
} = {
  project: { high: projects.budget, low: projects.budget },
  job: {
    high: sql`coalesce(${jobs.maxSalary}, ${jobs.minSalary})`,
    low: sql`coalesce(${jobs.minSalary}, ${jobs.maxSalary})`,
  },
};

/**
 * The words of a search, each to begin a word of the posting's normalised text: runs of letters
 * and digits, so punctuation and symbols separate words as they do in the text (`tc_search_norm`)
 * and never reach a text search query as syntax.
 */
export const searchWords = (search: string | undefined) =>
  (search ?? '')
    .normalize('NFC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w !== '');

/**
 * "Every word begins a word of the posting", as a text search query, or NULL when the search
 * has no word the text could have. The words are normalised as the text is (`tc_search_norm`:
 * lower case, without accents) and split by the same parser that made the posting's document, so
 * a query word is what a document word would be: unaccent spells a few characters as several
 * ("¼" as "1 4"), which become words of their own, and folds others to nothing (a lone combining
 * accent, "ʼ"), as does the parser with characters it takes for no letter. Each word is made a
 * prefix (`word:*`) and they are joined with AND; a word holds no punctuation (the normalisation
 * turned it into spaces), so none is query syntax. A search that leaves no word gives NULL, never
 * an empty query: PostgreSQL refuses `:*` and warns of an empty one (docs/api.md "Search").
 */
const everyWordBegins = (words: Placeholder) =>
  sql`(nullif(array_to_string(tsvector_to_array(to_tsvector('simple'::regconfig, public.tc_search_norm(${words}))), ':* & '), '') || ':*')::tsquery`;

/**
 * A facet term of the search document (migration 0002), quoted for `::tsquery`: "'#skill=figma'".
 * The database lowers the whole query, as it lowered the terms it stored.
 */
const facetTerm = (name: string, value: string | number) =>
  `'#${name}=${String(value).replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** `GET /projects`, `GET /jobs`: one page of postings of `kind` matching the URL's choices. */
export async function searchPostings(
  ctx: TCtx,
  input: { kind: TPostingKind } & (TPostingSearch | TJobSearch),
) {
  const { kind, ...q } = input;
  const k = SERVER_KINDS[kind];
  const t = k.postingTable;
  // Equality filters are facet terms, looked up with the words in the search document's index.
  const facets = [facetTerm('status', q.status ?? k.statuses.recruiting)];
  if (q.skill) facets.push(facetTerm('skill', q.skill));
  if (q.country) facets.push(facetTerm('country', q.country));
  if (q.modality) facets.push(facetTerm('modality', q.modality));
  // Only a job's search has a contract type (lib/schemas/marketplace.ts).
  if ('contract_type' in q && q.contract_type) facets.push(facetTerm('contract', q.contract_type));
  const values: Record<string, unknown> = {
    facets: facets.join(' & '),
    viewer: savedViewer(ctx),
  };
  let terms = sql`lower(${sql.placeholder('facets')})::tsquery`;
  // The statement's shape (its prepared name) says which conditions it has, never their values.
  let key = '';
  const words = searchWords(q.search);
  if (words.length > 0) {
    key += 'w';
    values.words = words.join(' ');
    // No word left once normalised: the facets alone, as for an empty search.
    terms = sql`coalesce(${everyWordBegins(sql.placeholder('words'))} && ${terms}, ${terms})`;
  }
  // What an operator hid is nobody's search result (docs/product.md "Reports and suspension").
  const conditions = [sql`${t.searchTerms} @@ ${terms}`, postingShown(t)];
  if (!q.status) {
    // By default, what takes applications: recruiting, and the deadline not passed anywhere.
    key += 'r';
    values.today = earliestToday(ctx.now);
    conditions.push(sql`(${t.endDate} is null or ${t.endDate} >= ${sql.placeholder('today')})`);
  }
  const unit = minorPerUnit(t.currency);
  // Pay is compared in one currency only (the schema requires it with an amount).
  if (q.currency !== undefined) {
    key += 'c';
    values.currency = q.currency;
    conditions.push(sql`${t.currency} = ${sql.placeholder('currency')}`);
  }
  // What it pays must reach into [min_pay, max_pay] (whole units of that currency).
  const { high, low } = PAY[kind];
  if (q.min_pay !== undefined) {
    key += 'a';
    values.min_pay = q.min_pay;
    conditions.push(sql`${high}::bigint >= ${sql.placeholder('min_pay')}::bigint * ${unit}`);
  }
  if (q.max_pay !== undefined) {
    key += 'b';
    values.max_pay = q.max_pay;
    conditions.push(sql`${low}::bigint <= ${sql.placeholder('max_pay')}::bigint * ${unit}`);
  }

  const sort: TSortKey =
    q.sort === 'deadline'
      ? { key: sql`${t.endDate}`, dir: 'asc' }
      : q.sort === 'pay'
        ? { key: sql`${high}::numeric / ${unit}`, dir: 'desc' }
        : newestFirst(kind);
  key += `_${q.sort ?? 'newest'}`;
  return selectPage(ctx.db, kind, ctx.now, { key, where: and(...conditions)!, sort, values }, q);
}
