import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  applicationStatusHistory,
  jobApplications,
  projectApplications,
  uploads,
  users,
} from '@/db/schema';
import type { Db } from '@/db/types';
import type { TBoardFilters } from '@/lib/schemas/workbench';
import type { TCtx } from '@/server/context';
import { paginated } from '@/server/services/profile/common';
import { invitedSql } from '@/server/services/discovery/invites';
import { fileColumns, jobApplicationDto, projectApplicationDto } from './applications';
import {
  boardOrder,
  boardWhere,
  notesCount,
  ratingAverage,
  ratingCount,
  ratingMine,
  stageSinceIso,
} from './board-query';
import { SERVER_KINDS } from './kinds';
import { ownPosting } from './owned-posting';
import type { TKind } from './postings';

// The team's board of applicants (docs/api.md "Pipeline and lifecycle", "The recruiter's
// workbench"): a posting's applications with their talent, status history, the team's rating,
// notes count and time in stage, searched, filtered and ordered (board-query.ts), a page at a
// time, and the count per status of the filtered set.

const talentColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  headline: users.headline,
  avatarUrl: users.avatarUrl,
};

type THistoryRow = typeof applicationStatusHistory.$inferSelect;
type TActorRow = { id: number; name: string; lastName: string } | null;

/** One move, naming who made it (the team sees its members; the talent never sees this). */
const historyDto = (h: THistoryRow, actor: TActorRow) => ({
  from: h.fromStatus,
  to: h.toStatus,
  reason: h.reason,
  actor_id: h.actorId,
  actor: actor ? { id: actor.id, name: actor.name, last_name: actor.lastName } : null,
  created_at: h.createdAt.toISOString(),
});

async function historyOf(db: Db, kind: TKind, ids: number[]) {
  const byApplication = new Map<number, ReturnType<typeof historyDto>[]>();
  if (ids.length === 0) return byApplication;
  const rows = await db
    .select({
      history: applicationStatusHistory,
      actor: { id: users.id, name: users.name, lastName: users.lastName },
    })
    .from(applicationStatusHistory)
    .leftJoin(users, eq(users.id, applicationStatusHistory.actorId))
    .where(
      and(
        eq(applicationStatusHistory.kind, kind),
        inArray(applicationStatusHistory.applicationId, ids),
      ),
    )
    .orderBy(asc(applicationStatusHistory.createdAt), asc(applicationStatusHistory.id));
  for (const { history, actor } of rows) {
    const list = byApplication.get(history.applicationId) ?? [];
    list.push(historyDto(history, actor));
    byApplication.set(history.applicationId, list);
  }
  return byApplication;
}

type TTalentRow = {
  id: number;
  name: string;
  lastName: string;
  headline: string | null;
  avatarUrl: string | null;
};
const talentDto = (u: TTalentRow) => ({
  id: u.id,
  name: u.name,
  last_name: u.lastName,
  headline: u.headline,
  avatar_url: u.avatarUrl,
});

/** What a board application tells of its posting. */
type TBoardPosting = { id: number; name: string; statusId: number; currency: string };

/** A page of the board, and who reads it (their own rating comes with each application). */
type TPage = { limit: number; offset: number; order: SQL[]; viewerId: number };

/** What the team sees of each application beyond its DTO, computed in the page's query. */
const extrasOf = (kind: TKind, viewerId: number) => ({
  ratingAverage: ratingAverage(kind),
  ratingCount: ratingCount(kind),
  ratingMine: ratingMine(kind, viewerId),
  notesCount: notesCount(kind),
  stageSince: stageSinceIso(kind),
  invited: invitedSql(kind),
});
type TExtrasRow = {
  ratingAverage: number | null;
  ratingCount: number;
  ratingMine: number | null;
  notesCount: number;
  stageSince: string;
  invited: boolean;
};
const extrasDto = (r: TExtrasRow) => ({
  rating: {
    average: r.ratingAverage === null ? null : Number(r.ratingAverage),
    count: Number(r.ratingCount),
    mine: r.ratingMine === null ? null : Number(r.ratingMine),
  },
  notes_count: Number(r.notesCount),
  stage_since: r.stageSince,
  /** The talent was invited to apply to this posting (docs/api.md "Invitations to apply"). */
  invited: Boolean(r.invited),
});

/**
 * Each kind's board query: its applications matching `where`, in the board's order, with their
 * talent and the team's extras, as the kind's application DTO (a job's carries its file).
 */
