import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@/db/client';
import { MIGRATIONS_DIR } from '@/db/pglite';
import { ensureReferenceData } from '@/db/reference-data';
import * as schema from '@/db/schema';
import type { Db, DbHandle } from '@/db/types';
import { installStatementHook } from './statements';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (CI runs the API suite both ways). Its
 * statements can be counted (./statements.ts).
 */
export async function createTestDb(): Promise<DbHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite' });
    installStatementHook(handle.db);
    return handle;
  }

  const { name, url } = await createServerDatabase(serverUrl);
  const handle = await openDatabase({ kind: 'postgres', url });
  installStatementHook(handle.db);
  return withDrop(handle, serverUrl, name);
}

/** A new, empty database on the PostgreSQL server of `serverUrl`: its name and address. */
async function createServerDatabase(serverUrl: string) {
  const { Client } = await import('pg');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** `handle`, whose close also drops its database `name` from the server of `serverUrl`. */
function withDrop(handle: DbHandle, serverUrl: string, name: string): DbHandle {
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const { Client } = await import('pg');
      const drop = new Client({ connectionString: serverUrl });
      await drop.connect();
      // pg-pool's end() resolves before its clients' sockets have closed; terminating them with
      // FORCE then raises an unhandled 57P01 in this process. Wait (briefly) for them to go.
      for (let i = 0; i < 50; i++) {
        const { rows } = await drop.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

/** A folder with the committed migrations before the one named `name` (its tag without number). */
function migrationsBefore(name: string): string {
  const journalPath = path.join(MIGRATIONS_DIR, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag.replace(/^\d+_/, '') === name);
  if (at < 0) throw new Error(`No migration named ${name}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, at);
  for (const e of entries) {
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  }
  fs.writeFileSync(
    path.join(dir, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
  return dir;
}

/**
 * A fresh database migrated up to, not including, the migration named `migration` (its tag
 * without the number, which a merge may change), for a test of what that migration does to
 * rows stored before it: `run` executes SQL on it as it is, and `migrate` applies the remaining
 * migrations and answers it as createTestDb() would.
 */
export async function createTestDbBefore(migration: string) {
  const folder = migrationsBefore(migration);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create({ extensions: { unaccent, pg_trgm } });
    await migrate(drizzle(client), { migrationsFolder: folder });
    fs.rmSync(folder, { recursive: true, force: true });
    return {
      run: async (statement: string) => void (await client.exec(statement)),
      migrate: async (): Promise<DbHandle> => {
        await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
        const db = drizzle(client, { schema }) as unknown as Db;
        await ensureReferenceData(db);
        installStatementHook(db);
        return {
          db,
          kind: 'pglite',
          listen: (channel, onPayload) => client.listen(channel, onPayload),
          close: () => client.close(),
        };
      },
    };
  }

  const { name, url } = await createServerDatabase(serverUrl);
  const { Client } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = new Client({ connectionString: url });
  await client.connect();
  await migrate(drizzle(client), { migrationsFolder: folder });
  fs.rmSync(folder, { recursive: true, force: true });
  return {
    run: async (statement: string) => void (await client.query(statement)),
    migrate: async (): Promise<DbHandle> => {
      await client.end();
      const handle = await openDatabase({ kind: 'postgres', url });
      installStatementHook(handle.db);
      return withDrop(handle, serverUrl, name);
    },
  };
}

type TNoticeSource = { on(event: 'notice', listener: (notice: { message: string }) => void): void };
type TPool = {
  totalCount: number;
  on(event: 'acquire', listener: (client: TNoticeSource) => void): void;
  off(event: 'acquire', listener: (client: TNoticeSource) => void): void;
  connect(): Promise<TPoolClient>;
};
type TPoolClient = {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  release(): void;
};
type TPglite = {
  query(text: string, params?: unknown[], options?: Record<string, unknown>): Promise<unknown>;
  exec(text: string): Promise<unknown>;
};

const clientOf = (db: Db) => (db as unknown as { $client: TPool | TPglite }).$client;
const isPool = (client: TPool | TPglite): client is TPool => 'totalCount' in client;

/**
 * The NOTICEs and WARNINGs the database sends for `db`'s statements from now until `stop()`, on
 * either engine (PGlite drops them unless a query asks; node-postgres emits them per connection).
 */
export function captureNotices(db: Db): { notices: string[]; stop: () => void } {
  const notices: string[] = [];
  const client = clientOf(db);
  if (isPool(client)) {
    let active = true;
    const heard = new WeakSet<TNoticeSource>();
    const onAcquire = (connection: TNoticeSource) => {
      if (heard.has(connection)) return;
      heard.add(connection);
      connection.on('notice', (n) => active && notices.push(n.message));
    };
    client.on('acquire', onAcquire);
    return {
      notices,
      stop: () => {
        active = false;
        client.off('acquire', onAcquire);
      },
    };
  }
  const original = client.query;
  client.query = function (this: TPglite, text, params, options = {}) {
    const onNotice = (n: { message: string }) => notices.push(n.message);
    return original.call(this, text, params, { ...options, onNotice });
  };
  return { notices, stop: () => void (client.query = original) };
}

/**
 * EXPLAIN of `query` with sequential and plain index scans turned off, so that the plan says
 * whether an index can answer its condition: with only a few rows in a test the planner would
 * rather read them all.
 */
export async function planWithoutScans(db: Db, query: string, params: unknown[]) {
  const client = clientOf(db);
  const off = 'SET enable_seqscan = off; SET enable_indexscan = off';
  const on = 'RESET enable_seqscan; RESET enable_indexscan';
  if (isPool(client)) {
    const connection = await client.connect();
    try {
      await connection.query(off);
      const { rows } = await connection.query(`EXPLAIN ${query}`, params);
      return rows.map((row) => String(Object.values(row)[0])).join('\n');
    } finally {
      await connection.query(on);
      connection.release();
    }
  }
  await client.exec(off);
  try {
    const { rows } = (await client.query(`EXPLAIN ${query}`, params)) as {
      rows: Record<string, unknown>[];
    };
    return rows.map((row) => String(Object.values(row)[0])).join('\n');
  } finally {
    await client.exec(on);
  }
}

/** Whether TEST_DATABASE_URL names a PostgreSQL server (CI sets it for its second API run). */
export const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

const announced = new Set<string>();

/**
 * The name of a test or group that runs only on PostgreSQL (`it.skipIf(!hasPostgres)`), saying
 * why when it is skipped, and printed once per name, so that a run without TEST_DATABASE_URL
 * says what it left out (the reporter lists skipped tests only by count).
 */
export function needsPostgres(name: string): string {
  if (hasPostgres) return name;
  const skipped = `${name} (skipped: needs PostgreSQL (TEST_DATABASE_URL); CI runs it)`;
  if (!announced.has(name)) {
    announced.add(name);
    console.warn(`Skipped: “${name}” needs PostgreSQL (TEST_DATABASE_URL); CI runs it.`);
  }
  return skipped;
}
