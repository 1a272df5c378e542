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
