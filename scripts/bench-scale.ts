// `npm run bench:scale`: two instances of the built app over one PostgreSQL and one S3-compatible
// server, behind nginx, under a mixed load (docs/performance.md "Two instances").
//
//   npm run bench:scale                      # 1,000,000 postings, 200,000 talents, 2,000,000
//                                            # applications, 200 connections for 60 s, 1,000 streams
//   BENCH_COMPACT=1 npm run bench:scale      # 100,000 postings, 30 s, 200 streams (CI)
//   BENCH_FAULTS=1 npm run bench:scale       # then the faults (or --faults)
//   BENCH_DATABASE_URL=postgres://… npm run bench:scale   # a new database on that server
//   BENCH_SKIP_BUDGETS=1 …                   # print the budgets, fail only on errors
//
// PostgreSQL: a new database on BENCH_DATABASE_URL's server, or else a temporary cluster started
// here with Debian's initdb (as the postgres user when run as root, as .ci/run does), on a free
// port, removed at the end; the PostgreSQL restart fault needs the latter. The data is seeded with
// set-based SQL (scripts/lib/scale-seed.ts). The build is NEXT_DIST_DIR (default .next-bench),
// built when missing or stale, as `npm run bench` does. Both instances share JWT_SECRET (the
// load's tokens are signed here with it), METRICS_TOKEN, and STORAGE=s3 on an s3rver peer.
//
// The load runs in this process, on the same two cores as the servers, the database and nginx:
// its figures are the whole system's on one small machine, not an instance's ceiling.
//
// Load (autocannon, one instance per route class, concurrently): searches and posting pages 70 %
// of the connections, applications, board moves and messages 10 % each; every write request
// names a client address of its own (X-Forwarded-For, TRUST_PROXY=2) and a user of its own, so
// the per-user and per-address rate limits see many clients, as in production. Notification
// streams are held open through the proxy, reconnecting whenever one ends.
//
// Budgets: search p99 ≤ 150 ms, every route's p99 ≤ 300 ms, no error and no non-2xx answer.
// Faults (BENCH_FAULTS=1): kill -9 of one instance under load (its streams reconnect to the
// other within 5 s; every write answered 2xx is in the database), PostgreSQL restarted (errors
// only during the outage), SIGTERM of an instance (it drains and exits; its streams move).
// Exits 1 when a budget or a fault check fails, 2 when it could not run.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type TResult } from 'autocannon';
import { Client } from 'pg';
import { openDatabase } from '@/db/client';
import { signAccessToken } from '@/server/auth/tokens';
import { wholeSetting } from './lib/bench-kit';
import { seedScale, SEARCHES, type TSeeded } from './lib/scale-seed';
import * as ap from './lib/app-process.mjs';

type TApp = ReturnType<typeof ap.startApp>;
/** autocannon's count of 2xx answers (missing from its types). */
const twoXx = (r: TResult) => (r as unknown as Record<string, number>)['2xx'] ?? 0;

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

const COMPACT = process.env.BENCH_COMPACT === '1';
const FAULTS = process.env.BENCH_FAULTS === '1' || process.argv.includes('--faults');
const SKIP_BUDGETS = process.env.BENCH_SKIP_BUDGETS === '1';
const SECONDS = wholeSetting('BENCH_SECONDS', process.env.BENCH_SECONDS, COMPACT ? 30 : 60, 5);
const POSTINGS = wholeSetting(
  'BENCH_POSTINGS',
  process.env.BENCH_POSTINGS,
  COMPACT ? 100_000 : 1_000_000,
  1000,
);
const SCALE = POSTINGS / 1_000_000;
const SIZE = {
  postings: POSTINGS,
  talents: Math.max(2000, Math.round(200_000 * SCALE)),
  businesses: Math.max(100, Math.round(5000 * SCALE)),
  applications: Math.round(2_000_000 * SCALE),
  conversations: Math.max(1000, Math.round(100_000 * SCALE)),
};
const STREAMS = wholeSetting('BENCH_STREAMS', process.env.BENCH_STREAMS, COMPACT ? 200 : 1000, 0);
/**
 * Connections per route class: 70 % reads (half searches, half posting pages), 10 % each write,
 * of BENCH_CONNECTIONS (200 by default; CI's compact run takes fewer, docs/performance.md "Two
 * instances").
 */
