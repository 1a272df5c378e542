import { randomBytes } from 'node:crypto';
import { openDatabase } from '@/db/client';
import type { DbHandle } from '@/db/types';
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
