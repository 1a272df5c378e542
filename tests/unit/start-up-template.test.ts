import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { createPglite, ensurePgliteTemplate } from '@/db/pglite';
import { users } from '@/db/schema';
import { DEMO_ACCOUNTS } from '@/db/seed-data';
import { seedOnStart } from '@/server/start-up';

// A new PGlite data directory starts as a copy of a template, initialised and migrated once
// (db/pglite.ts, docs/architecture.md "Start-up"). Templates here live in temporary directories
// of their own, but the last test's, which is the one the server uses.

const dirs: string[] = [];
const tempDir = (prefix = 'tc-template-') => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A templates directory that cannot be made (its parent is a file): PGlite's own initdb. */
const noTemplates = () => {
  const file = path.join(tempDir(), 'a-file');
  fs.writeFileSync(file, '');
  return path.join(file, 'templates');
};

const { version } = JSON.parse(
  fs.readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8'),
) as { version: string };
/** A template's name: the PGlite version, then the migrations' digest. */
const NAME = new RegExp(`^pglite-${version.replace(/\./g, '\\.')}-[0-9a-f]{16}$`);

/** What a cluster holds, as far as the app can tell. */
const contents = async (pg: PGlite) => ({
  databases: (
    await pg.query(
      `SELECT datname, pg_encoding_to_char(encoding) AS encoding, datcollate, datctype
       FROM pg_database ORDER BY datname`,
    )
  ).rows,
  settings: (
    await pg.query(
      `SELECT name, setting FROM pg_settings
       WHERE name IN ('server_version', 'TimeZone', 'lc_messages', 'default_text_search_config')
       ORDER BY name`,
    )
  ).rows,
  extensions: (await pg.query('SELECT extname, extversion FROM pg_extension ORDER BY 1')).rows,
  columns: (
    await pg.query(
      `SELECT table_name, column_name, data_type, is_nullable, column_default, is_generated
       FROM information_schema.columns WHERE table_schema = 'public'
       ORDER BY table_name, ordinal_position`,
    )
  ).rows,
  indexes: (
    await pg.query(`SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`)
  ).rows,
  migrations: (
    await pg.query('SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id')
  ).rows,
});

// Each test makes or opens PGlite clusters, ~3 s apiece on a busy machine, some several.
describe('the PGlite template', { timeout: 120_000 }, () => {
  const root = tempDir();

  it('is made once per PGlite version and migrations, complete, nothing left beside it', async () => {
    const template = (await ensurePgliteTemplate(root))!;
    expect(path.dirname(template)).toBe(root);
    expect(path.basename(template)).toMatch(NAME);
    expect(fs.existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    expect(fs.readdirSync(root)).toEqual([path.basename(template)]);
    const mtime = fs.statSync(path.join(template, 'PG_VERSION')).mtimeMs;
    expect(await ensurePgliteTemplate(root)).toBe(template);
    expect(fs.statSync(path.join(template, 'PG_VERSION')).mtimeMs).toBe(mtime);
  });

  it('is made once when two openings want it at the same moment, replacing older ones', async () => {
    const other = tempDir();
    // Another PGlite's or other migrations' template, and something that is none.
    fs.mkdirSync(path.join(other, 'pglite-0.0.1-0123456789abcdef'));
    fs.writeFileSync(path.join(other, 'pglite-0.0.1-0123456789abcdef', 'PG_VERSION'), '17');
    fs.mkdirSync(path.join(other, 'unrelated'));
    const [a, b] = await Promise.all([ensurePgliteTemplate(other), ensurePgliteTemplate(other)]);
    expect(path.basename(a!)).toMatch(NAME);
    expect(b).toBe(a);
    expect(fs.readdirSync(other).sort()).toEqual([path.basename(a!), 'unrelated']);
  });

  it('gives a new data directory the cluster PGlite and the migrations would have made', async () => {
    const fromTemplate = path.join(tempDir(), 'pg');
    const copy = await createPglite(fromTemplate, root);
    const byInitdb = await createPglite(path.join(tempDir(), 'pg'), noTemplates());
    try {
      const expected = await contents(byInitdb);
      expect(await contents(copy)).toEqual(expected);
      expect(expected.databases).toContainEqual(
        expect.objectContaining({ datname: 'postgres', encoding: 'UTF8' }),
      );
      expect(expected.migrations.length).toBeGreaterThan(0);
      await copy.exec(`INSERT INTO skills (name) VALUES ('kept')`);
    } finally {
      await copy.close();
      await byInitdb.close();
    }
    // The copy is the directory's own: the rows stay in it, the template is untouched.
    expect(fs.readdirSync(path.dirname(fromTemplate))).toEqual(['pg']);
    const reopened = await createPglite(fromTemplate, root);
    try {
      expect((await reopened.query('SELECT name FROM skills')).rows).toEqual([{ name: 'kept' }]);
    } finally {
      await reopened.close();
    }
    const another = await createPglite(path.join(tempDir(), 'pg'), root);
    try {
      expect((await another.query('SELECT name FROM skills')).rows).toEqual([]);
    } finally {
      await another.close();
    }
  });

  it('replaces the leftover of a copy cut short', async () => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, 'pg.tmp'));
    fs.writeFileSync(path.join(dataDir, 'pg.tmp', 'PG_VERSION'), 'half a copy');
    const pg = await createPglite(path.join(dataDir, 'pg'), root);
    try {
      expect((await pg.query('SELECT count(*)::int AS n FROM users')).rows).toEqual([{ n: 0 }]);
    } finally {
      await pg.close();
    }
    expect(fs.readdirSync(dataDir)).toEqual(['pg']);
  });

  it('drops a damaged template, and PGlite initialises the directory itself', async () => {
    const damagedRoot = tempDir();
    const template = (await ensurePgliteTemplate(root))!;
    const damaged = path.join(damagedRoot, path.basename(template));
    fs.cpSync(template, damaged, { recursive: true });
    fs.rmSync(path.join(damaged, 'global'), { recursive: true });
    const pg = await createPglite(path.join(tempDir(), 'pg'), damagedRoot);
    try {
      expect((await pg.query('SELECT count(*)::int AS n FROM users')).rows).toEqual([{ n: 0 }]);
    } finally {
      await pg.close();
    }
    expect(fs.readdirSync(damagedRoot)).toEqual([]);
  });

  it('is done without where none can be made: PGlite initialises the directory', async () => {
    const templates = noTemplates();
    expect(await ensurePgliteTemplate(templates)).toBeNull();
    const pg = await createPglite(path.join(tempDir(), 'pg'), templates);
    try {
      expect((await pg.query('SELECT count(*)::int AS n FROM users')).rows).toEqual([{ n: 0 }]);
    } finally {
      await pg.close();
    }
  });
});

describe('start-up on an empty data directory', { timeout: 120_000 }, () => {
  it('seeds a copy of the template, and finds it all again at the next start', async () => {
    const dataDir = tempDir('tc-start-up-');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await seedOnStart(first.db, { SEED_DEMO: 'true' });
    } finally {
      await first.close();
    }
    expect(fs.readdirSync(dataDir).sort()).toEqual(['pg']);
    const second = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const [row] = await second.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(row!.n).toBe(
        DEMO_ACCOUNTS.talents.length +
          DEMO_ACCOUNTS.businesses.length +
          DEMO_ACCOUNTS.team.length +
          DEMO_ACCOUNTS.operators.length,
      );
    } finally {
      await second.close();
    }
  });
});
