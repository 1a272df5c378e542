import { eq, inArray, sql } from 'drizzle-orm';
import { users, type projectApplications, type projects } from '@/db/schema';
import { isRecruitingStatus } from '@/lib/kinds';
import type { TLang } from '@/lib/i18n/lang';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { assertRole } from '@/server/services/access';
import { auditMany } from '@/server/services/companies/audit';
import { assertCompanyCan, can, membershipsOf } from '@/server/services/companies/permissions';
import { applicationTopic, notify } from '@/server/services/notifications/notifications';
import type { TBulkSkipCode, TBulkStatusResult } from '@/types/pipeline';
import { moveApplications } from './application-edit';
import { SERVER_KINDS } from './kinds';
import type { TKind } from './postings';
import {
  movedAudit,
  movedNotification,
  moveReason,
  refusalOf,
  takeStatusChangeLimits,
} from './status-change';

// Bulk moves on the board (docs/api.md "The recruiter's workbench"): the single move's rules
// (status-change.ts: its refusals, reason, limits, audit entry and notification) applied to up to
// 200 applications in one transaction of a handful of statements. What cannot move is listed back
// with its code instead of failing the call.

type TPostingRow = { id: number; name: string; companyId: number; statusId: number };

/** A sentinel for "not a member of that company": such applications are skipped as not found. */
const NOT_MEMBER = new AppError('not_found');

/**
 * `POST /project_applications/bulk_status`, `POST /job_applications/bulk_status`: moves each of
 * `application_ids` the caller may move (as a member of its posting's company) to `status`.
 */
export async function bulkChangeStatus(
  ctx: TCtx,
  input: {
    kind: TKind;
    application_ids: number[];
    status: number;
    reason?: string | null;
    lang: TLang;
  },
): Promise<TBulkStatusResult> {
  const me = assertRole(ctx, 'business');
  const { kind, status: to } = input;
  const reason = moveReason(to, input.reason);
  const k = SERVER_KINDS[kind];
  const table = k.applicationTable as typeof projectApplications;
  const postingTable = k.postingTable as typeof projects;

  // One read of the applications with their talents and postings, one of the caller's memberships.
  const [rows, memberships] = await Promise.all([
    ctx.db
      .select({
        id: table.id,
        userId: table.userId,
        status: k.applicationStatus,
        talent: sql<string>`btrim(${users.name} || ' ' || ${users.lastName})`,
        postingId: postingTable.id,
        postingName: postingTable.name,
        companyId: postingTable.companyId,
        postingStatus: k.status,
      })
      .from(table)
      .innerJoin(users, eq(users.id, table.userId))
      .innerJoin(postingTable, eq(postingTable.id, k.applicationFk))
      .where(inArray(table.id, input.application_ids)),
    membershipsOf(ctx.db, me.id),
  ]);
  const roles = new Map(memberships.map((m) => [m.companyId, m.role]));
  const companies = [...new Set(rows.map((r) => r.companyId))];
  // A member whose role may not move applicants is refused as the single move refuses them.
  for (const companyId of companies) {
    const role = roles.get(companyId);
    if (role && !can(role, 'board.move')) await assertCompanyCan(ctx, companyId, 'board.move');
  }
  // One removed from the company (or gone) hears so, as on the board, when nothing else is theirs.
  if (rows.length > 0 && !companies.some((c) => roles.has(c))) {
    for (const companyId of companies.slice(0, 3)) {
      await assertCompanyCan(ctx, companyId, 'board.move', () => NOT_MEMBER).catch(
        (err: unknown) => {
          if (err !== NOT_MEMBER) throw err;
        },
      );
    }
  }

  const skipped = new Map<number, TBulkSkipCode>();
  const candidates: (typeof rows)[number][] = [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of input.application_ids) {
    const row = byId.get(id);
    if (!row || !roles.has(row.companyId)) skipped.set(id, 'not_found');
    else if (!isRecruitingStatus(kind, row.postingStatus)) skipped.set(id, 'closed');
    else {
      const refusal = refusalOf(row.status, to);
      if (refusal) skipped.set(id, refusal);
      else candidates.push(row);
    }
  }

  const { moved, afterCommit } = await ctx.db.transaction(async (tx) => {
    if (candidates.length === 0) return { moved: [] as number[], afterCommit: async () => {} };
    // The postings again under a share lock (as the single move): none closes under the move.
    const postingIds = [...new Set(candidates.map((c) => c.postingId))];
    const current = await tx
      .select({
        id: postingTable.id,
        name: postingTable.name,
        companyId: postingTable.companyId,
        statusId: k.status,
      })
      .from(postingTable)
      .where(inArray(postingTable.id, postingIds))
      .for('share');
    const postings = new Map<number, TPostingRow>(current.map((p) => [p.id, p]));
    const open = candidates.filter((c) => {
      const p = postings.get(c.postingId);
      if (p && isRecruitingStatus(kind, p.statusId)) return true;
      skipped.set(c.id, 'closed');
      return false;
    });
    const done = await moveApplications(ctx, tx, kind, {
      moves: open.map((c) => ({ id: c.id, from: c.status })),
      to,
      actorId: me.id,
      reason,
    });
    const doneIds = new Set(done.map((d) => d.id));
    // Of two moves at once, the later finds the status changed and leaves it.
    for (const c of open) if (!doneIds.has(c.id)) skipped.set(c.id, 'changed');
    if (done.length === 0) return { moved: [] as number[], afterCommit: async () => {} };
    const movedRows = open.filter((c) => doneIds.has(c.id));
    const moves = movedRows.map((c) => ({
      posting: postings.get(c.postingId)!,
      application: { id: c.id, userId: c.userId, talent: c.talent },
      from: c.status,
    }));
    // Counted only once the moves are written, in their transaction: a refusal undoes them all.
    await takeStatusChangeLimits(
      ctx,
      tx,
      moves.map((m) => ({
        companyId: m.posting.companyId,
        topic: applicationTopic(kind, m.application.id),
      })),
    );
    await auditMany(
      tx,
      moves.map((m) => movedAudit(ctx, kind, { ...m, to, actorId: me.id })),
    );
    const after = await notify(
      ctx,
      tx,
      moves.map((m) => movedNotification(kind, { ...m, to, reason })),
    );
    return { moved: movedRows.map((c) => c.id), afterCommit: after };
  });
  await afterCommit();
  return {
    moved,
    skipped: input.application_ids
      .filter((id) => skipped.has(id))
      .map((id) => ({ id, code: skipped.get(id)! })),
  };
}
