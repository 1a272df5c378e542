import { sql } from 'drizzle-orm';
import { reviewReminders, type projects } from '@/db/schema';
import { notices } from '@/lib/i18n/notices';
import { POSTING_KINDS, type TPostingKind } from '@/lib/kinds';
import { REVIEW_LIMITS } from '@/lib/schemas/reviews';
import { APPLICATION_STATUS } from '@/lib/statuses';
import type { TCtx, TDeps } from '@/server/context';
import { qualified, rowsOf } from '@/server/lib/sql';
import { log, safeErrorFields } from '@/server/logger';
import type { TJobSpec } from '@/server/queue';
import { SERVER_KINDS } from '@/server/services/marketplace/kinds';
import { ownerLink } from '@/server/services/marketplace/owned-posting';
import { notify, type TNewNotification } from '@/server/services/notifications/notifications';
import { recipientsOf, reviewTopic } from './reviews';

// The review reminders (docs/product.md "Reviews", docs/architecture.md "Review reminders"). Every
// hour the `reviews.sweep` job finds the hired applications of finished work whose step fell due:
//   finish:  the window opened (the work finished): both sides are asked for their review
//            (`review_request`), each side that has not written yet;
//   closing: 3 days before the window closes, each side that has not written yet is reminded
//            (`review_closing`).
// Each step of an application writes its row in `review_reminders` (PK kind, application, step) in
// the transaction of its notifications: it happens once however many instances sweep.

export const REVIEWS_SWEEP = 'reviews.sweep';
const EVERY_HOUR = '17 * * * *';
/** Applications one step takes per kind and run; the next hourly run takes the rest. */
const BATCH = 500;

const DAY_MS = 24 * 3600 * 1000;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export type TReviewStep = 'finish' | 'closing';

type TDue = {
  id: number;
  talent_id: number;
  talent_name: string;
  posting_id: number;
  posting_name: string;
  company_id: number;
  company_name: string;
  talent_wrote: boolean;
  company_wrote: boolean;
};

/**
 * The hired applications of `kind` due for `step` at `now`: for 'finish' within the window's
 * first 11 days (later, the closing reminder says it), for 'closing' within its last 3.
 */
function dueFor(ctx: TCtx, kind: TPostingKind, step: TReviewStep, now: Date) {
  const k = SERVER_KINDS[kind];
  const p = k.postingTable as typeof projects;
  const a = k.applicationTable;
  const finished = qualified(p.finishedAt);
  const closingMs = (REVIEW_LIMITS.windowDays - REVIEW_LIMITS.closingDays) * DAY_MS;
  const [from, to] =
    step === 'finish'
      ? [now.getTime() - closingMs, now.getTime()]
      : [now.getTime() - REVIEW_LIMITS.windowDays * DAY_MS, now.getTime() - closingMs];
  const wrote = (side: string) => sql`exists (select 1 from reviews r where r.kind = ${kind}
    and r.application_id = ${qualified(a.id)} and r.side = ${side})`;
  return rowsOf<TDue>(
    ctx.db,
    sql`select ${qualified(a.id)} as id, ${qualified(a.userId)} as talent_id,
        trim(u.name || ' ' || u.last_name) as talent_name, ${qualified(p.id)} as posting_id,
        ${qualified(p.name)} as posting_name, c.id as company_id, c.name as company_name,
        ${wrote('talent')} as talent_wrote, ${wrote('company')} as company_wrote
      from ${a} join ${p} on ${qualified(k.applicationFk)} = ${qualified(p.id)}
        join users u on u.id = ${qualified(a.userId)}
        join companies c on c.id = ${qualified(p.companyId)}
      where ${qualified(k.applicationStatus)} = ${APPLICATION_STATUS.hired}
        and ${finished} is not null and ${finished} > ${at(new Date(from))}
        and ${finished} <= ${at(new Date(to))}
        and not exists (select 1 from review_reminders m where m.kind = ${kind}
          and m.application_id = ${qualified(a.id)} and m.step = ${step})
      order by ${qualified(a.id)} limit ${BATCH}`,
  );
}

/** The notifications of one step: to each side that has not written yet. */
async function notesOf(
  ctx: TCtx,
  kind: TPostingKind,
  step: TReviewStep,
  due: TDue,
): Promise<TNewNotification[]> {
  const finish = step === 'finish';
  const type = finish ? 'review_request' : 'review_closing';
  const app = { talentId: due.talent_id, companyId: due.company_id };
  const notes: TNewNotification[] = [];
  if (!due.talent_wrote) {
    const [message, messageEs] = notices(
      finish ? 'review_request.talent' : 'review_closing.talent',
      {
        posting: due.posting_name,
        company: due.company_name,
      },
    );
    notes.push({
      userId: due.talent_id,
      type,
      topic: reviewTopic(type, kind, due.id),
      message,
      messageEs,
      link: `/applications?type=${kind}`,
    });
  }
  if (!due.company_wrote) {
    const [message, messageEs] = notices(
      finish ? 'review_request.company' : 'review_closing.company',
      {
        posting: due.posting_name,
        talent: due.talent_name,
      },
    );
    for (const userId of await recipientsOf(ctx.db, app, 'company')) {
      notes.push({
        userId,
        type,
        topic: reviewTopic(type, kind, due.id),
        message,
        messageEs,
        link: ownerLink(kind, due.posting_id),
      });
    }
  }
  return notes;
}

/** Takes one step of one application in one transaction; answers whether it happened. */
async function takeStep(ctx: TCtx, kind: TPostingKind, step: TReviewStep, due: TDue) {
  const afterCommit = await ctx.db.transaction(async (tx) => {
    const taken = await tx
      .insert(reviewReminders)
      .values({ kind, applicationId: due.id, step, createdAt: ctx.now })
      .onConflictDoNothing()
      .returning({ step: reviewReminders.step });
    if (taken.length === 0) return null;
    return notify(ctx, tx, await notesOf({ ...ctx, db: tx }, kind, step, due));
  });
  if (!afterCommit) return false;
  await afterCommit();
  return true;
}

/**
 * Sends every review reminder due at `deps.now()`. Safe to run anywhere, at once, and again: each
 * step of an application happens once. Answers how many happened and how many failed.
 */
export async function sweepReviews(deps: TDeps) {
  const db = await deps.getDb();
  const ctx: TCtx = { db, user: null, now: deps.now(), deps, ip: '' };
  const totals = { done: 0, failed: 0 };
  for (const step of ['finish', 'closing'] as const) {
    for (const kind of POSTING_KINDS) {
      for (const due of await dueFor(ctx, kind, step, ctx.now)) {
        try {
          if (await takeStep(ctx, kind, step, due)) totals.done += 1;
        } catch (err) {
          totals.failed += 1;
          log('error', 'review reminder failed', {
            step,
            kind,
            applicationId: due.id,
            ...safeErrorFields(err),
          });
        }
      }
    }
  }
  return totals;
}

/** The `reviews.sweep` job (every hour). */
export async function reviewsJob(_data: unknown, deps: TDeps) {
  const { failed } = await sweepReviews(deps);
  // pg-boss retries the job; the steps taken are recorded and are not taken again.
  if (failed > 0) throw new Error('some review reminders failed');
}

/** The sweep's job (server/queue/jobs.ts). */
export const REVIEW_JOBS: TJobSpec[] = [
  { name: REVIEWS_SWEEP, handler: reviewsJob, cron: EVERY_HOUR, pollingIntervalSeconds: 30 },
];
