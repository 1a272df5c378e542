import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { postingReminders, type projects } from '@/db/schema';
import type { Db } from '@/db/types';
import { formatDay } from '@/lib/format/day';
import { notices } from '@/lib/i18n/notices';
import { KINDS, POSTING_KINDS, type TPostingKind } from '@/lib/kinds';
import { earliestToday } from '@/lib/schemas/marketplace';
import { APPLICATION_STATUS } from '@/lib/statuses';
import type { TCtx, TDeps } from '@/server/context';
import { qualified, rowsOf } from '@/server/lib/sql';
import { log, safeErrorFields } from '@/server/logger';
import type { TJobSpec } from '@/server/queue';
import { audit } from '@/server/services/companies/audit';
import { membersWho } from '@/server/services/companies/permissions';
import { SERVER_KINDS } from '@/server/services/marketplace/kinds';
import { ownerLink } from '@/server/services/marketplace/owned-posting';
import { closeOpenApplications } from '@/server/services/marketplace/posting-moves';
import { notify, type TNewNotification } from '@/server/services/notifications/notifications';
import { queuePostingClosed } from '@/server/services/open/webhooks';

// The deadline jobs (docs/architecture.md "Deadline jobs", docs/product.md "Deadlines"). The
// deadline is a posting's last day to apply; it has passed once that day ended everywhere on
// Earth (`earliestToday`). Every hour the `deadlines.sweep` job takes each step that fell due:
//   selection: a recruiting job whose deadline passed moves to 2 "in selection" (a project stays
//              recruiting; it takes no applications either way);
//   soon:      three days before the deadline, the company is reminded (`deadline_soon`);
//   waiting:   applicants waiting 14 days without a move, at most once per posting per 14 days
//              (`applicants_waiting`, step `waiting:<date>`);
//   expired:   30 days past the deadline with nobody hired, the posting closes as when its
//              business closes it: everyone still waiting is told "Position closed.".
// Each step of a posting writes its row in `posting_reminders` (PK kind, posting, step) in the
// transaction of its effect: it happens once however many instances sweep, and a step whose
// transaction failed (a crash) left no row, so the next run takes it again.

/** The sweep's queue (db/queue.ts QUEUES) and its schedule: every hour, a few minutes past. */
export const DEADLINES_SWEEP = 'deadlines.sweep';
const EVERY_HOUR = '7 * * * *';

/** Days before the deadline when the company is reminded. */
export const SOON_DAYS = 3;
/** Days an applicant waits without a move before the company is reminded; and between reminders. */
export const WAITING_DAYS = 14;
/** Days past the deadline after which a posting with nobody hired is closed. */
export const EXPIRE_DAYS = 30;
/** Postings one step takes per kind and run; the next hourly run takes the rest. */
const BATCH = 500;

const DAY_MS = 24 * 3600 * 1000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export type TDeadlineStep = 'selection' | 'soon' | 'waiting' | 'expired';

/** What a step found: the posting, and for `waiting` how many wait. */
type TDue = { id: number; name: string; company_id: number; end_date: string; waiting?: number };

/** Tests only: runs inside each step's transaction after its effect (a throw is a crash). */
export type TSweepHooks = {
  inStep?: (step: TDeadlineStep, kind: TPostingKind, postingId: number) => void | Promise<void>;
};

/** A step that no longer applies once its posting's row is held (it moved meanwhile). */
class NotDue extends Error {}

/** The property (`jobStatusId`) of the status column, for an UPDATE's `set`. */
const statusKey = (kind: TPostingKind) => {
  const k = SERVER_KINDS[kind];
  return Object.entries(getTableColumns(k.postingTable)).find(([, c]) => c === k.status)![0];
};

