import fs from 'node:fs';
import path from 'node:path';
import { serverEnv } from '@/lib/env';
import { acquireDataDirLock } from './lock';
import { MIGRATIONS_DIR, createPglite } from './pglite';
import { ensureQueueTables, pgliteExecutor } from './queue';
import { ensureReferenceData } from './reference-data';
import * as schema from './schema';
import type { Db, DbHandle, OpenOptions, TListen } from './types';

/**
 * Planner costs for data on SSDs or in memory: PostgreSQL's default random_page_cost (4) prices
 * a spinning disk's seek, which makes the search's GIN bitmap scans look dearer than reading the
 * whole table (docs/architecture.md "Scale"). A server configured otherwise can set it there.
 */
const RANDOM_PAGE_COST = 1.1;

/**
 * Each open database's LISTEN (docs/architecture.md "Live notifications"), kept on its `db` under
 * a global symbol: Next.js bundles this module more than once (the API route, the start-up
 * seeding), and the database is shared between those copies (`holder` below), so a module-local
 * map would not find it.
 */
const LISTEN = Symbol.for('talentchain.db.listen');

function setListener(db: Db, listen: TListen) {
  Object.defineProperty(db, LISTEN, { value: listen, enumerable: false });
}

/** LISTEN on the database behind `db` (one opened by `openDatabase`). */
export function listenerOf(db: Db): TListen {
  const listen = (db as unknown as Record<symbol, TListen | undefined>)[LISTEN];
  if (!listen) throw new Error('This database was not opened by openDatabase()');
  return listen;
}

/**
 * LISTEN for node-postgres: one connection of its own per channel (a pooled one would be handed
 * to queries), opened again after a drop, 1 s later and up to 10 s apart. NOTIFYs sent while it
 * is down are lost: the clients' polling fallback covers the gap.
 */
function postgresListen(
  url: string,
  closing: { closed: boolean; stops: Set<() => Promise<void>> },
): TListen {
  return async (channel, onPayload, onReopened) => {
    const { Client } = await import('pg');
    let client: InstanceType<typeof Client> | undefined;
    let stopped = false;
    let delay = 1000;
    const connect = async (): Promise<void> => {
      if (stopped || closing.closed) return;
      const c = new Client({ connectionString: url });
      c.on('notification', (msg) => {
        if (msg.channel === channel) onPayload(msg.payload ?? '');
      });
      c.on('error', () => {
        if (client === c) retry();
      });
      c.on('end', () => {
        if (client === c) retry();
      });
      client = c;
      await c.connect();
      await c.query(`LISTEN ${quoteIdent(channel)}`);
      delay = 1000;
    };
    const retry = () => {
      client = undefined;
      if (stopped || closing.closed) return;
      setTimeout(() => {
        connect()
          .then(() => {
            if (client && !stopped) onReopened?.();
          })
          .catch(() => retry());
      }, delay).unref();
      delay = Math.min(delay * 2, 10_000);
    };
    const stop = async () => {
      stopped = true;
      closing.stops.delete(stop);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    };
    // Closing the database ends its LISTEN connections too (else each holds a server connection
    // until the process exits). A first connection that fails is stopped as well, so that its
    // 'end' does not start a retry loop nobody listens to.
    closing.stops.add(stop);
    try {
      await connect();
    } catch (err) {
      await stop();
      throw err;
    }
    return stop;
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The key of the advisory lock that instances starting at once take around their migrations
 * (docs/deploy.md "Upgrades"). Any constant works; this one spells "TCMIGRAT" in ASCII.
 */
const MIGRATION_LOCK = '6071781699750084948';

/**
 * Runs `work` on one connection of `pool` that holds PostgreSQL's session advisory lock
 * MIGRATION_LOCK, so that of several instances started against one database only one migrates
 * at a time; the others wait, then find nothing pending. Drizzle's migrator reads the last
 * applied migration before its transaction, so without the lock two instances both apply the
 * first pending one and all but one fail. A connection that failed is closed rather than
 * returned to the pool, which also frees its lock.
 */
async function underMigrationLock(
  pool: import('pg').Pool,
  work: (client: import('pg').PoolClient) => Promise<void>,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK]);
    await work(client);
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK]);
  } catch (err) {
    client.release(true);
    throw err;
  }
  client.release();
}

