import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { companies, projects, users } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TCtx } from '@/server/context';
import { prepared } from '@/server/lib/sql';
import { chosenCompany } from '@/server/services/companies/permissions';
import { paginated } from '@/server/services/profile/common';
import { companyResponsiveness } from '@/server/services/companies/responsiveness';
import { invitationFor } from '@/server/services/discovery/invites';
import { postingShownTo, seesHidden } from '@/server/services/trust/visibility';
import type { TJob, TPostingWithResponsiveness, TProject } from '@/types/marketplace';
import { SERVER_KINDS } from './kinds';
import {
  extras,
  isAccepting,
  isRecruiting,
  POSTING_DTO,
  postingNotFound,
  savedViewer,
  type TJobRow,
  type TKind,
  type TProjectRow,
} from './posting-dto';

// Pages of postings (docs/api.md "Marketplace"). Every list is one query per page: the owner,
// company and applicant count come from the same statement, and the total from a count of the
// matches.

/** How a list is ordered: one key (nulls last), then the newest id first. */
export type TSortKey = { key: SQL; dir: 'asc' | 'desc' };

export const newestFirst = (kind: TKind): TSortKey => ({
  key: sql`${SERVER_KINDS[kind].postingTable.createdAt}`,
  dir: 'desc',
});

/**
 * A page query's shape: its filters as SQL with placeholders (`sql.placeholder`), named by `key`
 * (what is filtered, never the values), and the values for this request. One shape is built and
 * prepared once per database (`prepared`): drizzle's query building costs more server time than
 * the database's answer, so the hot lists skip it.
 */
export type TPageQuery = {
  key: string;
  where: SQL;
  sort: TSortKey;
  values: Record<string, unknown>;
};

/**
 * One page of postings of `kind` matching `q`, in its order, with their total, in one
 * statement. The matches (ids and sort keys) are found first, apart from the order (a CTE read
 * twice is materialised), so the planner combines the filters' indexes instead of walking the
 * newest-first index and testing every row; the page's ids are picked from them, and only those
 * rows are read whole and joined to their owners and counts.
 */
export async function selectPage(
  db: Db,
  kind: TKind,
  now: Date,
  q: TPageQuery,
  page: { page: number; per_page: number },
) {
  const table = SERVER_KINDS[kind].postingTable as typeof projects;
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
      .innerJoin(companies, eq(companies.id, table.companyId))
      .orderBy(sql`${sort.key} ${dir} nulls last`, desc(table.id));
  });
  const values = {
    viewer: 0,
    ...q.values,
    limit: page.per_page,
    offset: (page.page - 1) * page.per_page,
  };
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
  const data = rows.map(({ posting, ...x }) =>
    POSTING_DTO[kind](posting as TProjectRow | TJobRow, x, now),
  );
  return paginated(data, total, page.page, page.per_page);
}

/** `GET /projects/{id}`, `GET /jobs/{id}`: one posting, for anyone. */
export async function getPosting(
  ctx: TCtx,
  { kind, id }: { kind: TKind; id: number },
): Promise<TProject | TJob> {
  const t = SERVER_KINDS[kind].postingTable;
  const byId = eq(t.id, sql.placeholder('id'));
  // A hidden posting is not found but by its owner and the operators (docs/product.md "Reports
  // and suspension"): the condition is part of the one statement.
  const all = seesHidden(ctx.user);
  const page = await selectPage(
    ctx.db,
    kind,
    ctx.now,
    {
      key: all ? 'one_all' : 'one',
      where: all ? byId : and(byId, postingShownTo(t, sql.placeholder('me')))!,
      sort: newestFirst(kind),
      values: { id, viewer: savedViewer(ctx), me: ctx.user?.id ?? 0 },
    },
    { page: 1, per_page: 1 },
  );
  const posting = page.data[0];
  if (!posting) throw postingNotFound(kind);
  return posting;
}

/**
 * `GET /projects/{id}`, `GET /jobs/{id}` as the posting's page reads it: the posting and its
 * company's responsiveness (one more read of a kept row, docs/product.md "Responsiveness").
 */
export async function getPostingPage(
  ctx: TCtx,
  input: { kind: TKind; id: number },
): Promise<TPostingWithResponsiveness> {
  const posting = await getPosting(ctx, input);
  // For a signed-in talent, their invitation to it (docs/api.md "Invitations to apply"), read
  // beside the responsiveness; nobody else's answer runs that read.
  const [responsiveness, invitation] = await Promise.all([
    companyResponsiveness(ctx, posting.company.id),
    invitationFor(ctx, input.kind, posting.id),
  ]);
  return { ...posting, responsiveness, invitation };
}

/**
 * `GET /me/postings`: the postings of `kind` of the caller's chosen company (docs/api.md
 * "Companies and teams"), newest first, for any of its members.
 */
export async function listMyPostings(
  ctx: TCtx,
  input: { type: TKind; page: number; per_page: number; company_id?: number | null },
) {
  const { companyId } = await chosenCompany(ctx, input.company_id, 'board.move');
  const where = eq(SERVER_KINDS[input.type].postingTable.companyId, sql.placeholder('company'));
  return selectPage(
    ctx.db,
    input.type,
    ctx.now,
    { key: 'mine', where, sort: newestFirst(input.type), values: { company: companyId } },
    input,
  );
}

/**
 * The posting an application goes to, with what the application verbs check. Inside a
 * transaction (`tx`) the row is read under a share lock: a start, finish or cancel (an UPDATE of
 * it) then waits for that transaction, or it waits for theirs and reads the new status.
 */
export async function postingForApplication(ctx: TCtx, kind: TKind, id: number, tx?: Db) {
  const k = SERVER_KINDS[kind];
  const t = k.postingTable;
  const query = (tx ?? ctx.db)
    .select({
      id: t.id,
      name: t.name,
      ownerId: t.ownerId,
      companyId: t.companyId,
      statusId: k.status,
      endDate: t.endDate,
      currency: t.currency,
      hiddenAt: t.hiddenAt,
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