/** The postings of `kind` due for `step` at `now` (not taken yet). */
async function dueFor(db: Db, kind: TPostingKind, step: TDeadlineStep, now: Date) {
  const k = SERVER_KINDS[kind];
  const t = k.postingTable as typeof projects;
  const a = k.applicationTable;
  const [id, status, endDate] = [qualified(t.id), qualified(k.status), qualified(t.endDate)];
  const [appFk, appStatus] = [qualified(k.applicationFk), qualified(k.applicationStatus)];
  const today = earliestToday(now);
  const recruiting = sql.join(
    k.recruitingStatuses.map((s) => sql`${s}::int`),
    sql`, `,
  );
  const taken = (name: string) => sql`not exists (select 1 from posting_reminders r
    where r.kind = ${kind} and r.posting_id = ${id} and r.step = ${name})`;
  const since = at(new Date(now.getTime() - WAITING_DAYS * DAY_MS));
  const where: Record<TDeadlineStep, SQL> = {
    selection: sql`${status} = ${k.statuses.recruiting} and ${endDate} < ${today}
      and ${taken('selection')}`,
    soon: sql`${status} = ${k.statuses.recruiting} and ${endDate} >= ${today}
      and ${endDate} <= ${addDays(today, SOON_DAYS)} and ${taken('soon')}`,
    expired: sql`${status} in (${recruiting}) and ${endDate} < ${addDays(today, -EXPIRE_DAYS)}
      and not exists (select 1 from ${a} where ${appFk} = ${id}
        and ${appStatus} = ${APPLICATION_STATUS.hired})
      and ${taken('expired')}`,
    // Applied (0) long enough ago and never moved since (no history entry).
    waiting: sql`${status} in (${recruiting}) and ${appStatus} = ${APPLICATION_STATUS.applied}
      and ${qualified(k.applicationTable.createdAt)} <= ${since}
      and not exists (select 1 from application_status_history h
        where h.kind = ${kind} and h.application_id = ${qualified(a.id)})
      and not exists (select 1 from posting_reminders r
        where r.kind = ${kind} and r.posting_id = ${id} and r.step like 'waiting:%'
          and r.created_at > ${since})`,
  };
  const waiting = step === 'waiting';
  return rowsOf<TDue>(
    db,
    sql`select ${id} as id, ${qualified(t.name)} as name, ${qualified(t.companyId)} as company_id,
        ${endDate}::text as end_date${waiting ? sql`, count(*)::int as waiting` : sql``}
      from ${t}${waiting ? sql` join ${a} on ${appFk} = ${id}` : sql``}
      where ${waiting ? sql`true` : sql`${endDate} is not null`} and ${where[step]}
      ${waiting ? sql`group by ${id}` : sql``}
      order by ${id} limit ${BATCH}`,
  );
}

/** Holds the posting's row and answers whether its status is one of `statuses`. */
async function holdIfIn(tx: Db, kind: TPostingKind, id: number, statuses: readonly number[]) {
  const k = SERVER_KINDS[kind];
  const t = k.postingTable as typeof projects;
  const rows = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, id), inArray(k.status, [...statuses])))
    .for('update');
  return rows.length > 0;
}

/** Moves the posting from one of `from` to `to`, or answers false when it is in none of them. */
async function moveIf(
  ctx: TCtx,
  tx: Db,
  kind: TPostingKind,
  id: number,
  from: readonly number[],
  to: number,
) {
  const k = SERVER_KINDS[kind];
  const t = k.postingTable as typeof projects;
  const changed = await tx
    .update(t)
    .set({ [statusKey(kind)]: to, updatedAt: ctx.now })
    .where(and(eq(t.id, id), inArray(k.status, [...from])))
    .returning({ id: t.id });
  return changed.length > 0;
}

/** The company's members who hear of its applicants (as for `application_new`). */
const recipients = (tx: Db, companyId: number) => membersWho(tx, companyId, 'board.move');

/** Each step's effect inside its transaction: the notifications it sends. */
const EFFECTS: Record<
  TDeadlineStep,
  (ctx: TCtx, tx: Db, kind: TPostingKind, due: TDue) => Promise<TNewNotification[]>
