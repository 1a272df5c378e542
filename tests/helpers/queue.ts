import type { TMail } from '@/server/mail/mailer';
import type { TDeps } from '@/server/context';
import { runDueJobs } from '@/server/queue';
import { JOBS } from '@/server/queue/jobs';

// The job queue in API tests (docs/architecture.md "E-mail outbox and job queue"): no worker
// polls a test's database; the helpers run, in the test's process and with its clock, the jobs
// that are due by the database's clock, as a worker would within its polling interval.

/** Runs every due job of the app (e-mail sends, sweeps) until none is left; answers how many. */
export function drainQueue(deps: TDeps): Promise<number> {
  return runDueJobs(deps, JOBS);
}

/**
 * Runs the due jobs until `outbox` holds a mail `match` accepts, and answers it; fails after
 * `attempts` rounds that found no job to run and no such mail.
 */
export async function waitForMail(
  deps: TDeps,
  outbox: TMail[],
  match: (mail: TMail) => boolean = () => true,
  attempts = 50,
): Promise<TMail> {
  for (let i = 0; i < attempts; i++) {
    const found = outbox.find(match);
    if (found) return found;
    if ((await drainQueue(deps)) === 0) await new Promise((r) => setImmediate(r));
  }
  throw new Error(`No such mail among ${outbox.length} sent`);
}
