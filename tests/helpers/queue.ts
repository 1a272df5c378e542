import { QUEUE_SCHEMA } from '@/db/queue';
import type { TMail } from '@/server/mail/mailer';
import type { TDeps } from '@/server/context';
import { executorOf, runDueJobs } from '@/server/queue';
import { JOBS } from '@/server/queue/jobs';

// The job queue in API tests (docs/architecture.md "E-mail outbox and job queue"): no worker
// polls a test's database; the helpers run, in the test's process and with its clock, the jobs
// that are due by the database's clock, as a worker would within its polling interval.

/** Runs every due job of the app (e-mail sends, sweeps) until none is left; answers how many. */
export async function drainQueue(deps: TDeps): Promise<number> {
  try {
    // One look at which queues hold due jobs, rather than a fetch per queue after every call:
    // the API helper drains after each request, and most find nothing.
    const exec = executorOf(await deps.getDb());
    let ran = 0;
    for (;;) {
      const { rows } = await exec(
        `SELECT DISTINCT name FROM ${QUEUE_SCHEMA}.job
          WHERE state IN ('created', 'retry') AND start_after <= now()`,
      );
      const due = new Set(rows.map((r) => (r as { name: string }).name));
      const specs = JOBS.filter((spec) => due.has(spec.name));
      if (specs.length === 0) return ran;
      const round = await runDueJobs(deps, specs);
      if (round === 0) return ran;
      ran += round;
    }
  } catch (err) {
    // A database migrated by hand to an older version (the migration tests) has no queue.
    if (
      err instanceof Error &&
      /pg-boss is not installed|relation "pgboss\.job" does not exist/.test(err.message)
    ) {
      return 0;
    }
    throw err;
  }
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
