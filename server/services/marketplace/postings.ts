import { and, desc, eq, getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  countries,
  jobApplications,
  jobs,
  projectApplications,
  projects,
  users,
  userWorkplaces,
} from '@/db/schema';
import type { Db } from '@/db/types';
import { currencyDigits, CURRENCIES, isCurrency } from '@/lib/currencies';
import {
  earliestToday,
  jobSchema,
  projectSchema,
  type TJobFields,
  type TJobSearch,
  type TPostingSearch,
  type TProjectFields,
} from '@/lib/schemas/marketplace';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import { AppError, fieldError, type TFieldProblem } from '@/server/errors';
import { prepared, qualified } from '@/server/lib/sql';
import { parseWith } from '@/server/lib/validate';
import { assertRole } from '@/server/services/access';
import { paginated, sentFields } from '@/server/services/profile/common';
import { companySubject, takeRateLimits } from '@/server/services/rate-limit';
import type { TJob, TProject } from '@/types/marketplace';

// Projects and jobs a business posts (docs/api.md "Marketplace", docs/product.md "Marketplace").
// Both kinds share the verbs: `KINDS` names each one's table, status column and applications.
// Every list is one query per page: the owner, company and applicant count come from the same
// statement, and the total from a count of the matches.

export type TKind = 'project' | 'job';

const KINDS = {
  project: {
    table: projects,
    status: projects.projectStatusId,
    recruiting: PROJECT_STATUS.recruiting,
    applications: projectApplications,
    applicationFk: projectApplications.projectId,
    applicationStatus: projectApplications.accepted,
  },
  job: {
    table: jobs,
    status: jobs.jobStatusId,
    recruiting: JOB_STATUS.recruiting,
    applications: jobApplications,
    applicationFk: jobApplications.jobId,
    applicationStatus: jobApplications.selected,
  },
} as const;

const NOT_FOUND = {
  project: ['Project not found.', 'Proyecto no encontrado.'],
  job: ['Job not found.', 'Empleo no encontrado.'],
} as const;

export const postingNotFound = (kind: TKind) =>
  new AppError('not_found', { message: NOT_FOUND[kind][0], messageEs: NOT_FOUND[kind][1] });

export const notRecruiting = () =>
  new AppError('closed', {
    message: 'This posting is no longer recruiting, so it cannot change.',
    messageEs: 'Esta publicación ya no está en selección, así que no puede cambiar.',
  });

/**
 * Whether a posting still recruits: its applicants move and may withdraw. A job "in selection"
 * (2) still recruits, though it takes no new applications (`isAccepting`).
 */
export const isRecruiting = (kind: TKind, statusId: number) =>
  statusId === KINDS[kind].recruiting || (kind === 'job' && statusId === JOB_STATUS.inSelection);

/** Whether a posting takes applications: recruiting, and its last day has not ended anywhere. */
export const isAccepting = (
  p: { statusId: number; endDate: string | null },
  kind: TKind,
  now: Date,
) =>
  p.statusId === KINDS[kind].recruiting && (p.endDate === null || p.endDate >= earliestToday(now));

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

/** The columns every list of postings reads besides the posting's own. */
function extras(kind: TKind) {
  const k = KINDS[kind];
  return {
    ownerName: sql<string>`btrim(${users.name} || ' ' || ${users.lastName})`,
    company: sql<
      string | null
    >`(select ${qualified(userWorkplaces.workplaceName)} from ${userWorkplaces}
      where ${qualified(userWorkplaces.userId)} = ${qualified(k.table.ownerId)} and ${qualified(userWorkplaces.enableBusiness)}
      order by ${qualified(userWorkplaces.workHere)} desc, ${qualified(userWorkplaces.startDate)} desc limit 1)`,
    applicationsCount: sql<number>`(select count(*)::int from ${k.applications}
      where ${qualified(k.applicationFk)} = ${qualified(k.table.id)} and ${qualified(k.applicationStatus)} <> ${APPLICATION_STATUS.withdrawn})`,
  };
}

/** A posting's columns as the API reads them (the search terms are the database's business). */
type TProjectRow = Omit<typeof projects.$inferSelect, 'searchTerms'>;
type TJobRow = Omit<typeof jobs.$inferSelect, 'searchTerms'>;
type TExtras = { ownerName: string; company: string | null; applicationsCount: number };

function baseDto(p: TProjectRow | TJobRow, x: TExtras, statusId: number, kind: TKind, now: Date) {
  return {
    id: p.id,
    name: p.name,
    summary: p.summary,
    description: p.description,
    skills: p.skills,
    currency: p.currency,
    modality: p.modality,
    country_code: p.countryCode,
    end_date: p.endDate,
    owner: { id: p.ownerId, name: x.ownerName, company: x.company },
    applications_count: x.applicationsCount,
    created_at: p.createdAt.toISOString(),
    accepting: isAccepting({ statusId, endDate: p.endDate }, kind, now),
  };
}

