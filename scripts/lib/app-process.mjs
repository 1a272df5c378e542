// @ts-check
/* global AbortSignal -- Node's, like fetch; the scripts' ESLint globals list only the older ones */
// The built app as a separate process, for the measuring scripts (`npm run bench`,
// `npm run test:durability`): a free port, the production server (scripts/serve.mjs) in its own process group with its own
// data directory, the wait for its first healthy answer, the process that really serves, its
// memory, and the two ways to end it (a clean stop, or kill -9 of the whole group as a crash).
//
// The server is the real production server (not the API mounted in the script's process, as
// bench:search does) so that the figures include Next's request handling, the server's own event
// loop and its start-up, and so that kill -9 kills exactly what a crash would.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout } from 'node:timers';
import { buildIfNeeded, nextStartArgs } from './build.mjs';

/**
 * @typedef {object} TApp
 * @property {import('node:child_process').ChildProcess} child the server process, leader of its group
 * @property {number} pgid its process group (= its pid)
 * @property {number} port
 * @property {string} baseUrl
 * @property {string} logPath where the server's stdout and stderr go
 * @property {number} spawnedAt performance.now() at spawn
 * @property {Promise<{code: number | null, signal: NodeJS.Signals | null}>} exited
 * @property {{code: number | null, signal: NodeJS.Signals | null} | null} exit null while it runs
 */

export const HOST = '127.0.0.1';

/**
 * The build the measurements serve: NEXT_DIST_DIR when set, else `.next-bench`, never `.next`
 * (what `npm start` serves) nor `.next-e2e` (the journeys' build, with a test wallet signer).
 * @param {NodeJS.ProcessEnv} [env]
 */
export function benchDistDir(env = process.env) {
  return env.NEXT_DIST_DIR || '.next-bench';
}

/**
 * Builds into the bench's build directory when it is missing or older than the sources.
 * DATABASE_URL is left out: the build must not depend on, or touch, the database measured.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function buildForBench(env = process.env) {
  /** @type {NodeJS.ProcessEnv} */
  const buildEnv = { ...env, NEXT_DIST_DIR: benchDistDir(env), NEXT_TELEMETRY_DISABLED: '1' };
  delete buildEnv.DATABASE_URL;
  buildIfNeeded(process.cwd(), buildEnv);
  return benchDistDir(env);
}

/** A port nobody listens on right now (the kernel's pick), on 127.0.0.1. */
export function freePort() {
  return /** @type {Promise<number>} */ (
    new Promise((resolve, reject) => {
      const srv = net.createServer();
      srv.on('error', reject);
      srv.listen(0, HOST, () => {
        const address = srv.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        srv.close(() => resolve(port));
      });
    })
  );
}

/** A new empty directory under the system's temporary directory. @param {string} prefix */
export const tempDir = (prefix) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** Servers started here that have not exited: ended with their groups if this script ends first. */
const live = new Set();

/** Never leave a server behind: a Ctrl-C, a failure or a crash of the script ends its group. */
function killLiveOnExit() {
  if (killLiveOnExit.hooked) return;
  killLiveOnExit.hooked = true;
  process.on('exit', () => {
    for (const app of live) signalGroup(app.pgid, 'SIGKILL');
  });
  process.on('SIGINT', () => process.exit(130));
  process.on('SIGTERM', () => process.exit(143));
}
killLiveOnExit.hooked = false;

/**
 * Spawns the production server on `port` with `env` (NODE_ENV=production), detached so that it leads its
 * own process group: stopping or killing the group reaches any child server it starts too.
 * Killed with its group should this script end first. Its output goes straight to `logPath` (a file descriptor, not a pipe through this process, so
 * the load generator's event loop never relays the server's request log).
 * @param {{port: number, env: NodeJS.ProcessEnv, logPath: string, distDir: string}} opts
 * @returns {TApp}
 */
