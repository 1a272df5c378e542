// @ts-check
// `npm run bench`: throughput and latency of a few API routes, each against GET /api/ping (the
// route that does no work: Next's and Hono's request path alone), on the built app served by a
// production server (scripts/serve.mjs, via scripts/lib/app-process.mjs). First on PGlite in a fresh data directory,
// then, when DATABASE_URL is set, on that PostgreSQL server. An empty database is migrated and
// seeded by the app itself; the requests act as the demo talent Ana.
//
//   npm run bench                                   # 10 s a run, at 1 and at 50 connections
//   BENCH_SECONDS=2 BENCH_CONNECTIONS=50 npm run bench           # the compact form (CI)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench
//   BENCH_SKIP_BUDGETS=1 npm run bench              # print the ratios and p99, check errors only
//
// Then the conversation load on each database (scripts/bench-conversations.ts; BENCH_MESSAGES).
//
// Also BENCH_WARMUP_SECONDS (default 1: each route once at the highest connection count before
// anything is measured) and NEXT_DIST_DIR (default .next-bench, built when missing or stale).
//
// Budgets, at 50 connections (docs/performance.md "Benchmarks and durability"): profile reads,
// anonymous and with a token, at least 0.5× the requests/s of /api/ping on PostgreSQL and 0.35×
// on PGlite, their p99 at most 100 ms on PostgreSQL; PATCH /users/info at least 0.3× on
// PostgreSQL; no error and no answer other than 2xx anywhere. Exits 1 when one is broken, 2 when
// the bench could not run.
//
// /api/ping is measured first and last at each connection count; the ratios are to the mean of
// the two, and their gap is printed as the baseline's drift (how busy the machine was meanwhile).
// The load generator runs in this process, on the same two cores as the server, and other work on
// the machine skews the figures: the load average is printed with them. Latencies come from
// autocannon in whole milliseconds, of the 2xx answers only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  appEnv,
  buildForBench,
  DEMO_USER,
  freePort,
  login,
  logTail,
  memoryMiB,
  redactUrl,
  servingPid,
  startApp,
  stopApp,
  tempDir,
  waitHealthy,
  waitIdle,
} from './lib/app-process.mjs';

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

/** @param {string} name @param {string | undefined} raw @param {number} fallback @param {number} min */
function whole(name, raw, fallback, min) {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    throw new Error(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  }
  return Number(raw);
}

const SECONDS = whole('BENCH_SECONDS', process.env.BENCH_SECONDS, 10, 1);
const WARMUP_SECONDS = whole('BENCH_WARMUP_SECONDS', process.env.BENCH_WARMUP_SECONDS, 1, 0);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS || '1,50')
  .split(',')
  .map((s) => whole('BENCH_CONNECTIONS', s.trim(), 1, 1));
const SKIP_BUDGETS = process.env.BENCH_SKIP_BUDGETS === '1';
const DATABASE_URL = process.env.DATABASE_URL || undefined;

/** The connection count the budgets are set for. */
const BUDGET_CONNECTIONS = 50;
/** Per database: the minimum ratio to /api/ping's requests/s, and the profile reads' p99. */
const BUDGETS = {
  PGlite: { profileRatio: 0.35, profileP99Ms: Infinity, patchRatio: 0 },
  PostgreSQL: { profileRatio: 0.5, profileP99Ms: 100, patchRatio: 0.3 },
};

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

/**
 * @typedef {object} TRoute
 * @property {string} key
 * @property {string} label
 * @property {string} method
 * @property {string} path
 * @property {Record<string, string>} headers
 * @property {string} [body]
 * @property {boolean} [distinctClients] each request names another client in X-Forwarded-For
 */

