import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { addShutdownStep } from '@/db/client';
import { pgliteExecutor, QUEUE_SCHEMA, type TExecuteSql } from '@/db/queue';
import type { Db } from '@/db/types';
import type { TDeps } from '@/server/context';
import { log, safeErrorFields } from '@/server/logger';

// The job queue (docs/architecture.md "E-mail outbox and job queue"): pg-boss 10 on the app's own
// database, PGlite or PostgreSQL, through pg-boss's `db` hook. One pg-boss per process, started by
// server/boot.ts (startJobs) and stopped before the database closes; every instance runs the
// workers, and pg-boss's FOR UPDATE SKIP LOCKED gives each job to one of them. A job sent with
// `tx` is a row written in that transaction: it exists if and only if the transaction commits.

/** A job's work: its data, and the app's dependencies. Throwing fails it (retried later). */
export type TJobHandler<T = unknown> = (data: T, deps: TDeps) => Promise<void>;

/** A job the process runs (server/queue/jobs.ts lists them): its queue, its work, its cron. */
export type TJobSpec<T = unknown> = {
  /** A queue of db/queue.ts QUEUES. */
  name: string;
  handler: TJobHandler<T>;
  /** When pg-boss sends it by itself (cron, UTC), in one instance. */
  cron?: string;
  /** How often an idle worker looks for jobs (pg-boss 10's floor is 0.5). */
  pollingIntervalSeconds?: number;
};

/** How often the mail worker looks for jobs others wrote: modest, as PGlite has one connection. */
const POLLING_SECONDS = 2;
/** Jobs a worker takes at once. */
const BATCH = 5;

/** pg-boss's `db` hook over the database behind `db` (its PGlite, or its node-postgres pool). */
export function executorOf(db: Db): TExecuteSql {
  const client = (db as unknown as { $client: unknown }).$client as {
    exec?: unknown;
    query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  };
  if (typeof client.exec === 'function') {
    return pgliteExecutor(client as Parameters<typeof pgliteExecutor>[0]);
  }
  return (text, values) => client.query(text, values);
}

/**
 * pg-boss's `db` hook inside the drizzle transaction `tx`: its `$n` placeholders become drizzle
 * parameters, so the statement runs on the transaction's connection, whichever the database.
 */
export function txExecutor(tx: Db): TExecuteSql {
  return async (text, values = []) => {
    const parts = text.split(/\$(\d+)\b/);
    const chunks: SQL[] = parts.map((part, i) =>
      i % 2 === 1 ? sql`${values[Number(part) - 1] ?? null}` : sql.raw(part),
    );
    const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
    return { rows: result.rows };
  };
}

const bossOptions = (executeSql: TExecuteSql, running: boolean): PgBoss.ConstructorOptions => ({
  db: { executeSql: executeSql as PgBoss.Db['executeSql'] },
  schema: QUEUE_SCHEMA,
  // The tables are made when the database opens (db/queue.ts); a newer pg-boss migrates them.
  migrate: running,
  // Expired and old jobs are tidied by one instance at a time, every few minutes.
  supervise: running,
  maintenanceIntervalSeconds: 300,
  schedule: running,
  cronMonitorIntervalSeconds: 30,
  cronWorkerIntervalSeconds: 15,
});

type THolder = {
  /** The process's queue: the database it runs on and pg-boss, started. */
  running?: { boss: Promise<PgBoss>; workers: Map<string, string> };
  /** pg-boss without workers or timers per database, for sending in a transaction and tests. */
  tools: WeakMap<Db, Promise<PgBoss>>;
  offline?: PgBoss;
};
// Next.js bundles server modules more than once; the queue is one per process.
const holder: THolder = ((globalThis as { __talentQueue?: THolder }).__talentQueue ??= {
  tools: new WeakMap(),
});

/** A pg-boss that only builds statements for the executor each call passes (`{ db }`). */
function offlineBoss(): PgBoss {
  holder.offline ??= new PgBoss(
    bossOptions(async () => {
      throw new Error('pass { db } to this pg-boss');
    }, false),
  );
  return holder.offline;
}

/** pg-boss on `db` without workers nor timers (started: it only checks the tables' version). */
export function toolQueue(db: Db): Promise<PgBoss> {
  let boss = holder.tools.get(db);
  if (!boss) {
    const made = new PgBoss(bossOptions(executorOf(db), false));
    made.on('error', (err) => log('warn', 'job queue error', safeErrorFields(err)));
    boss = made.start();
    holder.tools.set(db, boss);
  }
  return boss;
}

/**
 * The process's pg-boss, started once on the app's database: workers, cron and maintenance run
 * here. Stopped before the database closes at shutdown (jobs in hand are failed, so retried).
 */
