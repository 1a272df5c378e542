import { spawn } from 'node:child_process';
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
/** The pid written first in the lock file (a start time may follow it on Linux). */
const lockPid = (dir: string) => fs.readFileSync(path.join(dir, '.lock'), 'utf8').split(' ')[0];

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
    expect(lockPid(dir)).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another program (another start time)', () => {
    const dir = tempDir();
    // The parent runs, but it is not the process that wrote this lock: that one started at tick 1.
    fs.writeFileSync(path.join(dir, '.lock'), `${process.ppid} 1`);
    const release = acquireDataDirLock(dir);
    expect(lockPid(dir)).toBe(String(process.pid));
    release();
  });

  it.runIf(fs.existsSync('/proc/self/stat'))(
    'takes over a lock held by a killed process not yet reaped (a zombie), as after a crash',
    async () => {
      const dir = tempDir();
      // `sleep 0` ends at once; the shell then becomes `sleep 600` (killed below), which never
      // reaps it.
      const shell = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 600']);
      const zombie = await new Promise<number>((resolve) =>
        shell.stdout.once('data', (d: Buffer) => resolve(Number.parseInt(String(d), 10))),
      );
      try {
        // Until it has ended (a condition, however long a busy machine takes; the test's
        // timeout bounds it).
        const state = () => fs.readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]?.[0];
        while (state() !== 'Z') await new Promise((r) => setTimeout(r, 20));
        expect(fs.readFileSync(`/proc/${zombie}/stat`, 'utf8')).toMatch(/\) Z /);
        fs.writeFileSync(path.join(dir, '.lock'), String(zombie));
        const release = acquireDataDirLock(dir);
        expect(lockPid(dir)).toBe(String(process.pid));
        release();
      } finally {
        shell.kill();
      }
    },
  );

  it('opens an embedded database on disk, holds the lock while open and frees it on close', async () => {
    const dir = tempDir();
    const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(lockPid(dir)).toBe(String(process.pid));
    await handle.close();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    await again.close();
  });
});