export const projectDto = (p: TProjectRow, x: TExtras, now: Date): TProject => ({
  ...baseDto(p, x, p.projectStatusId, 'project', now),
  budget: p.budget,
  weeks: p.weeks,
  project_status_id: p.projectStatusId,
});

export const jobDto = (j: TJobRow, x: TExtras, now: Date): TJob => ({
  ...baseDto(j, x, j.jobStatusId, 'job', now),
  requirements: j.requirements,
  contract_type: j.contractType,
  min_salary: j.minSalary,
  max_salary: j.maxSalary,
  job_status_id: j.jobStatusId,
});

export type TProjectDto = ReturnType<typeof projectDto>;
export type TJobDto = ReturnType<typeof jobDto>;

/** How a list is ordered: one key (nulls last), then the newest id first. */
type TSortKey = { key: SQL; dir: 'asc' | 'desc' };

const newestFirst = (kind: TKind): TSortKey => ({
  key: sql`${KINDS[kind].table.createdAt}`,
  dir: 'desc',
});

/**
 * A page query's shape: its filters as SQL with placeholders (`sql.placeholder`), named by `key`
 * (what is filtered, never the values), and the values for this request. One shape is built and
 * prepared once per database (`prepared`): drizzle's query building costs more server time than
 * the database's answer, so the hot lists skip it.
 */
type TPageQuery = { key: string; where: SQL; sort: TSortKey; values: Record<string, unknown> };

/**
 * One page of postings of `kind` matching `q`, in its order, with their total, in one
 * statement. The matches (ids and sort keys) are found first, apart from the order (a CTE read
 * twice is materialised), so the planner combines the filters' indexes instead of walking the
 * newest-first index and testing every row; the page's ids are picked from them, and only those
 * rows are read whole and joined to their owners and counts.
 */