export function getQueue(deps: TDeps): Promise<PgBoss> {
  if (holder.running) return holder.running.boss;
  const start = async () => {
    const db = await deps.getDb();
    const boss = new PgBoss(bossOptions(executorOf(db), true));
    boss.on('error', (err) => log('warn', 'job queue error', safeErrorFields(err)));
    await boss.start();
    addShutdownStep(() => stopQueue());
    return boss;
  };
  const running: NonNullable<THolder['running']> = { boss: start(), workers: new Map() };
  holder.running = running;
  running.boss.catch(() => {
    if (holder.running === running) holder.running = undefined;
  });
  return running.boss;
}

/** Stops the process's queue (waiting a little for the jobs in hand). */
export async function stopQueue(): Promise<void> {
  const running = holder.running;
  if (!running) return;
  holder.running = undefined;
  const boss = await running.boss.catch(() => undefined);
  await boss?.stop({ graceful: true, wait: true, timeout: 5000 });
}

export type TEnqueueOptions = {
  /** A drizzle transaction: the job is written in it, and exists only if it commits. */
  tx?: Db;
  /** The database to write to outside a transaction (default: the process's queue). */
  db?: Db;
  startAfter?: Date;
  /** At most one waiting job per key in a queue of policy 'short' (db/queue.ts). */
  singletonKey?: string;
};

/** pg-boss's statement for `opts`: in the transaction, on the given database, or the queue's. */
async function bossFor(opts: TEnqueueOptions): Promise<{ boss: PgBoss; db?: PgBoss.Db }> {
  if (opts.tx) {
    return {
      boss: offlineBoss(),
      db: { executeSql: txExecutor(opts.tx) as PgBoss.Db['executeSql'] },
    };
  }
  if (opts.db) return { boss: await toolQueue(opts.db) };
  if (!holder.running) throw new Error('The job queue is not started (server/boot.ts)');
  return { boss: await holder.running.boss };
}

/** Sends one job (answers nothing: a duplicate of a waiting singleton is dropped). */
export async function enqueue(name: string, data: object, opts: TEnqueueOptions = {}) {
  await enqueueMany(name, [data], opts, () => opts.singletonKey);
}

/** Sends several jobs of one queue in one statement; `keyOf` gives each its singleton key. */
export async function enqueueMany<T extends object>(
  name: string,
  items: T[],
  opts: Omit<TEnqueueOptions, 'singletonKey'>,
  keyOf: (item: T) => string | undefined,
) {
  if (items.length === 0) return;
  const { boss, db } = await bossFor(opts);
  const jobs: PgBoss.JobInsert[] = items.map((data) => ({
    name,
    data,
    singletonKey: keyOf(data),
    startAfter: opts.startAfter,
  }));
  await boss.insert(jobs, db ? { db } : {});
}

/** Wakes this process's worker of `name` at once (after a commit that sent it a job). */
export function wakeWorker(name: string) {
  const running = holder.running;
  const id = running?.workers.get(name);
  if (!running || !id) return;
  void running.boss.then((boss) => boss.notifyWorker(id)).catch(() => {});
}

/** Runs `jobs` one by one; a failed one is failed in pg-boss (retried after its delay). */
async function runJobs(boss: PgBoss, spec: TJobSpec, deps: TDeps, jobs: PgBoss.Job<unknown>[]) {
  for (const job of jobs) {
    try {
      await spec.handler(job.data, deps);
    } catch (err) {
      log('warn', 'job failed', { queue: spec.name, ...safeErrorFields(err) });
      await boss.fail(spec.name, job.id, { error: err instanceof Error ? err.name : 'unknown' });
    }
  }
}

/** Runs `spec`'s jobs in this process's queue (started first if need be). */
export async function registerWorker(spec: TJobSpec, deps: TDeps) {
  const boss = await getQueue(deps);
  const id = await boss.work(
    spec.name,
    { batchSize: BATCH, pollingIntervalSeconds: spec.pollingIntervalSeconds ?? POLLING_SECONDS },
    (jobs) => runJobs(boss, spec, deps, jobs),
  );
  holder.running?.workers.set(spec.name, id);
}

/** Has pg-boss send a job of `name` by `cron` (UTC), in one instance each time. */
export async function schedule(name: string, cron: string, deps: TDeps) {
  await (await getQueue(deps)).schedule(name, cron, {}, { tz: 'UTC' });
}

/**
 * Runs at once, in this process, every job of `specs` that is due by the database's clock, until
 * none is left (tests: what the workers would do within the polling interval; also run at start).
 * Answers how many ran.
 */
export async function runDueJobs(deps: TDeps, specs: TJobSpec[]): Promise<number> {
  const boss = await toolQueue(await deps.getDb());
  let ran = 0;
  for (;;) {
    let round = 0;
    for (const spec of specs) {
      const jobs = await boss.fetch<unknown>(spec.name, { batchSize: BATCH });
      if (jobs.length === 0) continue;
      round += jobs.length;
      await runJobs(boss, spec, deps, jobs);
      // Completes those still active (a failed one is waiting for its retry).
      await boss.complete(
        spec.name,
        jobs.map((j) => j.id),
      );
    }
    if (round === 0) return ran;
    ran += round;
  }
}
