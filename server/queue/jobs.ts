import type { TDeps } from '@/server/context';
import { log, safeErrorFields } from '@/server/logger';
import { ALERT_JOBS } from '@/server/services/discovery/alerts';
import { DEADLINE_JOBS } from '@/server/services/discovery/deadlines';
import { DIGEST_JOBS } from '@/server/services/notifications/digest';
import { MAIL_JOBS } from '@/server/services/notifications/mail-outbox';
import { WEBHOOK_JOBS } from '@/server/services/open/webhook-delivery';
import { REVIEW_JOBS } from '@/server/services/trust/review-reminders';
import { enqueue, registerWorker, schedule, type TJobSpec, wakeWorker } from './index';

/**
 * Every job the app runs (docs/architecture.md "E-mail outbox and job queue"); each queue is
 * also listed in db/queue.ts QUEUES.
 */
export const JOBS: TJobSpec[] = [
  ...MAIL_JOBS,
  ...DIGEST_JOBS,
  ...ALERT_JOBS,
  ...DEADLINE_JOBS,
  ...REVIEW_JOBS,
  ...WEBHOOK_JOBS,
];

/**
 * At server start: the process's queue, a worker for every job, the cron schedules, and a first
 * run of each scheduled job now (what fell due while no server ran leaves at once).
 */
export async function startJobs(deps: TDeps): Promise<void> {
  for (const spec of JOBS) await registerWorker(spec, deps);
  for (const spec of JOBS) {
    if (!spec.cron) continue;
    await schedule(spec.name, spec.cron, deps);
    await enqueue(spec.name, {}).then(
      () => wakeWorker(spec.name),
      (err: unknown) =>
        log('warn', 'job not sent at start', { queue: spec.name, ...safeErrorFields(err) }),
    );
  }
}