/** @param {number} userId @param {string} token @returns {TRoute[]} */
function routesFor(userId, token) {
  const auth = { authorization: `Bearer ${token}` };
  const json = { 'content-type': 'application/json' };
  const credentials = JSON.stringify({ email: DEMO_USER.email, password: DEMO_USER.password });
  return [
    { key: 'ping', label: 'GET /api/ping', method: 'GET', path: '/api/ping', headers: {} },
    { key: 'health', label: 'GET /api/health', method: 'GET', path: '/api/health', headers: {} },
    {
      key: 'countries',
      label: 'GET /api/countries',
      method: 'GET',
      path: '/api/countries',
      headers: {},
    },
    {
      key: 'profile',
      label: 'GET /api/users/id/:id',
      method: 'GET',
      path: `/api/users/id/${userId}`,
      headers: {},
    },
    {
      key: 'profileToken',
      label: 'GET /api/users/id/:id +token',
      method: 'GET',
      path: `/api/users/id/${userId}`,
      headers: auth,
    },
    {
      key: 'patchInfo',
      label: 'PATCH /api/users/info',
      method: 'PATCH',
      path: '/api/users/info',
      headers: { ...auth, ...json },
      body: JSON.stringify({ headline: 'Bench' }),
    },
    // Every login from one address runs one at a time (server/services/rate-limit.ts oneAtATime:
    // parallel guesses must not all pass the failure check before the first failure is counted),
    // so this row is one client's view, whatever the connection count.
    {
      key: 'login',
      label: 'POST /api/users/login',
      method: 'POST',
      path: '/api/users/login',
      headers: json,
      body: credentials,
    },
    // The same logins from many clients, as behind a proxy: the server runs with TRUST_PROXY=1
    // and each request names its own client address, so each has its own queue and counters as in
    // production. The app's limits stay as they are; only this row sends the header.
    {
      key: 'loginClients',
      label: 'POST /api/users/login  many IPs',
      method: 'POST',
      path: '/api/users/login',
      headers: json,
      body: credentials,
      distinctClients: true,
    },
  ];
}

let clientNumber = 0;
/**
 * The next client address for X-Forwarded-For, from 198.18.0.0/15 (RFC 2544: the range set aside
 * for benchmarks). It is only written into a header: nothing is ever sent to it.
 */
