import { eq, sql } from 'drizzle-orm';
import { users, type projectApplications } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TLang } from '@/lib/i18n/lang';
import { APPLICATION_STATUS } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import { AppError, fieldError } from '@/server/errors';
import { notices, withReason, type TNoticeKey } from '@/lib/i18n/notices';
import { assertRole } from '@/server/services/access';
import {
  applicationTopic,
  notify,
  type TNewNotification,
} from '@/server/services/notifications/notifications';
import { companySubject, takeRateLimits, type TLimitRef } from '@/server/services/rate-limit';
import { applicationNotFound, moveApplication } from './applications';
import { boardApplication } from './board';
import { audit, type TAuditEntry } from '@/server/services/companies/audit';
import { assertCompanyCan } from '@/server/services/companies/permissions';
import { SERVER_KINDS } from './kinds';
import { invalidTransition, postingClosed, talentLink } from './owned-posting';
import { postingForApplication, type TKind } from './postings';

// Moving applicants on the board (docs/api.md "Pipeline and lifecycle", docs/product.md): the
// owner moves an applicant while the posting recruits; the move, its history and the talent's
// notification are one transaction, and the e-mail leaves after the commit.

/** The notification a talent gets when their application moves to a status (notices.json). */
export const STATUS_NOTICE: Record<number, TNoticeKey> = {
  [APPLICATION_STATUS.applied]: 'status.applied',
  [APPLICATION_STATUS.shortlisted]: 'status.shortlisted',
  [APPLICATION_STATUS.hired]: 'status.hired',
  [APPLICATION_STATUS.rejected]: 'status.rejected',
};

/**
 * The limits of status changes (docs/security.md "Rate limits"): per application, so that one
 * talent is not moved back and forth to flood them, and per company, generous enough for a whole
 * board. Each moved application counts once on both; a bulk move counts its `topics` (one per
 * application) and, per company, how many of them it moved. Taken inside the move's transaction
 * `tx`, after the move is written: a refusal undoes it.
 */
export function takeStatusChangeLimits(
  ctx: TCtx,
  tx: Db,
  moves: { companyId: number; topic: string }[],
) {
  const perCompany = new Map<number, number>();
  for (const m of moves) perCompany.set(m.companyId, (perCompany.get(m.companyId) ?? 0) + 1);
  const refs: TLimitRef[] = [
    ...moves.map((m) => ({ name: 'statusChangesPerApplication' as const, subject: m.topic })),
    ...[...perCompany].map(([companyId, count]) => ({
      name: 'statusChangesPerCompany' as const,
      subject: companySubject(companyId),
      count,
    })),
  ];
  if (refs.length === 0) return Promise.resolve();
  return takeRateLimits({ db: tx, now: ctx.now }, refs as [TLimitRef, ...TLimitRef[]], {
    message: 'Too many status changes in a short time. Please wait and try again.',
    messageEs:
      'Demasiados cambios de estado en poco tiempo. Espera un momento y vuelve a intentarlo.',
  });
}

/** Why an application in status `from` cannot move to `to`, if it cannot (a bulk move's skip code). */
export function refusalOf(from: number, to: number): 'withdrawn' | 'same_status' | undefined {
  if (from === APPLICATION_STATUS.withdrawn) return 'withdrawn';
  if (from === to) return 'same_status';
  return undefined;
}

const REFUSALS = {
  withdrawn: () =>
    invalidTransition(
      'The talent withdrew this application, so it cannot move.',
      'El talento retiró esta postulación, así que no puede moverse.',
    ),
  same_status: () =>
    invalidTransition(
      'The application already has this status.',
      'La postulación ya tiene este estado.',
    ),
};

/** Why an application cannot move from `from` to `to`, if it cannot. */
function refusedMove(from: number, to: number) {
  const code = refusalOf(from, to);
  return code ? REFUSALS[code]() : undefined;
}

/** The reason a move to `to` keeps: only a rejection has one, and it must have one. */
export function moveReason(to: number, reason: string | null | undefined) {
  if (to !== APPLICATION_STATUS.rejected) return null;
  if (!reason) throw new AppError('invalid_input', { errors: [fieldError('reason', 'required')] });
  return reason;
}