const BOARD_QUERIES = {
  project: async (db: Db, posting: TBoardPosting, where: ReturnType<typeof and>, p: TPage) => {
    const rows = await db
      .select({
        application: projectApplications,
        talent: talentColumns,
        extras: extrasOf('project', p.viewerId),
      })
      .from(projectApplications)
      .innerJoin(users, eq(users.id, projectApplications.userId))
      .where(where)
      .orderBy(...p.order)
      .limit(p.limit)
      .offset(p.offset);
    const of = {
      id: posting.id,
      name: posting.name,
      projectStatusId: posting.statusId,
      currency: posting.currency,
    };
    return rows.map((r) => ({
      dto: projectApplicationDto(r.application, of),
      talent: r.talent,
      extras: r.extras,
    }));
  },
  job: async (db: Db, posting: TBoardPosting, where: ReturnType<typeof and>, p: TPage) => {
    const rows = await db
      .select({
        application: jobApplications,
        talent: talentColumns,
        file: fileColumns,
        extras: extrasOf('job', p.viewerId),
      })
      .from(jobApplications)
      .innerJoin(users, eq(users.id, jobApplications.userId))
      .leftJoin(uploads, eq(uploads.id, jobApplications.fileId))
      .where(where)
      .orderBy(...p.order)
      .limit(p.limit)
      .offset(p.offset);
    const of = { id: posting.id, name: posting.name, jobStatusId: posting.statusId };
    return rows.map((r) => ({
      dto: jobApplicationDto(r.application, of, r.file?.id ? r.file : null),
      talent: r.talent,
      extras: r.extras,
    }));
  },
} satisfies Record<TKind, unknown>;

/** Board applications of one posting matching `where`, in `order`, with talent and history. */
async function boardRows(
  db: Db,
  kind: TKind,
  posting: TBoardPosting,
  where: ReturnType<typeof and>,
  page: { page: number; per_page: number; order: SQL[]; viewerId: number },
) {
  const rows = await BOARD_QUERIES[kind](db, posting, where, {
    limit: page.per_page,
    offset: (page.page - 1) * page.per_page,
    order: page.order,
    viewerId: page.viewerId,
  });
  const history = await historyOf(
    db,
    kind,
    rows.map((r) => r.dto.id),
  );
  return rows.map((r) => ({
    ...r.dto,
    talent: talentDto(r.talent),
    history: history.get(r.dto.id) ?? [],
    ...extrasDto(r.extras),
  }));
}

/**
 * `GET /projects/{id}/applications`, `GET /jobs/{id}/applications`: the board, for the posting's
 * team (any member of its company), searched, filtered and ordered by `TBoardFilters`; the counts
 * are of the filtered set, per status (what the columns show).
 */
export async function listApplicants(
  ctx: TCtx,
  input: TBoardFilters & {
    kind: TKind;
    id: number;
    status?: number;
    page: number;
    per_page: number;
  },
) {
  const { posting, me } = await ownPosting(ctx, input, 'board.move');
  const { kind } = input;
  const k = SERVER_KINDS[kind];
  const table = k.applicationTable as typeof projectApplications;
  const order = boardOrder(kind, input);
  const [data, countRows] = await Promise.all([
    boardRows(ctx.db, kind, posting, boardWhere(kind, posting.id, input, input.status), {
      ...input,
      order,
      viewerId: me.id,
    }),
    ctx.db
      .select({ status: k.applicationStatus, n: sql<number>`count(*)::int` })
      .from(table)
      .innerJoin(users, eq(users.id, table.userId))
      .where(boardWhere(kind, posting.id, input))
      .groupBy(k.applicationStatus),
  ]);
  const counts: Record<number, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const row of countRows) counts[row.status] = row.n;
  const total =
    input.status === undefined
      ? Object.values(counts).reduce((sum, n) => sum + n, 0)
      : (counts[input.status] ?? 0);
  return { ...paginated<(typeof data)[number]>(data, total, input.page, input.per_page), counts };
}

/** One board application of the caller's posting (the answer of a status change). */
export async function boardApplication(
  ctx: TCtx,
  input: { kind: TKind; posting: TBoardPosting; application_id: number },
) {
  const table = SERVER_KINDS[input.kind].applicationTable as typeof projectApplications;
  const [row] = await boardRows(
    ctx.db,
    input.kind,
    input.posting,
    and(eq(table.id, input.application_id)),
    { page: 1, per_page: 1, order: [asc(table.id)], viewerId: ctx.user!.id },
  );
  return row!;
}
