import { and, eq, inArray, sql } from 'drizzle-orm';
import { applicationStatusHistory, jobApplications, projectApplications, users } from '@/db/schema';
import type { Db } from '@/db/types';
import { notices } from '@/lib/i18n/notices';
import { businessPath, KINDS, statusOf, type TPostingKind } from '@/lib/kinds';
import { APPLICATION_STATUS, OPEN_APPLICATION_STATUSES } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import { assertRole } from '@/server/services/access';
import { membersWho } from '@/server/services/companies/permissions';
import { applicationTopic, notify } from '@/server/services/notifications/notifications';
import { queueApplicationEvents } from '@/server/services/open/webhooks';
import { sentFields } from '@/server/services/profile/common';
import { claimCv, closed } from './application-apply';
import { ownApplication } from './application-read';
import { SERVER_KINDS } from './kinds';
import type { TKind } from './posting-dto';
import { postingForApplication } from './posting-page';

// A talent edits or withdraws an application while the posting recruits (docs/api.md
// "Marketplace"). Withdrawing is a status (4), kept in the status history, never a deletion.

const OPEN_STATUSES = [...OPEN_APPLICATION_STATUSES];

/** The caller's application, still open, on a posting that still takes applications. */
async function ownEditable(ctx: TCtx, kind: TKind, id: number, requireAccepting: boolean) {
  const me = assertRole(ctx, 'talent');
  const application = await ownApplication(ctx, kind, id, me.id);
  const status = statusOf(application);
  const postingId = (application as Record<string, unknown>)[KINDS[kind].postingIdField] as number;
  const posting = await postingForApplication(ctx, kind, postingId);
  const open = requireAccepting ? posting.accepting : posting.recruiting;
  if (!OPEN_STATUSES.includes(status) || !open) throw closed();
  return { me, application, status, posting, postingId };
}

/** A project application's edits, and the seed's `shown_accepted_message`. */
type TProjectEdits = {
  proposal?: string;
  price_proposal?: number;
  weeks?: number;
  shown_accepted_message?: boolean;
};
/** A job application's edits. */
type TJobEdits = { summary?: string; experience?: string | null; file_id?: number | null };
/** `updateApplication`'s input (parsed with `KIND_SCHEMAS[kind].applicationPatch`). */
export type TApplicationPatch = { kind: TPostingKind; id: number } & (TProjectEdits | TJobEdits);

/** Each kind's edit of the caller's application `id`. */
const EDIT: {
  [K in TPostingKind]: (
    ctx: TCtx,
    input: { id: number } & (TProjectEdits | TJobEdits),
  ) => Promise<number>;
} = {
  // The talent's edits while the project takes applications, or the seed's
  // `shown_accepted_message` (the congratulations were seen), at any time.
  project: async (ctx, input) => {
    const { id, shown_accepted_message, ...edits } = sentFields(
      input as { id: number } & TProjectEdits,
    );
    const me = assertRole(ctx, 'talent');
    const hasEdits = Object.keys(edits).length > 0;
    if (hasEdits) await ownEditable(ctx, 'project', id!, true);
    else await ownApplication(ctx, 'project', id!, me.id);
    await ctx.db
      .update(projectApplications)
      .set({
        proposal: edits.proposal,
        priceProposal: edits.price_proposal,
        weeks: edits.weeks,
        shownAcceptedMessage: shown_accepted_message,
        updatedAt: ctx.now,
      })
      .where(and(eq(projectApplications.id, id!), eq(projectApplications.userId, me.id)));
    return me.id;
  },
  // The talent's edits while the job takes applications.
  job: async (ctx, raw) => {
    const input = raw as { id: number } & TJobEdits;
    const { me } = await ownEditable(ctx, 'job', input.id, true);
    const edits = sentFields(input);
    if (edits.file_id) await claimCv(ctx.db, edits.file_id, me.id);
    await ctx.db
      .update(jobApplications)
      .set({
        summary: edits.summary,
        experience: input.experience === undefined ? undefined : input.experience,
        fileId: input.file_id === undefined ? undefined : input.file_id,
        updatedAt: ctx.now,
      })
      .where(and(eq(jobApplications.id, input.id), eq(jobApplications.userId, me.id)));
    return me.id;
  },
};

/** `PATCH /project_applications`, `PATCH /job_applications`: the talent's edits. */
export async function updateApplication(ctx: TCtx, input: TApplicationPatch) {
  const { kind, ...rest } = input;
  const userId = await EDIT[kind](ctx, rest);
  return ownApplication(ctx, kind, input.id, userId);
}

/** What else a move sets, per kind: a project application hired shows the congratulations once. */
const MOVED: { [K in TPostingKind]: (to: number) => Record<string, unknown> } = {
  project: (to) => ({ shownAcceptedMessage: to === APPLICATION_STATUS.hired }),
  job: () => ({}),
};

