import { randomBytes } from 'node:crypto';
import { openDatabase } from '@/db/client';
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

  const { Client } = await import('pg');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  installStatementHook(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
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
