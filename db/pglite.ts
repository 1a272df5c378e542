// A new PGlite data directory is a copy of a template made once per PGlite version and set of
// migrations (docs/architecture.md "Start-up"). Imports nothing of the app's, so that the build
// scripts can make the template (scripts/pglite-template.ts) as the server would.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

export const MIGRATIONS_DIR = path.resolve(process.cwd(), 'db/migrations');

/**
 * Where the PGlite templates are kept (docs/architecture.md "Start-up"): beside the installed
 * packages, as a template may only be opened by the PGlite version that made it.
 */
export const PGLITE_TEMPLATES_DIR = path.resolve(process.cwd(), 'node_modules/.cache/talent-chain');

/** What a template is made of, as its name: the PGlite version and the migrations' digest. */
function templateName(): string | null {
  try {
    const manifest = path.resolve(process.cwd(), 'node_modules/@electric-sql/pglite/package.json');
    const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version?: unknown };
    if (typeof version !== 'string' || !/^[\w.+-]+$/.test(version)) return null;
    const digest = createHash('sha256');
    for (const file of fs
      .readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' })
      .sort()) {
      const full = path.join(MIGRATIONS_DIR, file);
      if (!fs.statSync(full).isFile()) continue;
      digest.update(`${file}\0`).update(fs.readFileSync(full)).update('\0');
    }
    return `pglite-${version}-${digest.digest('hex').slice(0, 16)}`;
  } catch {
    return null;
  }
}

/** Removes `p` if it is there; a failure to (a path through a file, say) is no error. */
function removeQuietly(p: string) {
  try {
    fs.rmSync(p, { recursive: true, force: true });
  } catch {
    // nothing to remove, or nothing that could be
  }
}

/**
 * Removes a template, renamed first: a copy being taken of it then fails whole (and its
 * directory is initialised by PGlite), never finishes with some files missing.
 */
function dropTemplate(dir: string) {
  const gone = `${dir}.gone-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(dir, gone);
  } catch {
    return;
  }
  removeQuietly(gone);
}

/** The app's PGlite extensions (db/migrations/0001_marketplace_search.sql creates them). */
async function pgliteExtensions() {
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { unaccent, pg_trgm };
}

/** Applies the committed migrations not yet applied, all in one transaction (Drizzle's). */
async function migratePglite(client: PGlite): Promise<void> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
}

/**
 * The template of a new PGlite data directory: PGlite's initdb (~3 s of WebAssembly, most of a
 * first start) and the committed migrations (a cold PGlite's slowest statements), closed, never
 * opened again. One per PGlite version and set of migrations, made on first need in a directory
 * of its own renamed into place once closed, so that a process stopped half-way, or another one
 * making it at the same moment, leaves no partial template; the others' are then removed. Null
 * when it cannot be made (a read-only node_modules, say): PGlite then initialises each new data
 * directory itself, as it would without a template.
 */
export async function ensurePgliteTemplate(
  templates = PGLITE_TEMPLATES_DIR,
): Promise<string | null> {
  const name = templateName();
  if (!name) return null;
  const dir = path.join(templates, name);
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const tmp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    fs.mkdirSync(templates, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const made = await PGlite.create(tmp, { extensions: await pgliteExtensions() });
    try {
      await migratePglite(made);
    } finally {
      await made.close();
    }
    try {
      fs.renameSync(tmp, dir);
    } catch (err) {
      // Another process put its own in place first: that one serves.
      if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw err;
    }
  } catch {
    return null;
  } finally {
    removeQuietly(tmp);
  }
  // Older templates (another PGlite, other migrations) serve no more; half-made ones of
  // processes that stopped are an hour old.
  try {
    for (const other of fs.readdirSync(templates)) {
      const p = path.join(templates, other);
      if (other === name || !other.startsWith('pglite-')) continue;
      if (!other.includes('.tmp-') || Date.now() - fs.statSync(p).mtimeMs > 3600_000) {
        dropTemplate(p);
      }
    }
  } catch {
    // another process tidies up at the same moment
  }
  return dir;
}

/**
 * Copies the directory tree `from` to `to` (a new path), modes kept. The files are copied all
 * at once, so the copies overlap in the thread pool: creating a file is the slow part on some
 * disks, and a cluster has some 1,000. A clone where the file system shares blocks (btrfs, XFS,
 * APFS).
 */
async function copyTree(from: string, to: string): Promise<void> {
  const files: [string, string][] = [];
  const walk = (src: string, dst: string) => {
    fs.mkdirSync(dst);
    fs.chmodSync(dst, fs.statSync(src).mode);
    for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
      const [s, d] = [path.join(src, entry.name), path.join(dst, entry.name)];
      if (entry.isDirectory()) walk(s, d);
      else if (entry.isFile()) files.push([s, d]);
      else throw new Error(`Not a file or directory: ${s}`);
    }
  };
  walk(from, to);
  // Every copy ends before this does, failed or not: none writes after the caller cleans up.
  const copies = await Promise.allSettled(
    files.map(([s, d]) => fs.promises.copyFile(s, d, fs.constants.COPYFILE_FICLONE)),
  );
  const failed = copies.find((c) => c.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * A new data directory's cluster, `pgDir`, as a copy of the template: copying its files takes a
 * fraction of initdb's time, and the copy opens as any restarted database does. Copied beside
 * `pgDir`, then renamed: a copy cut short never passes for a database (the data directory's
 * lock is held, so a leftover of an interrupted copy is no one's). The template copied, or null
 * when `pgDir` was left to PGlite.
 */
async function copyTemplate(pgDir: string, templates: string): Promise<string | null> {
  if (fs.existsSync(pgDir)) return null; // an existing database, or PGlite's own to finish
  const template = await ensurePgliteTemplate(templates);
  if (!template) return null;
  const tmp = `${pgDir}.tmp`;
  try {
    fs.rmSync(tmp, { recursive: true, force: true });
    await copyTree(template, tmp);
    fs.renameSync(tmp, pgDir);
    return template;
  } catch {
    // Could not copy (a full disk, say): PGlite initialises the directory itself.
    removeQuietly(tmp);
    return null;
  }
}

/**
 * The app's PGlite, migrated: on the cluster directory `pgDir`, or in memory when undefined. A
 * new directory starts as a copy of the template kept under `templates`; should that copy not
 * open (a damaged template), both go and PGlite initialises the directory itself.
 */
export async function createPglite(pgDir: string | undefined, templates = PGLITE_TEMPLATES_DIR) {
  // The copy's files are written in the thread pool while PGlite's modules load.
  const copying = pgDir ? copyTemplate(pgDir, templates) : Promise.resolve(null);
  const { PGlite } = await import('@electric-sql/pglite');
  const extensions = await pgliteExtensions();
  const open = async () => {
    const client = await PGlite.create(pgDir ? { dataDir: pgDir, extensions } : { extensions });
    try {
      await migratePglite(client);
    } catch (err) {
      await client.close();
      throw err;
    }
    return client;
  };
  const template = await copying;
  if (!template || !pgDir) return open();
  try {
    return await open();
  } catch {
    removeQuietly(pgDir);
    dropTemplate(template);
    return open();
  }
}
