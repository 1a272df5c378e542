// What the tsx benchmarks (scripts/bench-search.ts, bench-for-you.ts, bench-conversations.ts,
// bench-alerts.ts) share: their settings, a seeded random source, batched inserts, a fresh database
// of their own, the API served in the process, quantiles and the lines they print about the
// machine and the figures (docs/performance.md "Benchmarks and durability").
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { TResult } from 'autocannon';
import { openDatabase } from '@/db/client';
import { projects } from '@/db/schema';
import type { Db, DbHandle } from '@/db/types';
import { createApp } from '@/server/app';
import type { TDeps } from '@/server/context';
import { setLogSink } from '@/server/logger';
import { diskStorage } from '@/server/storage/storage';

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

/** A whole-number setting (an environment variable or a flag): `fallback` when unset. */
export function wholeSetting(name: string, raw: string | undefined, fallback: number, min: number) {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    throw new Error(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  }
  return Number(raw);
}

/**
 * The autocannon benches' size: BENCH_SECONDS (or --seconds; 10, at least 1) a run, and
 * BENCH_POSTINGS (or --postings; 10 000, at least 100) projects seeded.
 */
export function runSize(flags: { seconds?: string; postings?: string }) {
  const seconds = wholeSetting('BENCH_SECONDS', flags.seconds ?? process.env.BENCH_SECONDS, 10, 1);
  const postings = wholeSetting(
    'BENCH_POSTINGS',
    flags.postings ?? process.env.BENCH_POSTINGS,
    10_000,
    100,
  );
  return { seconds, postings };
}

// ---------------------------------------------------------------------------------------------
// Generated data
// ---------------------------------------------------------------------------------------------

/** mulberry32's step: its state advances by this much at each draw. */
export const MULBERRY32_STEP = 0x6d2b79f5;

/** mulberry32: the same sequence for the same seed, so runs compare. */
export function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + MULBERRY32_STEP) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** A whole number from `min` to `max`, both included. */
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  /** Zipf-like: early items far more often, as real searches and postings are. */
  const skewed = <T>(list: readonly T[]): T => list[Math.floor(list.length * next() ** 2.5)]!;
  /** A value by weight: `[[value, weight], …]`. */
  function weighted<T>(options: readonly (readonly [T, number])[]): T {
    const total = options.reduce((sum, [, w]) => sum + w, 0);
    let r = next() * total;
    for (const [value, w] of options) {
      r -= w;
      if (r < 0) return value;
    }
    return options[options.length - 1]![0];
  }
  /** `n` items of `list` in a random order (a partial Fisher–Yates shuffle of a copy). */
  function sample<T>(list: readonly T[], n: number): T[] {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }
  return { next, int, pick, skewed, weighted, sample };
}

export type TRandom = ReturnType<typeof randomSource>;

export const DAY = 24 * 3600 * 1000;
/** The date (YYYY-MM-DD, UTC) of a time in milliseconds. */
export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Never verified: nobody signs in with a password during a benchmark. */
export const BENCH_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2gtc2VhcmNoLXNhbHQ$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** `insert` called on `rows`, `size` at a time, one batch after the other. */
export async function inBatches<T>(
  rows: T[],
  size: number,
  insert: (batch: T[]) => Promise<unknown>,
) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** `rows` inserted into projects, `size` at a time: their ids, in order. */
export async function insertProjects(db: Db, rows: (typeof projects.$inferInsert)[], size: number) {
  const ids: number[] = [];
  await inBatches(rows, size, async (batch) => {
    const inserted = await db.insert(projects).values(batch).returning({ id: projects.id });
    ids.push(...inserted.map((r) => r.id));
  });
  return ids;
}

// ---------------------------------------------------------------------------------------------
// The database: PGlite in a temporary directory, or a new database on DATABASE_URL's server
// ---------------------------------------------------------------------------------------------

export type TBenchDb = DbHandle & {
  /** 'PGlite' or 'PostgreSQL'. */
  label: 'PGlite' | 'PostgreSQL';
  /** Where: `PGlite in <data directory>`, or `PostgreSQL database <name> on <host>:<port>`. */
  where: string;
};

/**
 * A fresh, migrated database: PGlite in `work`/data, or, when DATABASE_URL names a PostgreSQL
 * server, a new database on it that `close` drops.
 */