function nextClientAddress() {
  const n = (clientNumber++ % 131_070) + 1;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * @param {string} baseUrl @param {TRoute} route @param {number} connections @param {number} seconds
 * @returns {Promise<import('autocannon').TResult & Record<string, number>>}
 */
async function fire(baseUrl, route, connections, seconds) {
  /** @type {Record<string, unknown>} */
  const request = { method: route.method, path: route.path, headers: route.headers };
  if (route.body !== undefined) request.body = route.body;
  if (route.distinctClients) {
    // Called for every request (autocannon rebuilds a request that has a setupRequest).
    request.setupRequest = (/** @type {{headers: Record<string, string>}} */ req) => ({
      ...req,
      headers: { ...req.headers, 'x-forwarded-for': nextClientAddress() },
    });
  }
  const result = await autocannon(
    /** @type {any} */ ({
      url: baseUrl,
      connections,
      duration: seconds,
      timeout: 30,
      requests: [request],
    }),
  );
  return /** @type {any} */ (result);
}

// ---------------------------------------------------------------------------------------------
// One database
// ---------------------------------------------------------------------------------------------

/**
 * @typedef {object} TRow
 * @property {string} key
 * @property {string} label
 * @property {number} connections
 * @property {number} rps 2xx answers per second
 * @property {number} p50
 * @property {number} p99
 * @property {number} errors connection errors and timeouts
 * @property {number} non2xx
 * @property {number} limited 429 answers (part of non2xx)
 * @property {string} codes every status and its count
 * @property {number} ratio rps / rps of /api/ping at the same connection count
 */

/**
 * @param {{label: 'PGlite' | 'PostgreSQL', databaseUrl?: string}} target
 * @param {string} distDir
 */
async function benchOne(target, distDir) {
  const work = tempDir('tc-bench-');
  const port = await freePort();
  const app = startApp({
    port,
    env: appEnv({
      dataDir: path.join(work, 'data'),
      databaseUrl: target.databaseUrl,
      extra: { TRUST_PROXY: '1' },
    }),
    logPath: path.join(work, 'server.log'),
    distDir,
  });
  let keep = false;
  const where = target.databaseUrl ? redactUrl(target.databaseUrl) : 'a fresh data directory';
  console.log(`\n== ${target.label} (${where}), load average ${loadAverage()}`);
  try {
    const startupMs = await waitHealthy(app);
    const pid = servingPid(app);
    const memStart = memoryMiB(pid);
    const { token, userId } = await login(app.baseUrl, DEMO_USER.email, DEMO_USER.password);
    const routes = routesFor(userId, token);
    await waitIdle(pid); // the start-up's own work (the seed, the first compilations) first

    if (WARMUP_SECONDS > 0) {
      const top = Math.max(...CONNECTIONS);
      process.stdout.write(`warm-up, ${WARMUP_SECONDS} s a route at ${top} connections...`);
      for (const route of routes) {
        await fire(app.baseUrl, route, top, WARMUP_SECONDS);
        await waitIdle(pid);
      }
      process.stdout.write(' done\n');
    }

    /** @type {TRow[]} */
    const rows = [];
    // /api/ping runs first and again last at each connection count, and the ratios divide by the
    // mean of the two: on a shared machine the baseline drifts, and the gap between the two says
    // by how much (printed as the drift).
    const pingAgain = { ...routes[0], key: 'pingAgain', label: 'GET /api/ping (again)' };
    for (const connections of CONNECTIONS) {
      for (const route of [...routes, pingAgain]) {
        const r = await fire(app.baseUrl, route, connections, SECONDS);
        await waitIdle(pid);
        const codes = Object.entries(r.statusCodeStats ?? {});
        rows.push({
          key: route.key,
          label: route.label,
          connections,
          rps: (r['2xx'] ?? 0) / (r.duration || SECONDS),
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.errors,
          non2xx: r.non2xx,
          limited: r.statusCodeStats?.['429']?.count ?? 0,
          codes: codes.map(([code, { count }]) => `${code}×${count}`).join(' '),
          ratio: NaN,
        });
      }
    }
    /** @type {Map<number, {baseline: number, drift: number}>} */
    const pings = new Map();
    for (const connections of CONNECTIONS) {
      const [a = NaN, b = NaN] = ['ping', 'pingAgain'].map(
        (key) => rows.find((r) => r.key === key && r.connections === connections)?.rps,
      );
      pings.set(connections, { baseline: (a + b) / 2, drift: Math.abs(a - b) / Math.max(a, b) });
    }
    for (const row of rows) {
      const baseline = pings.get(row.connections)?.baseline ?? NaN;
      row.ratio = baseline > 0 ? row.rps / baseline : NaN;
    }
    const memEnd = memoryMiB(pid);
    const pidNote = pid === app.pgid ? 'the server itself' : `child of the server ${app.pgid}`;
    return {
      ...target,
      startupMs,
      pid,
      pidNote,
      memStart,
      memEnd,
      rows,
      pings,
      loadAfter: loadAverage(),
    };
  } catch (err) {
    const message = errorText(err);
    const tail = logTail(app);
    console.error(`\nThe bench could not run on ${target.label}: ${message}`);
    // waitHealthy's errors carry the log's end already.
    console.error(`Server log (kept): ${app.logPath}${message.includes(tail) ? '' : `\n${tail}`}`);
    keep = true;
    throw err;
  } finally {
    await stopApp(app);
    if (!keep) fs.rmSync(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const errorText = (/** @type {unknown} */ err) =>
  err instanceof Error ? err.message : String(err);
/** @param {string | number} s @param {number} n */
const right = (s, n) => String(s).padStart(n);
/** @param {string | number} s @param {number} n */
const left = (s, n) => String(s).padEnd(n);
const mib = (/** @type {number} */ x) => `${x.toFixed(0)} MiB`;

/** @param {Awaited<ReturnType<typeof benchOne>>} res */
function printTable(res) {
  console.log(
    `start-up ${(res.startupMs / 1000).toFixed(1)} s (spawn → first healthy answer); ` +
      `server pid ${res.pid} (${res.pidNote}) resident ${mib(res.memStart.rss)} after start-up, ` +
      `${mib(res.memEnd.rss)} after the bench (peak ${mib(res.memEnd.peak)}); ` +
      `load average after ${res.loadAfter}`,
  );
  console.log(
    `\n${left('route', 32)} ${right('conns', 5)} ${right('req/s', 8)} ${right('p50 ms', 7)}` +
      ` ${right('p99 ms', 7)} ${right('errors', 6)} ${right('non-2xx', 7)} ${right('429', 5)}` +
      ` ${right('× ping', 6)}`,
  );
  for (const r of res.rows) {
    console.log(
      `${left(r.label, 32)} ${right(r.connections, 5)} ${right(r.rps.toFixed(0), 8)}` +
        ` ${right(r.p50, 7)} ${right(r.p99, 7)} ${right(r.errors, 6)} ${right(r.non2xx, 7)}` +
        ` ${right(r.limited, 5)} ${right(Number.isNaN(r.ratio) ? '-' : r.ratio.toFixed(2), 6)}`,
    );
  }
  const drifts = [...res.pings].map(([c, p]) => `${(p.drift * 100).toFixed(0)}% at ${c}`);
  console.log(
    `× ping: req/s over the mean of the two /api/ping runs, which differ by ${drifts.join(', ')}` +
      ' (more than ~10%: the machine was busy, the ratios are rough)',
  );
  console.log(
    `(${SECONDS} s a run; req/s counts 2xx answers; latencies of the 2xx answers, whole ms; ` +
      `"many IPs" = one client address per request via X-Forwarded-For, TRUST_PROXY=1)`,
  );
}

/**
 * The budgets this database's figures break, as sentences (empty when all hold).
 * @param {Awaited<ReturnType<typeof benchOne>>} res
 */
function brokenBudgets(res) {
  /** @type {string[]} */
  const broken = [];
  for (const r of res.rows) {
    if (r.errors > 0 || r.non2xx > 0) {
      broken.push(
        `${r.label} at ${r.connections}: ${r.errors} errors, ${r.non2xx} non-2xx (${r.codes})`,
      );
    }
  }
  const budget = BUDGETS[res.label];
  /** @param {string} key */
  const at50 = (key) => res.rows.find((r) => r.key === key && r.connections === BUDGET_CONNECTIONS);
  if (!at50('ping')) {
    console.log(`(ratio and p99 budgets apply at ${BUDGET_CONNECTIONS} connections: not measured)`);
    return broken;
  }
  for (const key of ['profile', 'profileToken']) {
    const r = at50(key);
    if (!r) continue;
    if (!(r.ratio >= budget.profileRatio)) {
      broken.push(
        `${r.label}: ${r.ratio.toFixed(2)}× /api/ping, budget ≥ ${budget.profileRatio}× on ${res.label}`,
      );
    }
    if (r.p99 > budget.profileP99Ms) {
      broken.push(
        `${r.label}: p99 ${r.p99} ms, budget ≤ ${budget.profileP99Ms} ms on ${res.label}`,
      );
    }
  }
  const patch = at50('patchInfo');
  if (patch && !(patch.ratio >= budget.patchRatio)) {
    broken.push(
      `${patch.label}: ${patch.ratio.toFixed(2)}× /api/ping, budget ≥ ${budget.patchRatio}× on ${res.label}`,
    );
  }
  return broken;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

const distDir = buildForBench();
console.log(
  `bench: build ${distDir}, ${SECONDS} s a run at ${CONNECTIONS.join(' and ')} connection(s), ` +
    `warm-up ${WARMUP_SECONDS} s a route; ${os.cpus().length} cores`,
);

/** @type {{label: 'PGlite' | 'PostgreSQL', databaseUrl?: string}[]} */
const targets = [{ label: 'PGlite' }];
if (DATABASE_URL) targets.push({ label: 'PostgreSQL', databaseUrl: DATABASE_URL });

/** @type {Awaited<ReturnType<typeof benchOne>>[]} */
const results = [];
for (const target of targets) {
  try {
    const res = await benchOne(target, distDir);
    results.push(res);
    printTable(res);
  } catch {
    process.exit(2);
  }
}
if (!DATABASE_URL) console.log('\n(DATABASE_URL is not set: PostgreSQL not measured)');

let failed = false;
console.log('');
for (const res of results) {
  const broken = brokenBudgets(res);
  if (broken.length === 0) {
    console.log(`PASS  ${res.label}: every budget holds`);
    continue;
  }
  for (const line of broken) {
    // Errors and failed answers fail the bench even when the budgets are only printed.
    const fatal = !SKIP_BUDGETS || / non-2xx /.test(line);
    console.log(`${fatal ? 'FAIL' : 'info'}  ${res.label}: ${line}`);
    failed ||= fatal;
  }
}
if (SKIP_BUDGETS)
  console.log('(BENCH_SKIP_BUDGETS=1: ratio and p99 budgets printed, not enforced)');

// The conversations' live delivery (scripts/bench-conversations.ts: 100 streams, 20 senders),
// on each database; BENCH_MESSAGES (default 30) messages per sender, p99 ≤ 1 s on PostgreSQL.
for (const target of targets) {
  console.log(`\n== conversations, ${target.label}`);
  const run = spawnSync('npx', ['tsx', 'scripts/bench-conversations.ts'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: target.databaseUrl ?? '' },
  });
  if (run.status !== 0) {
    console.log(`FAIL  conversations on ${target.label} (exit ${run.status})`);
    failed = true;
  }
}

// One line for machines (CI logs, before/after comparisons).
console.log(
  `bench ${JSON.stringify({
    seconds: SECONDS,
    connections: CONNECTIONS,
    results: results.map((r) => ({
      db: r.label,
      startupMs: Math.round(r.startupMs),
      rssMiB: { start: Math.round(r.memStart.rss), end: Math.round(r.memEnd.rss) },
      pingDrift: Object.fromEntries([...r.pings].map(([c, p]) => [c, Number(p.drift.toFixed(3))])),
      rows: r.rows.map((x) => ({
        route: x.key,
        connections: x.connections,
        rps: Math.round(x.rps),
        p50: x.p50,
        p99: x.p99,
        errors: x.errors,
        non2xx: x.non2xx,
        limited: x.limited,
        ratio: Number(x.ratio.toFixed(3)),
      })),
    })),
  })}`,
);
process.exit(failed ? 1 : 0);
