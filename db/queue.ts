import PgBoss from 'pg-boss';

// The job queue's tables (docs/architecture.md "E-mail outbox and job queue"): pg-boss keeps its
// jobs in the schema `pgboss` of the app's own database, so a job written in a transaction
// commits or rolls back with it. Opening a database makes them (db/client.ts), before any request
// can enqueue, on PostgreSQL and on PGlite alike; pg-boss itself (server/queue) runs the workers.

/** pg-boss's schema in the app's database. */
export const QUEUE_SCHEMA = 'pgboss';

/** What pg-boss needs to run SQL: its `db` hook, over PGlite, a pool or one connection. */
export type TExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * The queues, with how their jobs are retried. Every job names one; a queue must exist before a
 * job is sent to it (pg-boss 10), so they are made with the tables.
 */
export const QUEUES: Record<string, PgBoss.Queue> = {
  /** One e-mail of the outbox (server/services/notifications/mail-outbox.ts). */
  'mail.send': {
    name: 'mail.send',
    // One waiting job per outbox row: a second event about it finds the first job queued.
    policy: 'short',
    // 30 s, 1 min, 2 min… about 17 hours in all (pg-boss's backoff doubles the delay).
    retryLimit: 12,
    retryDelay: 30,
    retryBackoff: true,
    // A job in the hands of a server that crashed is retried after this.
    expireInSeconds: 2 * 60,
  },
  /** The daily digest (server/services/notifications/digest.ts): hourly, it sends at its hour. */
  'mail.digest': {
    name: 'mail.digest',
    policy: 'singleton',
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  },
  /**
   * The saved searches a new or reopened posting matches, alerted once per person
   * (server/services/discovery/alerts.ts); one job per posting, sent in its transaction.
   */
  'alerts.match': {
    name: 'alerts.match',
    retryLimit: 8,
    retryDelay: 15,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
  },
  /** The deadline steps of postings (server/services/discovery/deadlines.ts): hourly. */
  'deadlines.sweep': {
    name: 'deadlines.sweep',
    policy: 'singleton',
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  },
  /** Review reminders (server/services/trust/review-reminders.ts): hourly. */
  'reviews.sweep': {
    name: 'reviews.sweep',
    policy: 'singleton',
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  },
  /**
   * One webhook delivery (server/services/open/webhook-delivery.ts). Its own retries are rows'
   * times (1 min … 6 h) with a job each; pg-boss retries only a job that crashed.
   */
  'webhooks.deliver': {
    name: 'webhooks.deliver',
    policy: 'short',
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 2 * 60,
  },
  /** The sweep that gives due webhook deliveries without a job one: every minute. */
  'webhooks.sweep': {
    name: 'webhooks.sweep',
    policy: 'singleton',
    retryLimit: 0,
    expireInSeconds: 10 * 60,
  },
  /** The sweep that finds due outbox rows without a job (written by an older version, say). */
  'mail.sweep': {
    name: 'mail.sweep',
    policy: 'singleton',
    retryLimit: 0,
    expireInSeconds: 10 * 60,
  },
};

const raced = (err: unknown) => err instanceof Error && /already exists/.test(err.message);

/**
 * Makes pg-boss's tables and the queues when missing. Several instances may start at once: the
 * one that loses the race to make something finds it made (pg-boss's own "already exists").
 */
export async function ensureQueueTables(exec: TExecuteSql): Promise<void> {
  const { rows } = await exec(`SELECT to_regclass('${QUEUE_SCHEMA}.version') IS NOT NULL AS made`);
  if (!(rows[0] as { made: boolean }).made) {
    try {
      await exec(PgBoss.getConstructionPlans(QUEUE_SCHEMA));
    } catch (err) {
      if (!raced(err)) throw err;
    }
  }
  const existing = await exec(`SELECT name FROM ${QUEUE_SCHEMA}.queue`);
  const have = new Set(existing.rows.map((r) => (r as { name: string }).name));
  for (const [name, queue] of Object.entries(QUEUES)) {
    if (have.has(name)) continue;
    const { name: _, ...options } = queue;
    try {
      await exec(`SELECT ${QUEUE_SCHEMA}.create_queue($1, $2)`, [name, options]);
    } catch (err) {
      if (!raced(err)) throw err;
    }
  }
}

/** pg-boss's `db` hook over PGlite: a text with several statements comes without values. */
export function pgliteExecutor(client: {
  query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  exec: (text: string) => Promise<{ rows: unknown[] }[]>;
}): TExecuteSql {
  return async (text, values) => {
    if (values?.length) return client.query(text, values);
    const results = await client.exec(text);
    return results[results.length - 1] ?? { rows: [] };
  };
}