const TOTAL_CONNECTIONS = wholeSetting('BENCH_CONNECTIONS', process.env.BENCH_CONNECTIONS, 200, 10);
const share = (percent: number) => Math.max(1, Math.round((TOTAL_CONNECTIONS * percent) / 100));
const CONNECTIONS = {
  search: share(35),
  posting: share(35),
  apply: share(10),
  move: share(10),
  message: share(10),
};
type TClass = keyof typeof CONNECTIONS;
const BUDGET_SEARCH_P99 = 150;
const BUDGET_ROUTE_P99 = 300;
const RECONNECT_BUDGET_MS = 5000;
/** autocannon's request timeout, in seconds (a request without an answer by then is an error). */
const TIMEOUT_S = 10;
const JWT_SECRET = `scale-bench-${'x'.repeat(40)}`;
const METRICS_TOKEN = 'scale-bench-metrics-token';

const log = (s: string) => console.log(s);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a database on BENCH_DATABASE_URL's server, or a temporary cluster of our own
// ---------------------------------------------------------------------------------------------

type TPg = {
  url: string;
  /** pg_ctl restart -m fast; undefined on a server that is not ours. */
  restart?: () => void;
  close: () => Promise<void>;
};

function pgBin() {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).sort((a, b) => Number(a) - Number(b))
    : [];
  const v = versions.at(-1);
  if (!v || !fs.existsSync(path.join(root, v, 'bin/initdb'))) {
    throw new Error('No PostgreSQL (Debian: apt-get install postgresql) and no BENCH_DATABASE_URL');
  }
  return path.join(root, v, 'bin');
}

