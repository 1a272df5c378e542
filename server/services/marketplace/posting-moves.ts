import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import {
  applicationStatusHistory,
  type projectApplications,
  type projects,
  users,
} from '@/db/schema';
import type { Db } from '@/db/types';
import { langOf } from '@/lib/i18n/lang';
import { APPLICATION_STATUS, OPEN_APPLICATION_STATUSES } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import type { AppError } from '@/server/errors';
import { notice, notices, withReason } from '@/lib/i18n/notices';
import {
  applicationTopic,
  notify,
  type TNewNotification,
} from '@/server/services/notifications/notifications';
import { audit } from '@/server/services/companies/audit';
import { queueApplicationEvents, queuePostingClosed } from '@/server/services/open/webhooks';
import { SERVER_KINDS } from './kinds';
import { invalidTransition, talentLink } from './owned-posting';
import { getPosting, postingForApplication, type TKind } from './postings';

// How a posting changes status (lifecycle.ts's verbs: start, finish, cancel; docs/api.md
// "Pipeline and lifecycle"): one transaction moves it, answers everyone still waiting and
// notifies; the e-mails leave after the commit.

/** The property (`projectStatusId`) of `column` in `table`, for an UPDATE's `set`. */
const keyOf = (table: typeof projects, column: unknown) =>
  Object.entries(getTableColumns(table)).find(([, c]) => c === column)![0];

/**
 * Rejects, inside `tx`, every application of the posting still applied or shortlisted, with the
 * reason "Position closed." in each talent's language; writes their history and notifications.
 * `actorId` is null when nobody acted (a posting closed by its deadline job).
 */
export async function closeOpenApplications(
  ctx: TCtx,
  tx: Db,
  kind: TKind,
  posting: { id: number; name: string },
  actorId: number | null,
): Promise<TNewNotification[]> {
  const k = SERVER_KINDS[kind];
  const table = k.applicationTable as typeof projectApplications;
  const open = await tx
    .select({ id: table.id, userId: table.userId, status: k.applicationStatus, lang: users.lang })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(
      and(
        eq(k.applicationFk, posting.id),
        inArray(k.applicationStatus, [...OPEN_APPLICATION_STATUSES]),
      ),
    )
    .for('update', { of: table });
  if (open.length === 0) return [];
  const reasonOf = (lang: string) => notice(langOf(lang), 'position_closed');
  for (const lang of ['en', 'es'] as const) {
    const ids = open.filter((o) => langOf(o.lang) === lang).map((o) => o.id);
    if (ids.length === 0) continue;
    const set = {
      reason: notice(lang, 'position_closed'),
      updatedAt: ctx.now,
      [k.statusField]: APPLICATION_STATUS.rejected,
    };
    await tx
      .update(table)
      .set(set as Partial<typeof projectApplications.$inferInsert>)
      .where(inArray(table.id, ids));
  }
  await tx.insert(applicationStatusHistory).values(
    open.map((o) => ({
      kind,
      applicationId: o.id,
      actorId,
      fromStatus: o.status,
      toStatus: APPLICATION_STATUS.rejected,
      reason: reasonOf(o.lang),
      createdAt: ctx.now,
    })),
  );
  await queueApplicationEvents(
    tx,
    kind,
    'application.status_changed',
    open.map((o) => ({ id: o.id, from: o.status })),
    ctx.now,
  );
  const [message, messageEs] = withReason(
    notices('posting_closed', { posting: posting.name }),
    notices('position_closed'),
  );
  return open.map((o) => ({
    userId: o.userId,
    type: 'posting_closed' as const,
    topic: applicationTopic(kind, o.id),
    message,
    messageEs,
    link: talentLink(kind, posting.id),
  }));
}

/** The hired applications of a posting (their talents). */
export async function hiredOf(db: Db, kind: TKind, postingId: number) {
  const k = SERVER_KINDS[kind];
  const table = k.applicationTable as typeof projectApplications;
  return db
    .select({ id: table.id, userId: table.userId })
    .from(table)
    .where(and(eq(k.applicationFk, postingId), eq(k.applicationStatus, APPLICATION_STATUS.hired)));
}

export const needsHire = () =>
  invalidTransition(
    'Hire at least one applicant first.',
    'Primero contrata al menos a un postulante.',
  );

/**
 * Moves the posting from one of `from` to `to` (a status guard: of two requests at once, one
 * wins), closes the applications still waiting, and notifies: `hiredNote` to each hired talent.
 */
export async function movePosting(
  ctx: TCtx,
  kind: TKind,
  posting: { id: number; name: string; companyId: number },
  actorId: number,
  change: {
    from: readonly number[];
    to: number;
    /** The company's audit log entry of the move. */
    action: 'posting.started' | 'posting.finished' | 'posting.cancelled';
    needsHire?: boolean;
    /** Why the posting cannot move from `statusId`, as the verb's own check says it. */
    refuse: (statusId: number) => AppError | undefined;
  },
  hiredNote?: (hired: { id: number; userId: number }) => TNewNotification,
) {
  const k = SERVER_KINDS[kind];
  const table = k.postingTable as typeof projects;
  const afterCommit = await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(table)
      .set({
        [keyOf(table, k.status)]: change.to,
        updatedAt: ctx.now,
        // The reviews' window opens when the work finishes (docs/product.md "Reviews").
        ...(change.action === 'posting.finished' ? { finishedAt: ctx.now } : {}),
      })
      .where(and(eq(table.id, posting.id), inArray(k.status, [...change.from])))
      .returning({ id: table.id });
    if (changed.length === 0) {
      // Another request moved it first: answer as if this one had come after it.
      const now = await postingForApplication(ctx, kind, posting.id, tx);
      throw (
        change.refuse(now.statusId) ??
        invalidTransition(
          'This posting changed meanwhile. Reload to see it.',
          'Esta publicación cambió mientras tanto. Recarga para verla.',
        )
      );
    }
    // The hire checked before this transaction may have been undone since. The UPDATE above holds
    // the posting's row, so a status change under way has committed by now (it locks that row
    // too, see status-change.ts), and none can start until this commits.
    if (change.needsHire && (await hiredOf(tx, kind, posting.id)).length === 0) throw needsHire();
    const closedNotes = await closeOpenApplications(ctx, tx, kind, posting, actorId);
    // Ended or cancelled by the company: its webhooks hear the posting closed (a start is not a
    // close: the work goes on).
    if (change.action !== 'posting.started') {
      await queuePostingClosed(
        tx,
        {
          kind,
          postingId: posting.id,
          companyId: posting.companyId,
          statusId: change.to,
          closedBy: 'company',
        },
        ctx.now,
      );
    }
    await audit(tx, {
      companyId: posting.companyId,
      actorId,
      action: change.action,
      target: { type: kind, id: posting.id, label: posting.name },
      now: ctx.now,
    });
    const hired = hiredNote ? await hiredOf(tx, kind, posting.id) : [];
    return notify(ctx, tx, [...hired.map((h) => hiredNote!(h)), ...closedNotes]);
  });
  await afterCommit();
  return getPosting(ctx, { kind, id: posting.id });
}