async function selectPage(
  db: Db,
  kind: TKind,
  now: Date,
  q: TPageQuery,
  page: { page: number; per_page: number },
) {
  const table = KINDS[kind].table as typeof projects;
  const { where, sort } = q;
  const dir = sql.raw(sort.dir);
  const name = `${kind}_page_${q.key}`;
  const statement = prepared(db, name, () => {
    const matches = db.$with('matches').as(
      db
        .select({ id: table.id, key: sort.key.as('sort_key') })
        .from(table)
        .where(where),
    );
    const pageIds = db.$with('page_ids').as(
      // `matches` is declared once, by the outer statement: read twice there, it is materialised.
      db
        .select({ id: matches.id })
        .from(matches)
        .orderBy(sql`${matches.key} ${dir} nulls last`, desc(matches.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    );
    // The search columns are the database's business: never sent back.
    const { searchTerms: _terms, ...columns } = getTableColumns(table);
    return db
      .with(matches, pageIds)
      .select({
        posting: columns,
        ...extras(kind),
        total: sql<number>`(select count(*)::int from ${sql.identifier('matches')})`,
      })
      .from(table)
      .innerJoin(pageIds, eq(pageIds.id, table.id))
      .innerJoin(users, eq(users.id, table.ownerId))
      .orderBy(sql`${sort.key} ${dir} nulls last`, desc(table.id));
  });
  const values = { ...q.values, limit: page.per_page, offset: (page.page - 1) * page.per_page };
  const rows = await statement.execute(values);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.page > 1) {
    // Past the last page there is no row to carry the total: count apart (rare).
    const count = prepared(db, `${name}_count`, () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(where),
    );
    const [row] = await count.execute(values);
    total = row?.n ?? 0;
  }
  // The statement was built over `projects` (the two tables share the columns it names), so
  // its rows are typed as projects': as the columns of either table, the kind tells which.
  const data = rows.map(({ posting, ...x }) => {
    const row = posting as TProjectRow | TJobRow;
    return kind === 'project'
      ? projectDto(row as TProjectRow, x, now)
      : jobDto(row as TJobRow, x, now);
  });
  return paginated(data, total, page.page, page.per_page);
}

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

/** `GET /projects`, `GET /jobs`: one page of postings matching the URL's choices. */
export async function searchPostings(ctx: TCtx, kind: TKind, q: TPostingSearch | TJobSearch) {
  const k = KINDS[kind];
  const t = k.table;
  // Equality filters are facet terms, looked up with the words in the search document's index.
  const facets = [facetTerm('status', q.status ?? k.recruiting)];
  if (q.skill) facets.push(facetTerm('skill', q.skill));
  if (q.country) facets.push(facetTerm('country', q.country));
  if (q.modality) facets.push(facetTerm('modality', q.modality));
  if (kind === 'job' && 'contract_type' in q && q.contract_type) {
    facets.push(facetTerm('contract', q.contract_type));
  }
  const values: Record<string, unknown> = { facets: facets.join(' & ') };
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
  const conditions = [sql`${t.searchTerms} @@ ${terms}`];
  if (!q.status) {
    // By default, what takes applications: recruiting, and the deadline not passed anywhere.
    key += 'r';
    values.today = earliestToday(ctx.now);
    conditions.push(sql`(${t.endDate} is null or ${t.endDate} >= ${sql.placeholder('today')})`);
  }
  const unit = minorPerUnit(t.currency);
  // A project's budget, or a job's salary range, must reach into [min_pay, max_pay] (whole units).
  const high =
    kind === 'project' ? projects.budget : sql`coalesce(${jobs.maxSalary}, ${jobs.minSalary})`;
  const low =
    kind === 'project' ? projects.budget : sql`coalesce(${jobs.minSalary}, ${jobs.maxSalary})`;
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

/** `GET /projects/{id}`, `GET /jobs/{id}`: one posting, for anyone. */
export async function getPosting(ctx: TCtx, input: { kind: TKind; id: number }) {
  const { kind } = input;
  const page = await selectPage(
    ctx.db,
    kind,
    ctx.now,
    {
      key: 'one',
      where: eq(KINDS[kind].table.id, sql.placeholder('id')),
      sort: newestFirst(kind),
      values: { id: input.id },
    },
    { page: 1, per_page: 1 },
  );
  const posting = page.data[0];
  if (!posting) throw postingNotFound(kind);
  return posting;
}

/** `GET /me/postings`: the calling business's postings of `kind`, newest first. */
export async function listMyPostings(
  ctx: TCtx,
  input: { type: TKind; page: number; per_page: number },
) {
  const me = assertRole(ctx, 'business');
  const where = eq(KINDS[input.type].table.ownerId, sql.placeholder('owner'));
  return selectPage(
    ctx.db,
    input.type,
    ctx.now,
    { key: 'mine', where, sort: newestFirst(input.type), values: { owner: me.id } },
    input,
  );
}

/** The checks a schema cannot make: a known currency and country, a deadline by the request's clock. */
async function referenceProblems(
  ctx: TCtx,
  p: { currency: string; country_code?: string | null; end_date?: string | null },
  sent: Record<string, unknown>,
) {
  const errors: TFieldProblem[] = [];
  if (!isCurrency(p.currency)) errors.push(fieldError('currency', 'currency'));
  if (p.country_code) {
    const [country] = await ctx.db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, p.country_code));
    if (!country) errors.push(fieldError('country_code', 'country'));
  }
  // A stored deadline that has since passed is not the business's error unless they send it.
  if ('end_date' in sent && p.end_date && p.end_date < earliestToday(ctx.now)) {
    errors.push(fieldError('end_date', 'date_past'));
  }
  if (errors.length > 0) throw new AppError('invalid_input', { errors });
}

const projectColumns = (p: TProjectFields) => ({
  name: p.name,
  summary: p.summary,
  description: p.description,
  skills: p.skills,
  budget: p.budget,
  currency: p.currency,
  weeks: p.weeks,
  modality: p.modality,
  countryCode: p.country_code ?? null,
  endDate: p.end_date ?? null,
});

const jobColumns = (j: TJobFields) => ({
  name: j.name,
  summary: j.summary,
  description: j.description,
  requirements: j.requirements ?? null,
  skills: j.skills,
  contractType: j.contract_type,
  minSalary: j.min_salary ?? null,
  maxSalary: j.max_salary ?? null,
  currency: j.currency,
  modality: j.modality,
  countryCode: j.country_code ?? null,
  endDate: j.end_date ?? null,
});

/**
 * The limits of new postings (docs/security.md "Rate limits"), taken once the input is valid:
 * per company and, much higher, per address (an office shares one).
 */
function takePostingLimits(ctx: TCtx, companyId: number) {
  return takeRateLimits(
    ctx,
    [
      { name: 'postingsPerCompany', subject: companySubject(companyId) },
      { name: 'postingsPerAddress', subject: ctx.ip },
    ],
    {
      message: 'Too many postings in a short time. Please wait and try again.',
      messageEs:
        'Demasiadas publicaciones en poco tiempo. Espera un momento y vuelve a intentarlo.',
    },
  );
}

/** `POST /projects`: a business posts a project (docs/product.md "Marketplace"). */
export async function createProject(ctx: TCtx, input: TProjectFields) {
  const me = assertRole(ctx, 'business');
  await referenceProblems(ctx, input, input);
  await takePostingLimits(ctx, me.id);
  const [row] = await ctx.db
    .insert(projects)
    .values({ ...projectColumns(input), ownerId: me.id, createdAt: ctx.now, updatedAt: ctx.now })
    .returning({ id: projects.id });
  return getPosting(ctx, { kind: 'project', id: row!.id });
}