/**
 * Moves application `id` of `kind` to status `to` inside `tx`, if its status is one of `from`
 * (read under a row lock, so of two moves at once the second sees the first's result), and
 * writes the history row (docs/product.md: who, when, from, to, reason). False when it was not
 * in `from`. A project application hired shows the talent the congratulations once (docs/product.md "Entities and fields").
 */
export async function moveApplication(
  ctx: TCtx,
  tx: Db,
  kind: TKind,
  move: {
    id: number;
    from: readonly number[];
    to: number;
    actorId: number;
    reason?: string | null;
  },
): Promise<boolean> {
  const k = SERVER_KINDS[kind];
  const table = k.applicationTable as typeof projectApplications;
  const [row] = await tx
    .select({ status: k.applicationStatus })
    .from(table)
    .where(eq(table.id, move.id))
    .for('update');
  if (!row || !move.from.includes(row.status)) return false;
  const reason = move.reason ?? null;
  await tx
    .update(table)
    .set({ [k.statusField]: move.to, reason, ...MOVED[kind](move.to), updatedAt: ctx.now })
    .where(eq(table.id, move.id));
  await tx.insert(applicationStatusHistory).values({
    kind,
    applicationId: move.id,
    actorId: move.actorId,
    fromStatus: row.status,
    toStatus: move.to,
    reason,
    createdAt: ctx.now,
  });
  // Every move (the owner's, a withdrawal, a lifecycle step) tells the company's webhooks.
  await queueApplicationEvents(
    tx,
    kind,
    'application.status_changed',
    [{ id: move.id, from: row.status }],
    ctx.now,
  );
  return true;
}

/**
 * A bulk move (docs/api.md "The recruiter's workbench"): moves each of `moves` to `to` inside
 * `tx` when its status is still the `from` read before, in one UPDATE, and writes their history
 * rows in one INSERT. Answers the ids it moved; one whose status changed meanwhile is left out.
 */
export async function moveApplications(
  ctx: TCtx,
  tx: Db,
  kind: TKind,
  input: {
    moves: readonly { id: number; from: number }[];
    to: number;
    actorId: number;
    reason?: string | null;
  },
): Promise<{ id: number; from: number }[]> {
  if (input.moves.length === 0) return [];
  const k = SERVER_KINDS[kind];
  const table = k.applicationTable as typeof projectApplications;
  const reason = input.reason ?? null;
  const pairs = input.moves.map((m) => sql`(${m.id}::int, ${m.from}::int)`);
  const rows = await tx
    .update(table)
    .set({ [k.statusField]: input.to, reason, ...MOVED[kind](input.to), updatedAt: ctx.now })
    .where(
      and(
        inArray(
          table.id,
          input.moves.map((m) => m.id),
        ),
        sql`(${table.id}, ${k.applicationStatus}) in (${sql.join(pairs, sql`, `)})`,
      ),
    )
    .returning({ id: table.id });
  const fromOf = new Map(input.moves.map((m) => [m.id, m.from]));
  const moved = rows
    .map((r) => ({ id: r.id, from: fromOf.get(r.id)! }))
    .sort((a, b) => a.id - b.id);
  if (moved.length > 0) {
    await tx.insert(applicationStatusHistory).values(
      moved.map((m) => ({
        kind,
        applicationId: m.id,
        actorId: input.actorId,
        fromStatus: m.from,
        toStatus: input.to,
        reason,
        createdAt: ctx.now,
      })),
    );
    await queueApplicationEvents(tx, kind, 'application.status_changed', moved, ctx.now);
  }
  return moved;
}

/**
 * `DELETE /project_applications`, `DELETE /job_applications`: the talent withdraws (status 4)
 * while the posting recruits; the change is kept in the status history.
 */
export async function withdrawApplication(ctx: TCtx, input: { kind: TKind; id: number }) {
  const { kind } = input;
  const { me, posting, postingId } = await ownEditable(ctx, kind, input.id, false);
  const afterCommit = await ctx.db.transaction(async (tx) => {
    const moved = await moveApplication(ctx, tx, kind, {
      id: input.id,
      from: OPEN_STATUSES,
      to: APPLICATION_STATUS.withdrawn,
      actorId: me.id,
    });
    if (!moved) throw closed();
    // Those who hear of a new application hear of its withdrawal (and are e-mailed, as their
    // "new applicants" preference says).
    const [talent] = await tx
      .select({ name: users.name, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, me.id));
    const who = `${talent!.name} ${talent!.lastName}`.trim();
    const [message, messageEs] = notices('application_withdrawn', {
      name: who,
      posting: posting.name,
    });
    const team = await membersWho(tx, posting.companyId, 'board.move');
    return notify(
      ctx,
      tx,
      team.map((userId) => ({
        userId,
        type: 'application_withdrawn' as const,
        message,
        messageEs,
        link: businessPath(kind, postingId, 'applicants'),
        topic: applicationTopic(kind, input.id),
      })),
    );
  });
  await afterCommit();
  return ownApplication(ctx, kind, input.id, me.id);
}
