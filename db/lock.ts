import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory "${dir}" is already in use by process ${pid}. ` +
        'Only one process may open an embedded database at a time: stop the other process, ' +
        'or give this one its own DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Linux: a process's state letter and start time (clock ticks since boot) from /proc; null where
 * there is no /proc or no such process.
 */
function procStat(pid: number): { state: string; start: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: state is the
    // 3rd field of the line, the start time the 22nd.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', start: fields[19] ?? '' };
  } catch {
    return null;
  }
}

/** What this process writes in the lock: its pid, and its start time where /proc tells it. */
function lockOwner(): string {
  const start = procStat(process.pid)?.start;
  return start ? `${process.pid} ${start}` : String(process.pid);
}

/**
 * Whether the lock's writer still runs. A killed process whose parent died too can linger as a
 * zombie until it is reaped, and its pid can later go to another program: neither holds the lock.
 */
function holderRuns(pid: number, start: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(pid);
  if (!stat) return true; // no /proc: trust the signal check
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return start === undefined || start === stat.start;
}

/**
 * Takes `dir/.lock` for this process (PGlite must never be opened by two processes at once).
 * A lock left by a process that no longer runs (ended, a zombie, or its pid now another
 * program's) is taken over, so a restart right after a crash succeeds. Returns the release
 * function.
 */
export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    const owner = lockOwner();
    try {
      fs.writeFileSync(file, owner, { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === owner) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const [pidText, start] = fs.readFileSync(file, 'utf8').trim().split(' ');
      const holder = Number.parseInt(pidText ?? '', 10);
      if (Number.isInteger(holder) && holder !== process.pid && holderRuns(holder, start)) {
        throw new DataDirLockedError(dir, holder);
      }
      fs.rmSync(file, { force: true }); // stale lock of a process that has ended
    }
  }
  throw new Error(`Could not lock the data directory "${dir}"`);
}