export async function openBenchDb(work: string): Promise<TBenchDb> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = path.join(work, 'data');
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    return { ...handle, label: 'PGlite', where: `PGlite in ${dataDir}` };
  }

  const { Client } = await import('pg');
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  const drop = async () => {
    const c = new Client({ connectionString: serverUrl });
    await c.connect();
    try {
      // pg-pool's end() resolves before its sockets have closed: wait for them (briefly) so that
      // DROP … WITH (FORCE) does not kill our own clients (tests/helpers/db.ts does the same).
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };

  let handle: DbHandle;
  try {
    handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  } catch (err) {
    await drop();
    throw err;
  }
  const where = new URL(serverUrl);
  return {
    ...handle,
    label: 'PostgreSQL',
    where: `PostgreSQL database ${name} on ${where.hostname}:${where.port || 5432}`,
    close: async () => {
      try {
        await handle.close();
      } finally {
        await drop();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The API, in this process
// ---------------------------------------------------------------------------------------------

/** The API's dependencies for a benchmark over `db`: nothing is mailed, no chain is read. */
export function benchDeps(db: Db, work: string): TDeps {
  return {
    getDb: async () => db,
    now: () => new Date(),
    jwtSecret: randomBytes(32),
    mailer: { send: async () => {} },
    google: { clientId: 'bench.apps.googleusercontent.com', jwksUrl: 'http://127.0.0.1:9/jwks' },
    verificationsEmail: 'verify@bench.test',
    storage: diskStorage(path.join(work, 'uploads')),
    appUrl: 'http://127.0.0.1',
    trustProxy: 0,
    // The benches read no chain: port 9 answers nothing.
    chains: {
      algorand: { network: 'mainnet', indexerUrl: 'http://127.0.0.1:9' },
      near: { network: 'mainnet', rpcUrl: 'http://127.0.0.1:9', contractId: 'talentchain.near' },
    },
  };
}

/** The API over `db`, served on 127.0.0.1 at a free port as pages/api/[[...route]].ts serves it. */
export async function serveApi(db: Db, work: string) {
  const deps = benchDeps(db, work);
  const app = createApp(deps);
  let server: ServerType | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    server = serve(
      { fetch: app.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false },
      (info: AddressInfo) => resolve(info.port),
    );
    server.once('error', reject);
  });
  const close = () =>
    new Promise<void>((resolve) => {
      const s = server as ServerType & { closeAllConnections?: () => void };
      s.closeAllConnections?.();
      s.close(() => resolve());
    });
  return { app, deps, baseUrl: `http://127.0.0.1:${port}`, close };
}

/**
 * Requests are logged as in production (one JSON line each), but not onto the terminal: the
 * returned list keeps the first 20 error lines, to be shown.
 */
export function collectServerErrors(): string[] {
  const errorLines: string[] = [];
  setLogSink((line) => {
    if (line.includes('"level":"error"') && errorLines.length < 20) errorLines.push(line);
  });
  return errorLines;
}

/** Runs the clean-up `steps`, the last added first; one that fails is reported, the rest run. */
export async function cleanUpAll(steps: (() => Promise<void>)[]) {
  for (const step of steps.reverse()) {
    try {
      await step();
    } catch (err) {
      console.error('clean-up:', err);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

/** The `q` quantile (0 to 1) of ascending `sorted`, nearest rank; NaN when empty. */
export const quantile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

export const pad = (s: string | number, n: number) => String(s).padStart(n);

/** The time since `since` (performance.now()), in ms or, from a second, in s. */
export function ms(since: number) {
  const d = performance.now() - since;
  return d >= 1000 ? `${(d / 1000).toFixed(1)} s` : `${Math.round(d)} ms`;
}

/**
 * The machine's load average: other work on it (a test suite, a build) skews every figure. With
 * `warn`, says when it is busy: only read so before the run adds its own (one to two CPUs while it
 * measures).
 */
export function loadAverage(warn = false) {
  const [one] = os.loadavg();
  const cpus = os.availableParallelism();
  const busy = warn && one! > cpus / 2 ? ': the machine is busy, figures will be high' : '';
  return `load average ${one!.toFixed(1)} on ${cpus} CPUs${busy}`;
}

/** The head of the table of autocannon runs that latencyRow's lines follow. */
export const LATENCY_HEADER =
  '\n  clients   p50 ms   p99 ms   max ms    req/s   requests  non-2xx  errors';

/** One autocannon run as a row of the table (CI reads these rows: .ci/run). */
export function latencyRow(connections: number, r: TResult) {
  return (
    `  ${pad(connections, 7)} ${pad(r.latency.p50, 8)} ${pad(r.latency.p99, 8)} ${pad(r.latency.max, 8)}` +
    ` ${pad(r.requests.average.toFixed(0), 8)} ${pad(r.requests.total, 10)} ${pad(r.non2xx, 8)}` +
    ` ${pad(r.errors + r.timeouts, 7)}`
  );
}
