import { and, asc, desc, eq, gte, lte, sql, type Column, type SQL } from 'drizzle-orm';
import {
  applicationNotes,
  applicationRatings,
  applicationStatusHistory,
  jobApplications,
  projectApplications,
  skills,
  userSkills,
  users,
} from '@/db/schema';
import type { TBoardFilters } from '@/lib/schemas/workbench';
import { qualified } from '@/server/lib/sql';
import { SERVER_KINDS } from './kinds';
import type { TKind } from './postings';

// The board's search, filters and order in SQL (docs/api.md "The recruiter's workbench"): each
// application's team rating, notes count and time in its stage are correlated aggregates of the
// one page query (indexed by kind and application), never a statement per application.

/** What each kind's board searches and filters on, beyond the talent. */
const KIND_COLUMNS: Record<
  TKind,
  { text: Column; price: Column | null; weeks: Column | null; file: Column | null }
> = {
  project: {
    text: projectApplications.proposal,
    price: projectApplications.priceProposal,
    weeks: projectApplications.weeks,
    file: null,
  },
  job: { text: jobApplications.summary, price: null, weeks: null, file: jobApplications.fileId },
};

const idOf = (kind: TKind) =>
  qualified((SERVER_KINDS[kind].applicationTable as typeof projectApplications).id);
const createdOf = (kind: TKind) =>
  qualified((SERVER_KINDS[kind].applicationTable as typeof projectApplications).createdAt);

/** The team's average rating of each application, one decimal; null when nobody rated. */
export const ratingAverage = (kind: TKind) =>
  sql<number | null>`(select round(avg(${qualified(applicationRatings.rating)})::numeric, 1)::float8
    from ${applicationRatings} where ${qualified(applicationRatings.kind)} = ${kind}
    and ${qualified(applicationRatings.applicationId)} = ${idOf(kind)})`;

/** How many members rated each application. */
export const ratingCount = (kind: TKind) =>
  sql<number>`(select count(*)::int from ${applicationRatings}
    where ${qualified(applicationRatings.kind)} = ${kind}
    and ${qualified(applicationRatings.applicationId)} = ${idOf(kind)})`;

/** The rating `userId` (the signed-in member) gave each application; null when none. */
export const ratingMine = (kind: TKind, userId: number) =>
  sql<number | null>`(select ${qualified(applicationRatings.rating)} from ${applicationRatings}
    where ${qualified(applicationRatings.kind)} = ${kind}
    and ${qualified(applicationRatings.applicationId)} = ${idOf(kind)}
    and ${qualified(applicationRatings.userId)} = ${userId})`;

/** How many notes the team wrote on each application. */
export const notesCount = (kind: TKind) =>
  sql<number>`(select count(*)::int from ${applicationNotes}
    where ${qualified(applicationNotes.kind)} = ${kind}
    and ${qualified(applicationNotes.applicationId)} = ${idOf(kind)})`;

/** When each application entered its status: its last move, else its creation. */
const stageSince = (kind: TKind) =>
  sql`coalesce((select max(${qualified(applicationStatusHistory.createdAt)})
    from ${applicationStatusHistory} where ${qualified(applicationStatusHistory.kind)} = ${kind}
    and ${qualified(applicationStatusHistory.applicationId)} = ${idOf(kind)}), ${createdOf(kind)})`;

/** `stageSince` as an ISO 8601 instant in UTC (the same text on PGlite and node-postgres). */
export const stageSinceIso = (kind: TKind) =>
  sql<string>`to_char(${stageSince(kind)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The conditions of the board's filters (the posting and status are the caller's). */
export function boardFilters(kind: TKind, q: TBoardFilters): (SQL | undefined)[] {
  const c = KIND_COLUMNS[kind];
  const conditions: (SQL | undefined)[] = [];
  if (q.search) {
    // Accents, case and punctuation aside (public.tc_search_norm, migration 0001): a substring
    // of the name and last name, the headline, or the proposal / summary.
    const doc = sql`public.tc_search_norm(${qualified(users.name)} || ' ' || ${qualified(users.lastName)}
      || ' ' || coalesce(${qualified(users.headline)}, '') || ' ' || ${qualified(c.text)})`;
    conditions.push(sql`${doc} like '%' || btrim(public.tc_search_norm(${q.search})) || '%'`);
  }
  if (q.min_rating !== undefined) conditions.push(sql`${ratingAverage(kind)} >= ${q.min_rating}`);
  if (q.skill !== undefined) {
    // A skill's name, case aside, among the talent's profile skills (as `GET /projects?skill=`).
    conditions.push(sql`exists (select 1 from ${userSkills}
      join ${skills} on ${qualified(skills.id)} = ${qualified(userSkills.skillId)}
      where ${qualified(userSkills.userId)} = ${qualified(users.id)}
      and lower(${qualified(skills.name)}) = lower(${q.skill}))`);
  }
  if (q.has_cv !== undefined) {
    const profileCv = sql`coalesce(${qualified(users.cvUrl)}, '') <> ''`;
    const hasCv = c.file ? sql`(${qualified(c.file)} is not null or ${profileCv})` : profileCv;
    conditions.push(q.has_cv ? hasCv : sql`not ${hasCv}`);
  }
  // The schemas refuse these on a job's board (BOARD_QUERY_SCHEMAS), so `c.price` is there.
  if (c.price && q.min_price !== undefined) conditions.push(gte(c.price, q.min_price));
  if (c.price && q.max_price !== undefined) conditions.push(lte(c.price, q.max_price));
  if (c.weeks && q.max_weeks !== undefined) conditions.push(lte(c.weeks, q.max_weeks));
  return conditions;
}

/**
 * The board's order: applied (oldest first), price (lowest first), rating (highest first, the
 * unrated last either way), stage_time (longest in the stage first); `order` sets the direction
 * of the sorted quantity. Ties go oldest application first.
 */
export function boardOrder(kind: TKind, q: Pick<TBoardFilters, 'sort' | 'order'>): SQL[] {
  const table = SERVER_KINDS[kind].applicationTable as typeof projectApplications;
  const ties = [asc(table.createdAt), asc(table.id)];
  const price = KIND_COLUMNS[kind].price;
  switch (q.sort) {
    case 'price':
      if (price) return [q.order === 'desc' ? desc(price) : asc(price), ...ties];
      return ties;
    case 'rating':
      return [
        sql`${ratingAverage(kind)} ${q.order === 'asc' ? sql`asc` : sql`desc`} nulls last`,
        ...ties,
      ];
    case 'stage_time':
      // The longest in the stage is the one that entered it first.
      return [q.order === 'asc' ? desc(stageSince(kind)) : asc(stageSince(kind)), ...ties];
    default:
      return q.order === 'desc' ? [desc(table.createdAt), desc(table.id)] : ties;
  }
}

/** The application's posting and, when given, its status, with the board's filters. */
export function boardWhere(kind: TKind, postingId: number, q: TBoardFilters, status?: number) {
  const k = SERVER_KINDS[kind];
  return and(
    eq(k.applicationFk, postingId),
    status === undefined ? undefined : eq(k.applicationStatus, status),
    ...boardFilters(kind, q),
  );
}
