// `npm run bench:conversations` (and the last part of `npm run bench`): the conversations' live
// delivery under load (docs/performance.md "Benchmarks and durability"). A server process of its
// own serves the API over a fresh database (PGlite in a temporary data directory, or a new database
// on the PostgreSQL server named by DATABASE_URL) with 20 companies of 4 members, each with a job
// that one of 20 talents applied to, and the 20 conversations opened. This process then opens 100
// notification streams (every member and every talent) and 20 clients, the talents, each send
// BENCH_MESSAGES messages (30: the most the limit allows in a minute) one after the other, as fast
// as the answers come. Every message reaches 5 streams (the company's 4 members and its author's
// own); the time from the start of its POST to each stream's `event: message` is measured.
// Budget: p99 ≤ 1 s on PostgreSQL (exit 1 above it, or when a message is lost or refused);
// PGlite's figures are printed.
//
//   npm run bench:conversations                               # PGlite, 30 messages per sender
//   BENCH_MESSAGES=10 npm run bench:conversations                        # the compact form (CI)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:conversations
//
// The load runs in this process and the server in another, on the same cores: other work on the
// machine skews the figures, so the load average is printed.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createCompany } from '@/db/companies';
import { companyMembers, users } from '@/db/schema';
import type { Db } from '@/db/types';
import { signAccessToken } from '@/server/auth/tokens';
import {
  collectServerErrors,
  loadAverage,
  openBenchDb,
  quantile,
  serveApi,
  wholeSetting,
} from './lib/bench-kit';

const COMPANIES = 20;
const MEMBERS = 4; // the owner and 3 recruiters
const STREAMS = COMPANIES * (MEMBERS + 1); // 100
const BUDGET_P99_MS = 1000;
/** BENCH_SKIP_BUDGETS=1: the p99 is printed, not gated (lost or refused messages still fail). */
const SKIP_BUDGETS = process.env.BENCH_SKIP_BUDGETS === '1';

/** Messages each sender writes; the limit allows 30 a minute, so at most 30. */
const MESSAGES = Math.min(30, wholeSetting('BENCH_MESSAGES', process.env.BENCH_MESSAGES, 30, 1));

type TFixture = {
  baseUrl: string;
  label: string;
  /** Per conversation: its id, the talent's token and the members' tokens. */
  conversations: { id: number; talent: string; members: string[] }[];
};

// ---------------------------------------------------------------------------------------------
// The server process: seed, serve, print the fixture, wait to be stopped
// ---------------------------------------------------------------------------------------------