async function startPostgres(): Promise<TPg> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    const name = `scale_${Date.now().toString(36)}`;
    const admin = new Client({ connectionString: given });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(given);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      close: async () => {
        const c = new Client({ connectionString: given });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const bin = pgBin();
  const dir = ap.tempDir('tc-scale-pg-');
  const root = process.getuid?.() === 0;
  if (root) spawnSync('chown', ['postgres', dir]);
  const asPg = (cmd: string, args: string[]) => {
    const r = root
      ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], {
          encoding: 'utf8',
        })
      : spawnSync(path.join(bin, cmd), args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  const port = await ap.freePort();
  const data = path.join(dir, 'data');
  asPg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const options = [
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`,
    '-c max_connections=200 -c shared_buffers=512MB -c work_mem=16MB',
    '-c synchronous_commit=on -c checkpoint_timeout=15min -c max_wal_size=4GB',
  ].join(' ');
  const ctl = (args: string[]) =>
    asPg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', ...args]);
  ctl(['start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl(['-m', 'fast', 'restart']),
    close: async () => {
      try {
        ctl(['-m', 'immediate', 'stop']);
      } catch {
        // already down
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The proxy: nginx with both instances as one upstream (a Node proxy when nginx is missing)
// ---------------------------------------------------------------------------------------------

type TProxy = { port: number; close: () => Promise<void> };

async function startNginx(upstreams: number[]): Promise<TProxy> {
  const dir = ap.tempDir('tc-scale-nginx-');
  fs.chmodSync(dir, 0o777);
  const port = await ap.freePort();
  const conf = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream app {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=3s;`).join('\n')}
    keepalive 128;
    # Shorter than the app's own idle timeout, so that a stopping instance's idle connections are
    # closed from this side (docs/deploy.md "Stopping").
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # The notification stream: each event leaves as written (docs/deploy.md).
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 3600s;
      proxy_connect_timeout 2s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn('/usr/sbin/nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await sleep(100);
  }
  return {
    port,
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Round robin over the instances that accept connections, when nginx is not installed. */
async function startNodeProxy(upstreams: number[]): Promise<TProxy> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const tryOne = (left: number) => {
      const port = upstreams[next++ % upstreams.length]!;
      const fwd = req.headers['x-forwarded-for'];
      const up = http.request(
        {
          host: '127.0.0.1',
          port,
          method: req.method,
          path: req.url,
          agent,
          headers: {
            ...req.headers,
            'x-forwarded-for': `${fwd ? `${fwd}, ` : ''}${req.socket.remoteAddress}`,
          },
        },
        (ur) => {
          res.writeHead(ur.statusCode ?? 502, {
            ...ur.headers,
            'x-upstream': `127.0.0.1:${port}`,
          });
          ur.pipe(res);
        },
      );
      up.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED' && left > 1 && !res.headersSent) return tryOne(left - 1);
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(up);
    };
    tryOne(upstreams.length);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      agent.destroy();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Notification streams that reconnect
// ---------------------------------------------------------------------------------------------

type TStream = {
  upstream: string;
  connected: boolean;
  /** When it last lost its connection (performance.now()), while it is down. */
  downSince: number | null;
  /** Each reconnection: how long it was down and where it was before. */
  gaps: { ms: number; from: string; at: number }[];
  events: number;
};

function openStreams(proxyPort: number, tokens: string[]) {
  const streams: TStream[] = [];
  let closed = false;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const connect = (s: TStream, token: string) => {
    if (closed) return;
    const req = http.get(
      {
        host: '127.0.0.1',
        port: proxyPort,
        path: '/api/notifications/stream',
        agent,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          res.on('end', () => retry(s, token));
          return;
        }
        const from = s.upstream;
        s.upstream = String(res.headers['x-upstream'] ?? '?');
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let i;
          while ((i = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, i);
            buffer = buffer.slice(i + 2);
            if (event.startsWith('event: ready')) {
              if (s.downSince !== null) {
                s.gaps.push({ ms: performance.now() - s.downSince, from, at: s.downSince });
              }
              s.downSince = null;
              s.connected = true;
            } else if (event.startsWith('event:')) s.events++;
          }
        });
        res.on('close', () => retry(s, token));
        res.on('error', () => {});
      },
    );
    req.on('error', () => retry(s, token));
  };
  const retry = (s: TStream, token: string) => {
    if (closed) return;
    if (s.connected || s.downSince === null) s.downSince ??= performance.now();
    s.connected = false;
    setTimeout(() => connect(s, token), 100 + Math.random() * 200);
  };
  for (const token of tokens) {
    const s: TStream = { upstream: '', connected: false, downSince: null, gaps: [], events: 0 };
    streams.push(s);
    connect(s, token);
  }
  return {
    streams,
    close: () => {
      closed = true;
      agent.destroy();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The load
// ---------------------------------------------------------------------------------------------

let clientNumber = 0;
/** A client address from 198.18.0.0/15 (RFC 2544, set aside for benchmarks), only ever a header. */
function nextClientAddress() {
  const n = (clientNumber++ % 131_070) + 1;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/** How many requests of each class were made so far, over every run: no write is made twice. */
let searchN = 0;
let postingN = 0;
let applyN = 0;
let moveN = 0;
let messageN = 0;

type TTimeline = Map<number, { ok: number; bad: number }>;
type TLoad = {
  results: Record<TClass, TResult>;
  /** Per second since the start: answers 2xx and the rest (errors, non-2xx). */
  timeline: TTimeline;
  createdApplications: number[];
  createdMessages: number[];
};

type TTokens = { talent: (n: number) => string; business: (n: number) => string };

function runLoad(base: string, seeded: TSeeded, tokens: TTokens, seconds: number, epoch: number) {
  const timeline: TTimeline = new Map();
  /** Counts an answer (or a failure) in the second its request was sent, `ago` ms before now. */
  const mark = (good: boolean, ago: number) => {
    const second = Math.floor((performance.now() - ago - epoch) / 1000);
    const slot = timeline.get(second) ?? { ok: 0, bad: 0 };
    if (good) slot.ok++;
    else slot.bad++;
    timeline.set(second, slot);
  };
  const createdApplications: number[] = [];
  const createdMessages: number[] = [];
  const talents = SIZE.talents;
  const json = { 'content-type': 'application/json' };
  const withClient = (headers: Record<string, string>) => ({
    ...headers,
    'x-forwarded-for': nextClientAddress(),
  });
  const idOf = (body: string) => {
    try {
      return Number((JSON.parse(body) as { data?: { id?: number } }).data?.id) || 0;
    } catch {
      return 0;
    }
  };

  const requests: Record<TClass, Record<string, unknown>> = {
    search: {
      method: 'GET',
      setupRequest: (req: Record<string, unknown>) => {
        const n = searchN++;
        const q = SEARCHES[n % SEARCHES.length]!;
        const kind = n % 5 === 4 ? 'jobs' : 'projects';
        const filters = n % 2 === 0 ? '&modality=remote' : '';
        return {
          ...req,
          path: `/api/${kind}?search=${encodeURIComponent(q.search)}&skill=${encodeURIComponent(q.skill)}${filters}`,
          headers: withClient({}),
        };
      },
    },
    posting: {
      method: 'GET',
      setupRequest: (req: Record<string, unknown>) => {
        const n = postingN++ * 7919;
        const path =
          n % 5 === 4
            ? `/api/jobs/${seeded.jobBase + (n % seeded.jobs)}`
            : `/api/projects/${seeded.projectBase + (n % seeded.projects)}`;
        return { ...req, path, headers: withClient({}) };
      },
    },
    apply: {
      method: 'POST',
      setupRequest: (req: Record<string, unknown>) => {
        // Project r (a recruiting one: r % 10 ≠ 9) from a talent that has not applied to it.
        const n = applyN++;
        let r = (n * 7919) % seeded.projects;
        if (r % 10 === 9) r -= 1;
        const q = seeded.perProject + Math.floor(n / seeded.projects);
        const talent = (q + 13 * r) % talents;
        return {
          ...req,
          path: '/api/project_applications',
          headers: withClient({ ...json, authorization: `Bearer ${tokens.talent(talent)}` }),
          body: JSON.stringify({
            project_id: seeded.projectBase + r,
            proposal: 'I have done this kind of work before and can start next week.',
            price_proposal: 150000,
            weeks: 4,
          }),
        };
      },
      onResponse: (status: number, body: string) => {
        if (status >= 200 && status < 300) createdApplications.push(idOf(body));
      },
    },
    move: {
      method: 'POST',
      setupRequest: (req: Record<string, unknown>) => {
        // Seeded application a (applied: a % 10 < 7) moved to shortlisted by its posting's owner.
        let a = (moveN++ * 7919) % SIZE.applications;
        // Applied (a % 10 < 7), on a project still recruiting (its number % 10 ≠ 9).
        while (a % 10 >= 7 || (a % seeded.projects) % 10 === 9) a = (a + 1) % SIZE.applications;
        const business = (a % seeded.projects) % SIZE.businesses;
        return {
          ...req,
          path: '/api/project_applications/changeApplicationStatus',
          headers: withClient({ ...json, authorization: `Bearer ${tokens.business(business)}` }),
          body: JSON.stringify({ application_id: seeded.applicationBase + a, status: 1 }),
        };
      },
    },
    message: {
      method: 'POST',
      setupRequest: (req: Record<string, unknown>) => {
        const c = seeded.conversations[(messageN++ * 7919) % seeded.conversations.length]!;
        return {
          ...req,
          path: `/api/conversations/${c.id}/messages`,
          headers: withClient({
            ...json,
            authorization: `Bearer ${tokens.talent(c.talentId - seeded.talentBase)}`,
          }),
          body: JSON.stringify({ body: 'Thank you, I am available for a call this week.' }),
        };
      },
      onResponse: (status: number, body: string) => {
        if (status >= 200 && status < 300) createdMessages.push(idOf(body));
      },
    },
  };

  const runs = (Object.keys(CONNECTIONS) as TClass[]).map((key) => {
    const instance = autocannon({
      url: base,
      connections: CONNECTIONS[key],
      duration: seconds,
      timeout: TIMEOUT_S,
      requests: [requests[key]],
    } as never);
    instance.on('response', (_c: unknown, status: number, _b: number, responseMs: number) =>
      mark(status >= 200 && status < 300, responseMs),
    );
    instance.on('reqError', (err: Error) =>
      mark(false, err.message === 'request timed out' ? TIMEOUT_S * 1000 : 0),
    );
    return new Promise<[TClass, TResult]>((resolve) =>
      instance.on('done', (r: TResult) => resolve([key, r])),
    );
  });
  return Promise.all(runs).then((done): TLoad => ({
    results: Object.fromEntries(done) as Record<TClass, TResult>,
    timeline,
    createdApplications,
    createdMessages,
  }));
}

const LABELS: Record<TClass, string> = {
  search: 'GET /api/{projects,jobs}?search',
  posting: 'GET /api/{projects,jobs}/:id',
  apply: 'POST /api/project_applications',
  move: 'POST …/changeApplicationStatus',
  message: 'POST /api/conversations/:id/messages',
};

function printTable(load: TLoad, seconds: number) {
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  log(
    `\n${'route'.padEnd(38)} ${pad('conns', 5)} ${pad('req/s', 7)} ${pad('p50', 5)} ${pad('p99', 5)} ${pad('max', 6)} ${pad('errors', 6)} ${pad('non-2xx', 7)}`,
  );
  let total = 0;
  for (const key of Object.keys(CONNECTIONS) as TClass[]) {
    const r = load.results[key];
    const rps = twoXx(r) / (r.duration || seconds);
    total += rps;
    log(
      `${LABELS[key].padEnd(38)} ${pad(CONNECTIONS[key], 5)} ${pad(rps.toFixed(0), 7)} ${pad(r.latency.p50, 5)} ${pad(r.latency.p99, 5)} ${pad(r.latency.max, 6)} ${pad(r.errors + r.timeouts, 6)} ${pad(r.non2xx, 7)}`,
    );
  }
  log(
    `${'all'.padEnd(38)} ${pad(TOTAL_CONNECTIONS, 5)} ${pad(total.toFixed(0), 7)}   (ms; req/s of 2xx answers)`,
  );
}

function budgetFailures(load: TLoad) {
  const failures: { line: string; fatal: boolean }[] = [];
  for (const key of Object.keys(CONNECTIONS) as TClass[]) {
    const r = load.results[key];
    const codes = Object.entries(r.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' ');
    if (r.errors + r.timeouts > 0 || r.non2xx > 0) {
      failures.push({
        line: `${LABELS[key]}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx (${codes})`,
        fatal: true,
      });
    }
    const budget = key === 'search' ? BUDGET_SEARCH_P99 : BUDGET_ROUTE_P99;
    if (r.latency.p99 > budget) {
      failures.push({
        line: `${LABELS[key]}: p99 ${r.latency.p99} ms, budget ≤ ${budget} ms`,
        fatal: !SKIP_BUDGETS,
      });
    }
  }
  return failures;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main() {
  const cleanups: (() => Promise<void>)[] = [];
  let failed = false;
  try {
    const distDir = ap.buildForBench();
    log(
      `bench:scale${COMPACT ? ' (compact)' : ''}: build ${distDir}; ${SIZE.postings} postings, ${SIZE.talents} talents, ` +
        `${SIZE.businesses} businesses, ${SIZE.applications} applications, ${SIZE.conversations} conversations; ` +
        `${SECONDS} s at 200 connections, ${STREAMS} streams; ${os.cpus().length} cores, load average ${loadAverage()}`,
    );
    const pg = await startPostgres();
    cleanups.unshift(pg.close);
    const migrated = await openDatabase({ kind: 'postgres', url: pg.url });
    await migrated.close();
    const client = new Client({ connectionString: pg.url });
    await client.connect();
    const seedStarted = performance.now();
    log('seeding:');
    const seeded = await seedScale(client, SIZE, log);
    await client.end();
    log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

    // The S3 peer (s3rver), in this process, as the API tests run it.
    const { startS3Peer } = await import('../tests/helpers/s3-peer');
    const s3 = await startS3Peer('talentchain-scale');
    cleanups.unshift(s3.close);

    const work = ap.tempDir('tc-scale-');
    cleanups.unshift(async () => fs.rmSync(work, { recursive: true, force: true }));
    const env = (name: string) =>
      ap.appEnv({
        dataDir: path.join(work, name),
        databaseUrl: pg.url,
        extra: {
          JWT_SECRET,
          METRICS_TOKEN,
          SEED_DEMO: 'false',
          TRUST_PROXY: '2',
          STORAGE: 's3',
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: s3.bucket,
          S3_REGION: s3.region,
          S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
        },
      });
    const ports = [await ap.freePort(), await ap.freePort()];
    const start = (i: number) =>
      ap.startApp({
        port: ports[i]!,
        env: env(`app${i}`),
        logPath: path.join(work, `app${i}-${Date.now()}.log`),
        distDir,
      });
    const apps = [start(0), start(1)];
    cleanups.unshift(async () => {
      await Promise.all(apps.map((a) => ap.stopApp(a)));
    });
    for (const app of apps) await ap.waitHealthy(app);
    const proxy = fs.existsSync('/usr/sbin/nginx')
      ? await startNginx(ports)
      : await startNodeProxy(ports);
    cleanups.unshift(proxy.close);
    const base = `http://127.0.0.1:${proxy.port}`;
    log(
      `instances on ${ports.join(' and ')}, ${fs.existsSync('/usr/sbin/nginx') ? 'nginx' : 'a Node proxy'} on ${proxy.port}`,
    );

    // Tokens, signed here with the instances' JWT_SECRET, made on first use.
    const secret = new TextEncoder().encode(JWT_SECRET);
    const now = new Date();
    const cache = new Map<number, string>();
    const mint = async (userId: number) => {
      let t = cache.get(userId);
      if (!t) cache.set(userId, (t = await signAccessToken({ userId, version: 0 }, secret, now)));
      return t;
    };
    // setupRequest is synchronous: every token the load can ask for is made first.
    const talentIds = Array.from({ length: SIZE.talents }, (_, n) => seeded.talentBase + n);
    const bizIds = Array.from({ length: SIZE.businesses }, (_, n) => seeded.bizBase + n);
    for (const id of [...talentIds, ...bizIds]) await mint(id);
    const tokens: TTokens = {
      talent: (n) => cache.get(seeded.talentBase + n)!,
      business: (n) => cache.get(seeded.bizBase + n)!,
    };

    // The streams: the last STREAMS talents, one each.
    const streamTokens = talentIds.slice(-STREAMS).map((id) => cache.get(id)!);
    const sse = openStreams(proxy.port, streamTokens);
    cleanups.unshift(async () => sse.close());
    for (let i = 0; i < 300 && sse.streams.some((s) => !s.connected); i++) await sleep(100);
    const perUpstream = (u: string) => sse.streams.filter((s) => s.connected && s.upstream === u);
    log(
      `streams open: ${sse.streams.filter((s) => s.connected).length} of ${STREAMS} ` +
        `(${ports.map((p) => `${perUpstream(`127.0.0.1:${p}`).length} on ${p}`).join(', ')})`,
    );

    // Warm-up: a few seconds of the same load, not counted.
    await runLoad(base, seeded, tokens, 3, performance.now());
    const memBefore = apps.map((a) => ap.memoryMiB(ap.servingPid(a)));
    log(`\n== load, ${SECONDS} s, load average ${loadAverage()}`);
    const load = await runLoad(base, seeded, tokens, SECONDS, performance.now());
    printTable(load, SECONDS);
    const memAfter = apps.map((a) => ap.memoryMiB(ap.servingPid(a)));
    apps.forEach((_, i) =>
      log(
        `instance ${i + 1} (port ${ports[i]}): resident ${memBefore[i]!.rss.toFixed(0)} MiB before the load, ` +
          `${memAfter[i]!.rss.toFixed(0)} MiB after (peak ${memAfter[i]!.peak.toFixed(0)} MiB)`,
      ),
    );
    log(
      `streams: ${sse.streams.filter((s) => s.connected).length} connected at the end, ` +
        `${sse.streams.reduce((n, s) => n + s.events, 0)} events received; load average ${loadAverage()}`,
    );
    const metrics = await fetch(`http://127.0.0.1:${ports[0]}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    }).then((r) => r.text());
    const openLine = metrics.split('\n').find((l) => l.startsWith('notification_streams_open '));
    log(`GET /api/metrics of instance 1: ${openLine ?? '(no streams gauge)'}`);
    for (const f of budgetFailures(load)) {
      log(`${f.fatal ? 'FAIL' : 'info'}  ${f.line}`);
      failed ||= f.fatal;
    }
    if (!budgetFailures(load).length) log('PASS  every budget holds');
    const written = await checkWrites(pg.url, load);
    failed ||= !written;

    if (FAULTS) {
      failed = !(await faults({ pg, apps, ports, start, base, seeded, tokens, sse })) || failed;
    }
    log(
      `bench:scale ${JSON.stringify({
        compact: COMPACT,
        seconds: SECONDS,
        size: SIZE,
        seedSeconds: seeded.seconds,
        routes: Object.fromEntries(
          (Object.keys(CONNECTIONS) as TClass[]).map((k) => {
            const r = load.results[k];
            return [
              k,
              {
                rps: Math.round(twoXx(r) / (r.duration || SECONDS)),
                p50: r.latency.p50,
                p99: r.latency.p99,
                max: r.latency.max,
                errors: r.errors + r.timeouts,
                non2xx: r.non2xx,
              },
            ];
          }),
        ),
        rssMiB: memAfter.map((m) => Math.round(m.rss)),
      })}`,
    );
  } catch (err) {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 2;
  } finally {
    for (const c of cleanups) await c().catch(() => {});
  }
  if (process.exitCode !== 2) process.exitCode = failed ? 1 : 0;
}

/** Every write answered 2xx is in the database (by id). */
async function checkWrites(url: string, load: TLoad) {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const count = async (table: string, ids: number[]) =>
      Number(
        (
          await c.query<{ n: number }>(
            `select count(*)::int as n from ${table} where id = any($1::int[])`,
            [ids],
          )
        ).rows[0]!.n,
      );
    const apps = await count('project_applications', load.createdApplications);
    const msgs = await count('conversation_messages', load.createdMessages);
    const ok = apps === load.createdApplications.length && msgs === load.createdMessages.length;
    log(
      `${ok ? 'PASS' : 'FAIL'}  confirmed writes in the database: applications ${apps} of ${load.createdApplications.length}, ` +
        `messages ${msgs} of ${load.createdMessages.length}`,
    );
    return ok;
  } finally {
    await c.end();
  }
}

/** The faults under load (docs/performance.md "Two instances"). */
async function faults(o: {
  pg: TPg;
  apps: TApp[];
  ports: number[];
  start: (i: number) => TApp;
  base: string;
  seeded: TSeeded;
  tokens: TTokens;
  sse: ReturnType<typeof openStreams>;
}) {
  let ok = true;
  const upstreamOf = (i: number) => `127.0.0.1:${o.ports[i]}`;
  const seconds = Math.max(20, Math.min(SECONDS, 30));

  // 1. kill -9 of instance 1 under load.
  log(`\n== fault: kill -9 of instance 1 under load (${seconds} s)`);
  let epoch = performance.now();
  let running = runLoad(o.base, o.seeded, o.tokens, seconds, epoch);
  await sleep(5000);
  const held = o.sse.streams.filter((s) => s.connected && s.upstream === upstreamOf(0));
  const killedAt = performance.now();
  await ap.killApp(o.apps[0]!);
  let load = await running;
  const moved = held.map((s) => s.gaps.find((g) => g.at >= killedAt - 50));
  const gaps = moved.filter(Boolean).map((g) => g!.ms);
  const maxGap = gaps.length ? Math.max(...gaps) : NaN;
  const reconnected = gaps.length === held.length && maxGap <= RECONNECT_BUDGET_MS;
  log(
    `${reconnected ? 'PASS' : 'FAIL'}  ${held.length} streams on instance 1; ${gaps.length} reconnected, ` +
      `all to ${upstreamOf(1)}: ${held.every((s) => s.upstream === upstreamOf(1))}; longest gap ${maxGap.toFixed(0)} ms (budget ${RECONNECT_BUDGET_MS})`,
  );
  ok &&= reconnected;
  printTimeline(load.timeline, (killedAt - epoch) / 1000);
  ok = (await checkWrites(o.pg.url, load)) && ok;

  // Instance 1 again, for what follows.
  o.apps[0] = o.start(0);
  await ap.waitHealthy(o.apps[0]!);

  // 2. PostgreSQL restarted under load.
  if (o.pg.restart) {
    log(`\n== fault: PostgreSQL restarted (pg_ctl restart -m fast) under load (${seconds} s)`);
    epoch = performance.now();
    running = runLoad(o.base, o.seeded, o.tokens, seconds, epoch);
    await sleep(5000);
    const downAt = (performance.now() - epoch) / 1000;
    o.pg.restart();
    const upAt = (performance.now() - epoch) / 1000;
    load = await running;
    printTimeline(load.timeline, downAt, upAt);
    // Errors after the outage: from 2 s after PostgreSQL was back (the pool's failed connections
    // are replaced as requests ask for them).
    const after = [...load.timeline]
      .filter(([s]) => s >= Math.ceil(upAt) + 2)
      .reduce((n, [, v]) => n + v.bad, 0);
    log(
      `${after === 0 ? 'PASS' : 'FAIL'}  outage ${downAt.toFixed(1)}–${upAt.toFixed(1)} s; ${after} errors from ${Math.ceil(upAt) + 2} s on; both instances healthy: ${await bothHealthy(o.ports)}`,
    );
    ok &&= after === 0;
    ok = (await checkWrites(o.pg.url, load)) && ok;
  } else {
    log(
      '\n(PostgreSQL restart not run: BENCH_DATABASE_URL names a server this script does not run)',
    );
  }

  // 3. SIGTERM of instance 2 under load: it drains and exits; its streams move to instance 1.
  log(`\n== fault: SIGTERM of instance 2 under load (${seconds} s)`);
  epoch = performance.now();
  running = runLoad(o.base, o.seeded, o.tokens, seconds, epoch);
  await sleep(5000);
  const held2 = o.sse.streams.filter((s) => s.connected && s.upstream === upstreamOf(1));
  const termAt = performance.now();
  process.kill(o.apps[1]!.pgid, 'SIGTERM');
  await o.apps[1]!.exited;
  const exitMs = performance.now() - termAt;
  load = await running;
  const gaps2 = held2
    .map((s) => s.gaps.find((g) => g.at >= termAt - 50))
    .filter(Boolean)
    .map((g) => g!.ms);
  const maxGap2 = gaps2.length ? Math.max(...gaps2) : NaN;
  const bad = [...load.timeline].reduce((n, [, v]) => n + v.bad, 0);
  const drained =
    exitMs < 15_000 && gaps2.length === held2.length && maxGap2 <= RECONNECT_BUDGET_MS;
  log(
    `${drained ? 'PASS' : 'FAIL'}  instance 2 exited ${(exitMs / 1000).toFixed(1)} s after SIGTERM (${JSON.stringify(o.apps[1]!.exit)}); ` +
      `${held2.length} streams, ${gaps2.length} reconnected, longest gap ${maxGap2.toFixed(0)} ms; ${bad} failed requests during the drain`,
  );
  printTimeline(load.timeline, (termAt - epoch) / 1000);
  ok &&= drained;
  ok = (await checkWrites(o.pg.url, load)) && ok;
  return ok;
}

async function bothHealthy(ports: number[]) {
  const r = await Promise.all(
    ports.map((p) =>
      fetch(`http://127.0.0.1:${p}/api/health`).then(
        (x) => x.status === 200,
        () => false,
      ),
    ),
  );
  return r.every(Boolean);
}

function printTimeline(timeline: TTimeline, ...marks: number[]) {
  const line = [...timeline]
    .sort(([a], [b]) => a - b)
    .map(([s, v]) => `${s}:${v.ok}${v.bad ? `/${v.bad}✗` : ''}`)
    .join(' ');
  log(
    `  per second sent (2xx/failed), fault at ${marks.map((m) => m.toFixed(1)).join('–')} s: ${line}`,
  );
}

void main();
