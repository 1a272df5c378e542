// @ts-check
// `npm run test:durability`: does a write the API confirmed survive a crash right after it?
// Each round writes Ana's headline (PATCH /api/users/info, waiting for the 200), kills the server
// with SIGKILL at once (its whole process group: the production server and any child, as a crash or
// the OOM killer would, with no chance to flush or close anything), restarts it on the same data,
// waits for its first healthy answer and reads the headline back. On PGlite in a fresh data
// directory, then on the PostgreSQL server named by DATABASE_URL when it is set.
//
//   npm run test:durability                         # 20 rounds a database
//   DURABILITY_ROUNDS=5 npm run test:durability
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/durability npm run test:durability
//
// A restart must succeed on its first try: the data directory's lock (db/lock.ts) treats a dead
// or zombie holder as gone. When one does not, the round says what the killed processes were at
// that moment and what the server printed, then tries once more so the rounds can go on.
// Exits 1 when a write is lost or a restart fails, 2 when the test could not run.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  appEnv,
  buildForBench,
  DEMO_USER,
  freePort,
  killApp,
  login,
  logTail,
  redactUrl,
  requestJson,
  startApp,
  stopApp,
  tempDir,
  waitHealthy,
} from './lib/app-process.mjs';
import { mailRounds } from './lib/durability-mail.mjs';

const ROUNDS = (() => {
  const raw = process.env.DURABILITY_ROUNDS || '20';
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new Error(`DURABILITY_ROUNDS must be a whole number of at least 1 (got "${raw}")`);
  }
  return Number(raw);
})();
const DATABASE_URL = process.env.DATABASE_URL || undefined;

/** @type {import('./lib/app-process.mjs').TApp | undefined} */
let running;

const errorText = (/** @type {unknown} */ err) =>
  err instanceof Error ? err.message : String(err);

/**
 * Reads Ana's headline as she sees it. A token made before the crash must still be accepted (the
 * JWT secret lives in the data directory); if it is refused, that is reported and she signs in
 * again, so the headline is still checked.
 * @param {string} baseUrl @param {number} userId @param {{token: string}} session
 */
async function readHeadline(baseUrl, userId, session) {
  let res = await requestJson(baseUrl, 'GET', `/api/users/id/${userId}`, { token: session.token });
  let note = '';
  if (res.status === 401) {
    note = 'token refused after the restart; signed in again';
    session.token = (await login(baseUrl, DEMO_USER.email, DEMO_USER.password)).token;
    res = await requestJson(baseUrl, 'GET', `/api/users/id/${userId}`, { token: session.token });
  }
  if (res.status !== 200) throw new Error(`GET /api/users/id/${userId} answered ${res.status}`);
  return { headline: res.body?.data?.headline, note };
}

/**
 * @param {{label: string, databaseUrl?: string}} target
 * @param {string} distDir
 */