/** `POST /jobs`: a business posts a job. */
export async function createJob(ctx: TCtx, input: TJobFields) {
  const me = assertRole(ctx, 'business');
  await referenceProblems(ctx, input, input);
  await takePostingLimits(ctx, me.id);
  const [row] = await ctx.db
    .insert(jobs)
    .values({ ...jobColumns(input), ownerId: me.id, createdAt: ctx.now, updatedAt: ctx.now })
    .returning({ id: jobs.id });
  return getPosting(ctx, { kind: 'job', id: row!.id });
}

/** The caller's own posting, still recruiting; another's is "not found" (no existence leak). */
async function ownRecruiting(ctx: TCtx, kind: TKind, id: number) {
  const me = assertRole(ctx, 'business');
  const posting = (await getPosting(ctx, { kind, id }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  })) as (TProjectDto & TJobDto) | null;
  if (!posting || posting.owner.id !== me.id) throw postingNotFound(kind);
  const statusId = kind === 'project' ? posting.project_status_id : posting.job_status_id;
  if (statusId !== KINDS[kind].recruiting) throw notRecruiting();
  return posting;
}

/**
 * The stored posting with the patch over it, checked whole (min ≤ max, …). A stored deadline that
 * has passed since is no error of a patch that does not send one: it is checked against the
 * request's clock only when sent (referenceProblems).
 */
async function merge<S extends typeof projectSchema | typeof jobSchema>(
  ctx: TCtx,
  schema: S,
  stored: { end_date: string | null },
  patch: Record<string, unknown>,
) {
  const sendsDeadline = 'end_date' in patch;
  const merged = parseWith(schema, {
    ...stored,
    ...patch,
    ...(sendsDeadline ? {} : { end_date: null }),
  });
  await referenceProblems(ctx, merged, patch);
  return {
    ...merged,
    end_date: sendsDeadline ? merged.end_date : stored.end_date,
  } as v.InferOutput<S>;
}

/** `PATCH /projects`: any fields of the caller's recruiting project, checked merged. */
export async function updateProject(ctx: TCtx, input: { id: number } & Partial<TProjectFields>) {
  const stored = await ownRecruiting(ctx, 'project', input.id);
  const { id: _id, ...patch } = sentFields(input);
  const merged = await merge(ctx, projectSchema, stored, patch);
  const changed = await ctx.db
    .update(projects)
    .set({ ...projectColumns(merged), updatedAt: ctx.now })
    .where(and(eq(projects.id, input.id), eq(projects.projectStatusId, PROJECT_STATUS.recruiting)))
    .returning({ id: projects.id });
  if (changed.length === 0) throw notRecruiting(); // cancelled meanwhile
  return getPosting(ctx, { kind: 'project', id: input.id });
}

/** `PATCH /jobs`: any fields of the caller's recruiting job, checked merged (min ≤ max). */
export async function updateJob(ctx: TCtx, input: { id: number } & Partial<TJobFields>) {
  const stored = await ownRecruiting(ctx, 'job', input.id);
  const { id: _id, ...patch } = sentFields(input);
  const merged = await merge(ctx, jobSchema, stored, patch);
  const changed = await ctx.db
    .update(jobs)
    .set({ ...jobColumns(merged), updatedAt: ctx.now })
    .where(and(eq(jobs.id, input.id), eq(jobs.jobStatusId, JOB_STATUS.recruiting)))
    .returning({ id: jobs.id });
  if (changed.length === 0) throw notRecruiting();
  return getPosting(ctx, { kind: 'job', id: input.id });
}

/**
 * The posting an application goes to, with what the application verbs check. Inside a
 * transaction (`tx`) the row is read under a share lock: a start, finish or cancel (an UPDATE of
 * it) then waits for that transaction, or it waits for theirs and reads the new status.
 */
export async function postingForApplication(ctx: TCtx, kind: TKind, id: number, tx?: Db) {
  const t = KINDS[kind].table;
  const query = (tx ?? ctx.db)
    .select({
      id: t.id,
      name: t.name,
      ownerId: t.ownerId,
      statusId: KINDS[kind].status,
      endDate: t.endDate,
      currency: t.currency,
    })
    .from(t as typeof projects)
    .where(eq(t.id, id));
  const [row] = tx ? await query.for('share') : await query;
  if (!row) throw postingNotFound(kind);
  return {
    ...row,
    accepting: isAccepting(row, kind, ctx.now),
    recruiting: isRecruiting(kind, row.statusId),
  };
}
