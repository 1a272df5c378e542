import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { DataDirLockedError, acquireDataDirLock } from '@/db/lock';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the data directory lock', () => {
  it('refuses a directory held by another running process, naming it', () => {
    const dir = tempDir();
    // The parent of this test process is alive and is not us.
    fs.writeFileSync(path.join(dir, '.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`in use by process ${process.ppid}`));
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
  });

  it('opens an embedded database on disk, holds the lock while open and frees it on close', async () => {
    const dir = tempDir();
    const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    await handle.close();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    await again.close();
  });
});