async function rounds(target, distDir) {
  const work = tempDir('tc-durability-');
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  let serial = 0;
  // Same port and data directory every time, as a supervisor restarting the service would.
  const start = () => {
    serial++;
    running = startApp({
      port,
      env: appEnv({ dataDir, databaseUrl: target.databaseUrl }),
      logPath: path.join(work, `server-${serial}.log`),
      distDir,
    });
    return running;
  };
  const where = target.databaseUrl ? redactUrl(target.databaseUrl) : dataDir;
  console.log(`\n== ${target.label} (${where}): ${ROUNDS} rounds`);

  let app = start();
  const firstMs = await waitHealthy(app);
  console.log(`first start ${firstMs.toFixed(0)} ms (migrations and, if empty, the demo seed)`);
  const session = await login(app.baseUrl, DEMO_USER.email, DEMO_USER.password);

  /** @type {{round: number, restartMs: number, ok: boolean, restartFailed: boolean}[]} */
  const results = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const headline = `round ${round} ${randomBytes(6).toString('hex')}`;
    const write = await requestJson(app.baseUrl, 'PATCH', '/api/users/info', {
      token: session.token,
      body: { headline },
    });
    if (write.status !== 200 || write.body?.data?.headline !== headline) {
      throw new Error(
        `round ${round}: the write was not confirmed (${write.status} ${JSON.stringify(write.body)})`,
      );
    }
    // The 200 is in: crash now.
    const killed = await killApp(app);
    // What the restart meets: the killed processes ('gone' once reaped, 'Z' while a zombie) and,
    // on PGlite, the lock file the dead server left (db/lock.ts must take it over).
    const met =
      killed.map((p) => `pid ${p.pid} ${p.state}`).join(', ') +
      (target.databaseUrl
        ? ''
        : fs.existsSync(path.join(dataDir, '.lock'))
          ? ', stale lock'
          : ', no lock');

    let restartFailed = false;
    app = start();
    let restartMs;
    try {
      restartMs = await waitHealthy(app);
    } catch (err) {
      restartFailed = true;
      console.log(
        `round ${round}: RESTART FAILED on the first try; it met ${met}.\n${errorText(err)}`,
      );
      await stopApp(app);
      app = start();
      restartMs = await waitHealthy(app); // a second failure ends the test (exit 2)
      console.log(`round ${round}: the second try was healthy after ${restartMs.toFixed(0)} ms`);
    }
    const read = await readHeadline(app.baseUrl, session.userId, session);
    const ok = read.headline === headline;
    results.push({ round, restartMs, ok, restartFailed });
    console.log(
      `round ${String(round).padStart(2)}: restart ${restartMs.toFixed(0).padStart(5)} ms  ` +
        `${ok ? 'ok' : `LOST (wrote "${headline}", read "${read.headline}")`}` +
        `  [killed: ${met}]${read.note ? `  (${read.note})` : ''}`,
    );
  }
  await stopApp(app);
  running = undefined;

  const times = results.map((r) => r.restartMs).sort((a, b) => a - b);
  const median =
    times.length % 2
      ? times[(times.length - 1) / 2]
      : ((times[times.length / 2 - 1] ?? 0) + (times[times.length / 2] ?? 0)) / 2;
  const summary = {
    db: target.label,
    rounds: results.length,
    lost: results.filter((r) => !r.ok).length,
    restartFailures: results.filter((r) => r.restartFailed).length,
    restartMs: {
      min: Math.round(times[0] ?? NaN),
      median: Math.round(median ?? NaN),
      max: Math.round(times[times.length - 1] ?? NaN),
    },
  };
  console.log(
    `${target.label}: ${summary.rounds} rounds, ${summary.lost} lost, ` +
      `${summary.restartFailures} failed restarts; restart ms min ${summary.restartMs.min}, ` +
      `median ${summary.restartMs.median}, max ${summary.restartMs.max}`,
  );
  const failed = summary.lost > 0 || summary.restartFailures > 0;
  if (!failed) fs.rmSync(work, { recursive: true, force: true });
  else console.log(`(server logs kept in ${work})`);
  return summary;
}

const distDir = buildForBench();
/** @type {{label: string, databaseUrl?: string}[]} */
const targets = [{ label: 'PGlite' }];
if (DATABASE_URL) targets.push({ label: 'PostgreSQL', databaseUrl: DATABASE_URL });

/** The outbox's rounds: each waits up to a minute for the retried e-mail (DURABILITY_MAIL_ROUNDS). */
const MAIL_ROUNDS = Number(process.env.DURABILITY_MAIL_ROUNDS || '2');
/** @type {Awaited<ReturnType<typeof mailRounds>>[]} */
const mailSummaries = [];

const summaries = [];
for (const target of targets) {
  try {
    summaries.push(await rounds(target, distDir));
    if (MAIL_ROUNDS > 0) {
      const work = tempDir('tc-durability-mail-');
      const summary = await mailRounds(target, distDir, work, MAIL_ROUNDS);
      mailSummaries.push(summary);
      if (summary.lost === 0 && summary.duplicates === 0)
        fs.rmSync(work, { recursive: true, force: true });
      else console.log(`(outbox server logs kept in ${work})`);
    }
  } catch (err) {
    const message = errorText(err);
    console.error(`\nThe durability test could not run on ${target.label}: ${message}`);
    if (running) {
      const tail = logTail(running);
      // waitHealthy's errors carry the log's end already.
      console.error(`Server log: ${running.logPath}${message.includes(tail) ? '' : `\n${tail}`}`);
      await stopApp(running);
    }
    process.exit(2);
  }
}
if (!DATABASE_URL) console.log('\n(DATABASE_URL is not set: PostgreSQL not tested)');
console.log(`durability ${JSON.stringify(summaries)}`);
console.log(`durability outbox ${JSON.stringify(mailSummaries)}`);
const failed =
  summaries.some((s) => s.lost > 0 || s.restartFailures > 0) ||
  mailSummaries.some((s) => s.lost > 0 || s.duplicates > 0);
console.log(
  failed
    ? 'FAIL: a confirmed write or e-mail was lost, an e-mail sent twice, or a restart failed'
    : 'PASS',
);
process.exit(failed ? 1 : 0);