async function seed(db: Db, api: Awaited<ReturnType<typeof serveApi>>) {
  const now = new Date();
  const person = async (isTalent: boolean, name: string) => {
    const [row] = await db
      .insert(users)
      .values({
        email: `${name.toLowerCase().replace(/ /g, '.')}@bench.test`,
        isTalent,
        name,
        lastName: 'Bench',
      })
      .returning();
    const token = await signAccessToken(
      { userId: row!.id, version: row!.tokenVersion },
      api.deps.jwtSecret,
      now,
    );
    return { id: row!.id, token };
  };
  const call = async (method: string, p: string, token: string, body: unknown) => {
    const res = await api.app.request(`/api${p}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: { id: number } };
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
    return json.data!;
  };
  const conversations: TFixture['conversations'] = [];
  for (let i = 0; i < COMPANIES; i++) {
    const owner = await person(false, `Owner ${i}`);
    const company = await createCompany(db, { name: `Bench Co ${i}`, ownerId: owner.id, now });
    const members = [owner.token];
    for (let j = 1; j < MEMBERS; j++) {
      const m = await person(false, `Recruiter ${i} ${j}`);
      await db
        .insert(companyMembers)
        .values({ companyId: company.id, userId: m.id, role: 'recruiter', joinedAt: now });
      members.push(m.token);
    }
    const talent = await person(true, `Talent ${i}`);
    const job = await call('POST', '/jobs', owner.token, {
      name: `Bench job ${i}`,
      summary: 'Node.js and PostgreSQL',
      description: 'Build our API.',
      skills: ['Node.js'],
      contract_type: 'full_time',
      currency: 'USD',
      modality: 'remote',
      country_code: 'AR',
      end_date: null,
    });
    const application = await call('POST', '/job_applications', talent.token, {
      job_id: job.id,
      summary: 'Five years of Node.js.',
      lang: 'en',
    });
    const conversation = await call('POST', '/conversations', talent.token, {
      kind: 'job',
      application_id: application.id,
    });
    conversations.push({ id: conversation.id, talent: talent.token, members });
  }
  return conversations;
}

async function runServer() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-bench-conv-'));
  const errors = collectServerErrors();
  const handle = await openBenchDb(work);
  const stop = async () => {
    if (errors.length > 0) console.error(`server errors logged:\n${errors.join('\n')}`);
    await handle.close().catch(() => {});
    fs.rmSync(work, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => void stop()); // the parent went away
  process.stdin.resume();
  const api = await serveApi(handle.db, work);
  const conversations = await seed(handle.db, api);
  const fixture: TFixture = { baseUrl: api.baseUrl, label: handle.label, conversations };
  process.stdout.write(`FIXTURE ${JSON.stringify(fixture)}\n`);
}

// ---------------------------------------------------------------------------------------------
// The load: 100 streams, 20 senders
// ---------------------------------------------------------------------------------------------

type TStream = { close: () => void };

/** Opens one notification stream; `onMessage` gets each `event: message`'s data. */
function openStream(baseUrl: string, token: string, onMessage: (data: string) => void) {
  return new Promise<TStream>((resolve, reject) => {
    const req = http.get(
      `${baseUrl}/api/notifications/stream`,
      { headers: { Authorization: `Bearer ${token}` }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`a stream answered ${res.statusCode}`));
          res.resume();
          return;
        }
        let buffer = '';
        let ready = false;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event === 'ready' && !ready) {
              ready = true;
              resolve({ close: () => req.destroy() });
            } else if (event === 'message' && data) onMessage(data);
          }
        });
      },
    );
    req.on('error', (err) => {
      if (!(err as NodeJS.ErrnoException).code?.startsWith('ECONNRESET')) reject(err);
    });
  });
}

async function runLoad(fixture: TFixture) {
  const { baseUrl, conversations } = fixture;
  /** When each message's POST began, by its text. */
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let received = 0;
  const onMessage = (data: string) => {
    const { body } = JSON.parse(data) as { body: string };
    const at = sentAt.get(body);
    received++;
    if (at !== undefined) latencies.push(performance.now() - at);
  };
  let t = performance.now();
  const streams: TStream[] = [];
  for (const c of conversations) {
    streams.push(await openStream(baseUrl, c.talent, onMessage));
    for (const m of c.members) streams.push(await openStream(baseUrl, m, onMessage));
  }
  console.log(`${streams.length} streams open in ${Math.round(performance.now() - t)} ms`);

  const agent = new http.Agent({ keepAlive: true, maxSockets: conversations.length });
  const post = (token: string, p: string, body: string) =>
    new Promise<{ status: number; ms: number }>((resolve, reject) => {
      const started = performance.now();
      const req = http.request(
        `${baseUrl}/api${p}`,
        {
          method: 'POST',
          agent,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  const sendLatencies: number[] = [];
  const refused: number[] = [];
  t = performance.now();
  await Promise.all(
    conversations.map(async (c, i) => {
      for (let n = 0; n < MESSAGES; n++) {
        const text = `bench ${i}:${n} ${randomBytes(4).toString('hex')}`;
        sentAt.set(text, performance.now());
        const r = await post(
          c.talent,
          `/conversations/${c.id}/messages`,
          JSON.stringify({ body: text }),
        );
        if (r.status !== 201) refused.push(r.status);
        else sendLatencies.push(r.ms);
      }
    }),
  );
  const sendSeconds = (performance.now() - t) / 1000;
  const sent = conversations.length * MESSAGES - refused.length;
  const expected = sent * (MEMBERS + 1);
  // Wait (bounded) for the deliveries still on their way.
  const deadline = performance.now() + 5000;
  while (received < expected && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  for (const s of streams) s.close();
  agent.destroy();

  latencies.sort((a, b) => a - b);
  sendLatencies.sort((a, b) => a - b);
  const f = (x: number) => `${Math.round(x)}`;
  console.log(
    `${sent} messages from ${conversations.length} senders in ${sendSeconds.toFixed(1)} s ` +
      `(${(sent / sendSeconds).toFixed(0)} messages/s), ${received} of ${expected} deliveries`,
  );
  console.log(
    `send (POST → 201) ms: p50 ${f(quantile(sendLatencies, 0.5))}, p99 ${f(quantile(sendLatencies, 0.99))}`,
  );
  console.log(
    `send → delivery ms: p50 ${f(quantile(latencies, 0.5))}, p90 ${f(quantile(latencies, 0.9))}, ` +
      `p99 ${f(quantile(latencies, 0.99))}, max ${f(latencies.at(-1) ?? NaN)}`,
  );
  const p99 = quantile(latencies, 0.99);
  const failures: string[] = [];
  if (refused.length > 0)
    failures.push(`${refused.length} sends refused (${[...new Set(refused)].join(', ')})`);
  if (received < expected) failures.push(`${expected - received} deliveries lost`);
  if (fixture.label === 'PostgreSQL' && !SKIP_BUDGETS && !(p99 <= BUDGET_P99_MS)) {
    failures.push(`p99 ${f(p99)} ms over the budget of ${BUDGET_P99_MS} ms`);
  }
  console.log(
    `BENCH-CONVERSATIONS ${JSON.stringify({ db: fixture.label, streams: streams.length, senders: conversations.length, messages: sent, p50: Math.round(quantile(latencies, 0.5)), p99: Math.round(p99), max: Math.round(latencies.at(-1) ?? NaN), lost: expected - received })}`,
  );
  return failures;
}

async function main() {
  console.log(
    `bench:conversations (${STREAMS} streams, ${COMPANIES} senders × ${MESSAGES} messages; ` +
      `${loadAverage()})`,
  );
  const self = fileURLToPath(import.meta.url);
  const server: ChildProcess = spawn(process.execPath, [...process.execArgv, self, '--serve'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: process.env,
  });
  const stopServer = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  try {
    const fixture = await new Promise<TFixture>((resolve, reject) => {
      const lines = createInterface({ input: server.stdout! });
      lines.on('line', (line) => {
        if (line.startsWith('FIXTURE ')) resolve(JSON.parse(line.slice(8)) as TFixture);
        else console.log(`server: ${line}`);
      });
      server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
    });
    console.log(`${fixture.label}: seeded ${fixture.conversations.length} conversations`);
    const failures = await runLoad(fixture);
    if (failures.length > 0) {
      console.log(`FAILED: ${failures.join('; ')}`);
      process.exitCode = 1;
    } else console.log(fixture.label === 'PostgreSQL' ? 'budget held' : 'no budget on PGlite');
  } catch (err) {
    console.error(`bench:conversations could not run: ${err instanceof Error ? err.message : err}`);
    process.exitCode = 2;
  } finally {
    await stopServer();
  }
}

if (process.argv.includes('--serve')) void runServer();
else void main().finally(() => process.exit());
