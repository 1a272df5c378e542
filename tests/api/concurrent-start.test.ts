import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { MIGRATIONS_DIR } from '@/db/pglite';
import {
  DEMO_BUSINESSES,
  DEMO_JOBS,
  DEMO_OPERATORS,
  DEMO_PROJECTS,
  DEMO_TALENTS,
  DEMO_TEAM,
} from '@/db/seed-data';
import type { DbHandle } from '@/db/types';
import { seedOnStart } from '@/server/start-up';

// Instances that start at once against one new PostgreSQL database (a deployment of several
// replicas, or an upgrade that restarts them together; docs/deploy.md "Upgrades"): each opens
// the database as the server's start does (its own pool, so its own connections: the database
// sees them as separate sessions, as it would separate processes), migrates and seeds. Only on
// PostgreSQL (TEST_DATABASE_URL): PGlite allows one process per data directory anyway.
const serverUrl = process.env.TEST_DATABASE_URL;
const INSTANCES = 3;

const journal = JSON.parse(
  fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
) as { entries: { tag: string }[] };

const dropped: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of dropped) await drop();
});

/** A new, empty database on the test server; dropped after the file. */
async function freshDatabase(): Promise<string> {
  const name = `test_start_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropped.push(async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One instance's start: open (migrate, reference data), then the demo seed. */
async function start(url: string): Promise<DbHandle> {
  const handle = await openDatabase({ kind: 'postgres', url });
  await seedOnStart(handle.db, { SEED_DEMO: 'true' });
  return handle;
}

describe.skipIf(!serverUrl)('instances starting at once on one new PostgreSQL database', () => {
  it('all start; each migration is applied once and the demo data is seeded once', async () => {
    const url = await freshDatabase();
    const results = await Promise.allSettled(Array.from({ length: INSTANCES }, () => start(url)));
    const handles = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    try {
      expect(failures).toEqual([]);
      expect(handles).toHaveLength(INSTANCES);

      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const applied = await c.query<{ hash: string; n: number }>(
          'SELECT hash, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash',
        );
        expect(applied.rows).toHaveLength(journal.entries.length);
        expect(applied.rows.every((r) => r.n === 1)).toBe(true);

        const count = async (table: string) =>
          (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
        expect(await count('users')).toBe(
          DEMO_TALENTS.length + DEMO_BUSINESSES.length + DEMO_TEAM.length + DEMO_OPERATORS.length,
        );
        expect(await count('projects')).toBe(DEMO_PROJECTS.length);
        expect(await count('jobs')).toBe(DEMO_JOBS.length);
      } finally {
        await c.end();
      }

      // Every instance serves: each reads the seeded data through its own pool.
      for (const handle of handles) {
        const rows = await handle.db.execute(`SELECT count(*)::int AS n FROM projects`);
        expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(
          DEMO_PROJECTS.length,
        );
      }
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});

describe.skipIf(!serverUrl)('an instance whose connections the database ends', () => {
  it('keeps running: the pool drops the ended idle connections and the next query opens another', async () => {
    const url = await freshDatabase();
    const handle = await openDatabase({ kind: 'postgres', url });
    try {
      await handle.db.execute(sql`select 1`);
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const ended = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid()`,
        [new URL(url).pathname.slice(1)],
      );
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      // An ended connection the pool has not dropped yet fails its query once; then a new one
      // answers. Without the pool's error listener the process itself would have ended.
      let answered = false;
      for (let i = 0; i < 5 && !answered; i++) {
        answered = await handle.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        );
      }
      expect(answered).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