export function startApp({ port, env, logPath, distDir }) {
  const fd = fs.openSync(logPath, 'a');
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, nextStartArgs({ port, host: HOST }), {
    env: {
      ...env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: distDir,
      PORT: String(port),
      HOST,
    },
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd); // the child holds its own copy
  if (child.pid === undefined) throw new Error('Could not spawn the server');
  /** @type {TApp} */
  const app = {
    child,
    pgid: child.pid,
    port,
    baseUrl: `http://${HOST}:${port}`,
    logPath,
    spawnedAt,
    exit: null,
    exited: new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        app.exit = { code, signal };
        live.delete(app);
        resolve(app.exit);
      });
    }),
  };
  killLiveOnExit();
  live.add(app);
  return app;
}

/**
 * The server's environment: this process's, with its own data directory (PGlite's files, the
 * generated JWT secret, uploads, the mail outbox) and DATABASE_URL only when one is given.
 * @param {{dataDir: string, databaseUrl?: string, extra?: Record<string, string>}} opts
 * @returns {NodeJS.ProcessEnv}
 */
export function appEnv({ dataDir, databaseUrl, extra = {} }) {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, DATA_DIR: dataDir, ...extra };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

/** The last `lines` lines of the server's log, to show why it failed. */
export function logTail(/** @type {TApp} */ app, lines = 30) {
  try {
    return fs.readFileSync(app.logPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits for the first 200 of GET /api/health and answers the milliseconds since the spawn. The
 * server answers only once instrumentation (migrations and, on an empty database, the demo seed)
 * has finished, so healthy also means ready. Polls every 50 ms: the restart times are precise to
 * about that. Throws when the process ends first or after `timeoutMs`.
 * @param {TApp} app
 */
export async function waitHealthy(app, timeoutMs = 180_000) {
  const deadline = app.spawnedAt + timeoutMs;
  while (performance.now() < deadline) {
    if (app.exit) {
      throw new Error(
        `The server exited (${app.exit.signal ?? `code ${app.exit.code}`}) before it was healthy:\n${logTail(app)}`,
      );
    }
    try {
      const res = await fetch(`${app.baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - app.spawnedAt;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`The server was not healthy within ${timeoutMs} ms:\n${logTail(app)}`);
}

/**
 * /proc/<pid>/stat's state letter, parent and process group; null when there is no such process.
 * The command name is in parentheses and may hold spaces, so fields are counted after the last ')'.
 * @param {number} pid
 */
export function procStat(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '?', ppid: Number(fields[1]), pgrp: Number(fields[2]) };
  } catch {
    return null;
  }
}

/** CPU time `pid` has used so far, in clock ticks (utime + stime of /proc/<pid>/stat). */
function cpuTicks(/** @type {number} */ pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are the 14th and 15th fields of the line, so the 12th and 13th here.
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return NaN;
  }
}

/**
 * Waits until `pid` has used at most ~10% of a core in each of two 200 ms windows in a row (or
 * `maxMs` passed). autocannon stops at its deadline and drops the requests still in flight, but
 * the server goes on answering them (a login's password hash, say): without this, one run's
 * leftovers would be billed to the next. Two windows, as a busy machine can leave the server
 * unscheduled for one.
 * @param {number} pid
 */
export async function waitIdle(pid, maxMs = 15_000) {
  const deadline = performance.now() + maxMs;
  let before = cpuTicks(pid);
  let quiet = 0;
  while (performance.now() < deadline && quiet < 2) {
    await sleep(200);
    const now = cpuTicks(pid);
    if (Number.isNaN(now)) return; // gone
    quiet = now - before <= 2 ? quiet + 1 : 0; // 2 ticks of 10 ms in 200 ms
    before = now;
  }
}

/** Every live pid of process group `pgid` (Linux, from /proc). @param {number} pgid */
export function groupPids(pgid) {
  /** @type {number[]} */
  const pids = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = procStat(Number(name));
    if (stat && stat.pgrp === pgid) pids.push(Number(name));
  }
  return pids;
}

/** Socket inodes listening on TCP `port` (IPv4 and IPv6). @param {number} port */
function listeningInodes(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is "ADDR:PORT", st 0A is LISTEN, the inode is the 10th column.
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A' && cols[9]) inodes.add(cols[9]);
    }
  }
  return inodes;
}

/**
 * The pid that holds the listening socket: the server may serve from itself or from a child
 * server process, and only that one's memory is the server's. Falls back to the group leader.
 * @param {TApp} app
 */
export function servingPid(app) {
  const inodes = listeningInodes(app.port);
  for (const pid of groupPids(app.pgid)) {
    let fds = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1])) return pid;
      } catch {
        // the descriptor closed meanwhile
      }
    }
  }
  return app.pgid;
}

/**
 * Memory of `pid` in MiB from /proc/<pid>/status: resident now (VmRSS) and its peak so far
 * (VmHWM); NaN when it cannot be read.
 * @param {number} pid
 */
export function memoryMiB(pid) {
  let status = '';
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // gone
  }
  const field = (/** @type {string} */ name) => {
    const m = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    return m ? Number(m[1]) / 1024 : NaN;
  };
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** @param {number} pgid @param {NodeJS.Signals} signal */
function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group has ended
  }
}

/**
 * A clean stop: SIGTERM to the group (the server closes its database and lock), SIGKILL if it
 * is still there after `graceMs`.
 * @param {TApp} app
 */
export async function stopApp(app, graceMs = 15_000) {
  if (app.exit) return;
  signalGroup(app.pgid, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(app.pgid, 'SIGKILL'), graceMs);
  await app.exited;
  clearTimeout(timer);
  // A child server that outlived its parent would still hold the port and the data directory.
  for (let i = 0; i < 100 && groupPids(app.pgid).some(isAlive); i++) await sleep(50);
  signalGroup(app.pgid, 'SIGKILL');
}

/** Alive: not gone and not a zombie (a zombie has released its files, sockets and memory). */
const isAlive = (/** @type {number} */ pid) => {
  const s = procStat(pid)?.state;
  return s !== undefined && s !== 'Z' && s !== 'X';
};

/**
 * A crash: SIGKILL to the whole group (the server and its parent if they differ),
 * then waits only until the group leader has been reaped (what a supervisor waits for before
 * restarting). Answers the state, at that moment, of every process that was in the group
 * ('gone', or /proc's letter: 'Z' for a zombie), so a restart that fails can say what it met.
 * @param {TApp} app
 */
export async function killApp(app) {
  const members = groupPids(app.pgid);
  signalGroup(app.pgid, 'SIGKILL');
  await app.exited;
  return members.map((pid) => ({ pid, state: procStat(pid)?.state ?? 'gone' }));
}

/**
 * One JSON request; answers the status and the parsed body (null when it is not JSON).
 * @param {string} baseUrl
 * @param {string} method
 * @param {string} pathname
 * @param {{token?: string, body?: unknown, headers?: Record<string, string>}} [opts]
 */
export async function requestJson(baseUrl, method, pathname, opts = {}) {
  /** @type {Record<string, string>} */
  const headers = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(baseUrl + pathname, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

/**
 * Signs in (`POST /api/users/login`, answer `{status, access_token, data: user}`).
 * @param {string} baseUrl
 * @param {string} email
 * @param {string} password
 * @returns {Promise<{token: string, userId: number}>}
 */
export async function login(baseUrl, email, password) {
  const { status, body } = await requestJson(baseUrl, 'POST', '/api/users/login', {
    body: { email, password },
  });
  if (status !== 200 || typeof body?.access_token !== 'string' || !body?.data?.id) {
    throw new Error(`Login as ${email} answered ${status}: ${JSON.stringify(body)}`);
  }
  return { token: body.access_token, userId: Number(body.data.id) };
}

/** The demo account the measurements act as (db/seed-data.ts DEMO_ACCOUNTS). */
export const DEMO_USER = { email: 'ana.talent@demo.talentchain.dev', password: 'Demo-pass-2026' };

/** The database a run uses, for the reports. @param {string | undefined} databaseUrl */
export const dbLabel = (databaseUrl) => (databaseUrl ? 'PostgreSQL' : 'PGlite');

/** A DATABASE_URL without its password, fit to print. @param {string} url */
export function redactUrl(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}