type TMovedPosting = { id: number; name: string; companyId: number };
type TMovedApplication = { id: number; userId: number; talent: string };

/** The audit entry of a move (docs/product.md "Companies and teams"). */
export const movedAudit = (
  ctx: TCtx,
  kind: TKind,
  move: {
    posting: TMovedPosting;
    application: TMovedApplication;
    from: number;
    to: number;
    actorId: number;
  },
): TAuditEntry => ({
  companyId: move.posting.companyId,
  actorId: move.actorId,
  action: 'application.moved',
  target: {
    type: `${kind}_application`,
    id: move.application.id,
    label: move.application.talent,
    posting: { kind, id: move.posting.id, name: move.posting.name },
    talent_id: move.application.userId,
    from: move.from,
    to: move.to,
  },
  now: ctx.now,
});

/** The talent's notification of a move to `to` (coalesced by notify, docs/security.md "Coalescing"). */
export function movedNotification(
  kind: TKind,
  move: {
    posting: TMovedPosting;
    application: TMovedApplication;
    to: number;
    reason: string | null;
  },
): TNewNotification {
  const [message, messageEs] = withReason(
    notices(STATUS_NOTICE[move.to]!, { posting: move.posting.name }),
    move.reason,
  );
  return {
    userId: move.application.userId,
    type: 'application_status',
    message,
    messageEs,
    link: talentLink(kind, move.posting.id),
    topic: applicationTopic(kind, move.application.id),
  };
}

const changedMeanwhile = () =>
  invalidTransition(
    'This application changed meanwhile. Reload to see it.',
    'Esta postulación cambió mientras tanto. Recarga para verla.',
  );

/**
 * `POST /project_applications/changeApplicationStatus`, `POST /job_applications/…`: the owner
 * moves an applicant between applied, shortlisted, hired and rejected while the posting recruits.
 */
export async function changeApplicationStatus(
  ctx: TCtx,
  input: {
    kind: TKind;
    application_id: number;
    status: number;
    reason?: string | null;
    lang: TLang;
  },
) {
  assertRole(ctx, 'business');
  const { kind } = input;
  const k = SERVER_KINDS[kind];
  const table = k.applicationTable as typeof projectApplications;
  const [application] = await ctx.db
    .select({
      id: table.id,
      userId: table.userId,
      postingId: k.applicationFk,
      status: k.applicationStatus,
      talent: sql<string>`btrim(${users.name} || ' ' || ${users.lastName})`,
    })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(eq(table.id, input.application_id));
  const posting = application
    ? await postingForApplication(ctx, kind, application.postingId)
    : null;
  if (!application || !posting) throw applicationNotFound();
  // Any member of the posting's company may move its applicants; others are told it is not there.
  const { me } = await assertCompanyCan(ctx, posting.companyId, 'board.move', applicationNotFound);
  if (!posting.recruiting) throw postingClosed();
  const from = application.status;
  const to = input.status;
  const refused = refusedMove(from, to);
  if (refused) throw refused;
  const reason = moveReason(to, input.reason);
  const afterCommit = await ctx.db.transaction(async (tx) => {
    // The status read above may be stale: read it again under a share lock, so a move never lands
    // on a posting that has just closed, and a start that waited for this move re-checks its hire
    // after it (lifecycle.ts movePosting). Un-hiring the only hire while the project starts
    // would otherwise leave a started project with nobody hired.
    const current = await postingForApplication(ctx, kind, posting.id, tx);
    if (!current.recruiting) throw postingClosed();
    // Of two owners' clicks at once, the second finds the status moved and changes nothing.
    const moved = await moveApplication(ctx, tx, kind, {
      id: application.id,
      from: [from],
      to,
      actorId: me.id,
      reason,
    });
    if (!moved) throw changedMeanwhile();
    const topic = applicationTopic(kind, application.id);
    // Counted only once the move is written, in its transaction: a refusal undoes it.
    await takeStatusChangeLimits(ctx, tx, [{ companyId: posting.companyId, topic }]);
    await audit(tx, movedAudit(ctx, kind, { posting, application, from, to, actorId: me.id }));
    return notify(ctx, tx, [movedNotification(kind, { posting, application, to, reason })]);
  });
  await afterCommit();
  return boardApplication(ctx, { kind, posting, application_id: application.id });
}