/** Opens, migrates and fills reference data. Queries everywhere take the returned `db`. */
export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  if (opts.kind === 'postgres') {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({
      connectionString: opts.url,
      max: 10,
      // Prepared statements still plan for each request's values: a generic plan ignores how
      // selective a search is (docs/architecture.md "Scale").
      options: `-c random_page_cost=${RANDOM_PAGE_COST} -c plan_cache_mode=force_custom_plan`,
    });
    // An idle pooled connection that the server ends (a restart, a failover, an administrator)
    // is dropped by the pool, which opens another when one is needed; without a listener its
    // error would end the process.
    pool.on('error', () => {});
    const db = drizzle(pool, { schema }) as unknown as Db;
    try {
      await underMigrationLock(pool, async (client) => {
        const one = drizzle(client, { schema }) as unknown as Db;
        await migrate(one as never, { migrationsFolder: MIGRATIONS_DIR });
        await ensureReferenceData(one);
        await ensureQueueTables((text, values) => client.query(text, values));
      });
    } catch (err) {
      await pool.end();
      throw err;
    }
    const closing = { closed: false, stops: new Set<() => Promise<void>>() };
    const listen = postgresListen(opts.url, closing);
    setListener(db, listen);
    return {
      db,
      kind: 'postgres',
      listen,
      close: async () => {
        closing.closed = true;
        await Promise.all([...closing.stops].map((stop) => stop()));
        await pool.end();
      },
    };
  }

  const release = opts.dataDir ? acquireDataDirLock(opts.dataDir) : () => {};
  try {
    const { drizzle } = await import('drizzle-orm/pglite');
    if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
    const client = await createPglite(opts.dataDir && path.join(opts.dataDir, 'pg'));
    const db = drizzle(client, { schema }) as unknown as Db;
    try {
      await client.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
      await ensureReferenceData(db);
      await ensureQueueTables(pgliteExecutor(client));
    } catch (err) {
      await client.close();
      throw err;
    }
    const listen: TListen = (channel, onPayload) => client.listen(channel, onPayload);
    setListener(db, listen);
    return {
      db,
      kind: 'pglite',
      listen,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

type Holder = { promise?: Promise<DbHandle> };
const holder: Holder = ((globalThis as { __talentDb?: Holder }).__talentDb ??= {});

/**
 * The process's database, opened on first use from the configuration (PGlite unless
 * DATABASE_URL). Demo data is seeded at start (server/boot.ts), not here.
 */
export function getDbHandle(): Promise<DbHandle> {
  if (!holder.promise) {
    const env = serverEnv();
    const opts: OpenOptions = env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR) };
    const promise = openDatabase(opts).then((handle) => {
      registerShutdown(handle);
      return handle;
    });
    // Never cache a rejected opening: the next request tries again.
    promise.catch(() => {
      if (holder.promise === promise) holder.promise = undefined;
    });
    holder.promise = promise;
  }
  return holder.promise;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/**
 * The process's way out (docs/deploy.md "Stopping"). `drains` run first, when the server stops
 * taking requests (the notification streams end, so their clients reconnect to another
 * instance); `steps` run once the last request has been answered (the job queue stops its
 * workers), then the database closes. The production server (scripts/serve.mjs) sets `managed`
 * and drives the order itself through `close`; otherwise SIGINT/SIGTERM run it all at once.
 */
type TShutdown = {
  steps: Set<() => Promise<void>>;
  drains?: Set<() => void>;
  managed?: boolean;
  close?: () => Promise<void>;
};
const shutdown: TShutdown = ((globalThis as { __talentShutdown?: TShutdown }).__talentShutdown ??= {
  steps: new Set(),
});
shutdown.drains ??= new Set();

/**
 * Work to finish before the process's database closes at SIGINT/SIGTERM (the job queue stops
 * its workers first, server/queue). A failing step does not keep the database open.
 */
export function addShutdownStep(step: () => Promise<void>) {
  shutdown.steps.add(step);
}

/** Called once when the server stops taking requests, before in-flight ones finish. */
export function addDrainStep(drain: () => void) {
  shutdown.drains!.add(drain);
}

function registerShutdown(handle: DbHandle) {
  let closed: Promise<void> | undefined;
  shutdown.close = () =>
    (closed ??= Promise.allSettled([...shutdown.steps].map((step) => step())).then(() =>
      handle.close(),
    ));
  if (shutdown.managed) return;
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    for (const drain of shutdown.drains!) drain();
    shutdown.close!().finally(() => process.kill(process.pid, signal));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
