import fs from 'node:fs';
import path from 'node:path';
import { serverEnv } from '@/lib/env';
import { acquireDataDirLock } from './lock';
import { MIGRATIONS_DIR, createPglite } from './pglite';
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
    const db = drizzle(pool, { schema }) as unknown as Db;
    try {
      await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await ensureReferenceData(db);
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

function registerShutdown(handle: DbHandle) {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    handle.close().finally(() => process.kill(process.pid, signal));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