> = {
  async selection(ctx, tx, kind, due) {
    const to = KINDS[kind].deadlineStatus;
    if (to === null) return [];
    if (!(await moveIf(ctx, tx, kind, due.id, [KINDS[kind].statuses.recruiting], to))) {
      throw new NotDue();
    }
    await audit(tx, {
      companyId: due.company_id,
      actorId: null,
      action: 'posting.in_selection',
      target: { type: kind, id: due.id, label: due.name },
      now: ctx.now,
    });
    return [];
  },

  async soon(ctx, tx, kind, due) {
    if (!(await holdIfIn(tx, kind, due.id, [KINDS[kind].statuses.recruiting]))) throw new NotDue();
    const [message, messageEs] = [
      notices('deadline_soon', { posting: due.name, date: formatDay(due.end_date, 'en') })[0],
      notices('deadline_soon', { posting: due.name, date: formatDay(due.end_date, 'es') })[1],
    ];
    return (await recipients(tx, due.company_id)).map((userId) => ({
      userId,
      type: 'deadline_soon' as const,
      topic: `deadline_soon:${kind}:${due.id}`,
      message,
      messageEs,
      link: ownerLink(kind, due.id),
    }));
  },

  async waiting(ctx, tx, kind, due) {
    if (!(await holdIfIn(tx, kind, due.id, KINDS[kind].recruitingStatuses))) throw new NotDue();
    const count = due.waiting ?? 0;
    const [message, messageEs] = notices(
      count === 1 ? 'applicants_waiting.single' : 'applicants_waiting.several',
      { posting: due.name, count: String(count) },
    );
    return (await recipients(tx, due.company_id)).map((userId) => ({
      userId,
      type: 'applicants_waiting' as const,
      topic: `applicants_waiting:${kind}:${due.id}`,
      message,
      messageEs,
      link: ownerLink(kind, due.id),
    }));
  },

  async expired(ctx, tx, kind, due) {
    const k = SERVER_KINDS[kind];
    if (!(await moveIf(ctx, tx, kind, due.id, k.recruitingStatuses, k.statuses.cancelled))) {
      throw new NotDue();
    }
    // A hire made since the posting was found keeps it open: the UPDATE above holds the posting's
    // row, as a status change does (status-change.ts), so none is under way now.
    const [hired] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${k.applicationTable}
        where ${qualified(k.applicationFk)} = ${due.id}
          and ${qualified(k.applicationStatus)} = ${APPLICATION_STATUS.hired}`,
    );
    if ((hired?.n ?? 0) > 0) throw new NotDue();
    const talents = await closeOpenApplications(ctx, tx, kind, due, null);
    await queuePostingClosed(
      tx,
      {
        kind,
        postingId: due.id,
        companyId: due.company_id,
        statusId: k.statuses.cancelled,
        closedBy: 'deadline',
      },
      ctx.now,
    );
    await audit(tx, {
      companyId: due.company_id,
      actorId: null,
      action: 'posting.expired',
      target: { type: kind, id: due.id, label: due.name },
      now: ctx.now,
    });
    const [message, messageEs] = notices('posting_expired', { posting: due.name });
    const team = (await recipients(tx, due.company_id)).map((userId) => ({
      userId,
      type: 'posting_expired' as const,
      topic: `posting_expired:${kind}:${due.id}`,
      message,
      messageEs,
      link: ownerLink(kind, due.id),
    }));
    return [...talents, ...team];
  },
};

/** The step's row name: `waiting:<date>` for the reminder that repeats, the step otherwise. */
const stepName = (step: TDeadlineStep, now: Date) =>
  step === 'waiting' ? `waiting:${now.toISOString().slice(0, 10)}` : step;

/**
 * Takes one step of one posting in one transaction: its row in `posting_reminders` (none
 * written when another run took it), its effect and its notifications. Answers whether it
 * happened.
 */
async function takeStep(
  ctx: TCtx,
  kind: TPostingKind,
  step: TDeadlineStep,
  due: TDue,
  hooks: TSweepHooks,
): Promise<boolean> {
  let afterCommit: (() => Promise<void>) | null = null;
  try {
    afterCommit = await ctx.db.transaction(async (tx) => {
      const taken = await tx
        .insert(postingReminders)
        .values({ kind, postingId: due.id, step: stepName(step, ctx.now), createdAt: ctx.now })
        .onConflictDoNothing()
        .returning({ step: postingReminders.step });
      if (taken.length === 0) return null;
      const notes = await EFFECTS[step](ctx, tx, kind, due);
      await hooks.inStep?.(step, kind, due.id);
      return notify(ctx, tx, notes);
    });
  } catch (err) {
    if (err instanceof NotDue) return false;
    throw err;
  }
  if (!afterCommit) return false;
  await afterCommit();
  return true;
}

/** The steps in the order a run takes them: a posting past every date moves, then closes. */
const STEPS: TDeadlineStep[] = ['selection', 'expired', 'soon', 'waiting'];

/**
 * Takes every deadline step due at `deps.now()`. Safe to run anywhere, at once, and again: each
 * step of a posting happens once. Answers how many happened and how many failed (those are
 * taken again by the next run).
 */
export async function sweepDeadlines(deps: TDeps, hooks: TSweepHooks = {}) {
  const db = await deps.getDb();
  const ctx: TCtx = { db, user: null, now: deps.now(), deps, ip: '' };
  const totals = { done: 0, failed: 0 };
  for (const step of STEPS) {
    for (const kind of POSTING_KINDS) {
      if (step === 'selection' && KINDS[kind].deadlineStatus === null) continue;
      for (const due of await dueFor(db, kind, step, ctx.now)) {
        try {
          if (await takeStep(ctx, kind, step, due, hooks)) totals.done += 1;
        } catch (err) {
          totals.failed += 1;
          log('error', 'deadline step failed', {
            step,
            kind,
            postingId: due.id,
            ...safeErrorFields(err),
          });
        }
      }
    }
  }
  return totals;
}

/** The `deadlines.sweep` job (every hour). */
export async function deadlinesJob(_data: unknown, deps: TDeps) {
  const { failed } = await sweepDeadlines(deps);
  // pg-boss retries the job; the steps taken are recorded and are not taken again.
  if (failed > 0) throw new Error('some deadline steps failed');
}

/** The sweep's job (server/queue/jobs.ts). */
export const DEADLINE_JOBS: TJobSpec[] = [
  { name: DEADLINES_SWEEP, handler: deadlinesJob, cron: EVERY_HOUR, pollingIntervalSeconds: 30 },
];
