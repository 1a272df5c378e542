import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '@/db/client';
import type { Db, DbHandle } from '@/db/types';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { MAX_STREAMS_PER_USER, subscribe } from '@/server/services/notifications/hub';
import { createApp, type TApp } from '@/server/app';
import type { TDeps } from '@/server/context';
import { diskStorage } from '@/server/storage/storage';
import { createTestApi, OFFLINE_CHAINS, socketFrom, type TJson } from '../helpers/api';
import { hasPostgres, needsPostgres } from '../helpers/db';
import { sseReader, type TEvent } from '../helpers/sse';
import { addMember } from '../helpers/companies';
import { createUser, type TTestUser, createBusiness, createTalent } from '../helpers/users';
import {
  pipelineFixtures,
  type TCall,
  type TNotification,
  businessTalentApplication,
} from '../helpers/marketplace';

// The live notifications (docs/api.md "Notifications", docs/architecture.md "Live
// notifications"): GET /notifications/stream is Server-Sent Events over the usual Authorization
// header. It sends `event: ready` first, then `event: notification` with the notification's JSON
// for each new row of the caller, within 2 seconds, on whichever instance the row was written:
// each instance LISTENs on the database and every insert runs pg_notify in its transaction.
//
// No check here reads the wall clock: a notification is proven pushed as it is written when it
// is the very next event, before the stream's first keep-alive (KEEP_ALIVE_MS, 15 s: the only
// timer that wakes a stream), and "nothing else arrives" by a later event that comes first.
const { shortlisted, hired, rejected } = APPLICATION_STATUS;

/** Opens the stream in process (`app.request`), as the browser's fetch would. */
async function openStream(app: TApp, token?: string, pathAndQuery = '/notifications/stream') {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  return app.request(`/api${pathAndQuery}`, { headers }, socketFrom());
}

/** The caller's newest notification, from the list. */
async function newestOf(call: TCall, token: string) {
  const r = await call('GET', '/notifications?per_page=1', { token });
  expect(r.status).toBe(200);
  return (r.json.data as { data: TNotification[] }).data[0]!;
}

/** An event that carries `n`: `event: notification`, its id, and its JSON as data. */
function expectNotificationEvent(e: TEvent, n: TNotification) {
  expect(e.event).toBe('notification');
  expect(e.id).toBe(String(n.id));
  expect(JSON.parse(e.data!)).toEqual(n);
}

/** Serves `app` over real HTTP on 127.0.0.1 (port 0), with its open connections countable. */
async function serve(app: TApp) {
  const server = http.createServer(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const connections = () =>
    new Promise<number>((resolve, reject) =>
      server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
    );
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { origin, connections, close };
}

/**
 * Opens the stream over real HTTP with node's own client (one connection of its own, closed when
 * the body is cancelled; fetch's pool would open a spare one).
 */
function httpStream(origin: string, token: string) {
  return new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    body: ReadableStream<Uint8Array>;
  }>((resolve, reject) => {
    const req = http.get(
      `${origin}/api/notifications/stream`,
      { headers: { Authorization: `Bearer ${token}` }, agent: false },
      (res) =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Readable.toWeb(res) as ReadableStream<Uint8Array>,
        }),
    );
    req.on('error', reject);
  });
}

/** The real one, also while a test runs the app's timers on the fake clock. */
const realSetTimeout = globalThis.setTimeout;

/**
 * Waits until `check` holds, asking again every 20 ms (what it reads has no event to wait for:
 * a server's connection count, the database's list of connections); the test's timeout bounds
 * the wait, not this.
 */
async function eventually(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((r) => realSetTimeout(r, 20));
}

/**
 * Subscribes to the hub of `db` for `userId` (an observer of its own, like one more stream):
 * `delivered` resolves with the next notification the hub hands out for that user, so a test
 * can wait until one was delivered.
 */
async function hubObserver(db: Db, userId: number) {
  let deliver!: (n: unknown) => void;
  const next = new Promise<unknown>((resolve) => (deliver = resolve));
  const stop = await subscribe(db, userId, deliver);
  return { delivered: next.finally(stop) };
}

// ---------------------------------------------------------------------------------------------

describe('GET /notifications/stream (one instance)', () => {
  let api: Awaited<ReturnType<typeof createTestApi>>;
  let fx: ReturnType<typeof pipelineFixtures>;
  let owner: TTestUser;
  beforeAll(async () => {
    api = await createTestApi();
    fx = pipelineFixtures(api.call, () => api.clock.now);
    owner = await createBusiness(api, { name: 'Owner' });
  });
  afterAll(async () => api?.close());

  const talent = () => createTalent(api, { name: 'Tala' });

  it('sends `event: ready` first, then each new notification of the caller as it is written (before any keep-alive)', async () => {
    const t = await talent();
    const p = await fx.postProject(owner.token, { name: 'Streamed project' });
    const a = await fx.applyProject(t.token, p.id);

    const res = await openStream(api.app, t.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Nothing on the way may hold events back (docs/architecture.md "Live notifications").
    expect(res.headers.get('cache-control')).toContain('no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const sse = sseReader(res.body!);
    const ready = await sse.next();
    expect(ready).toMatchObject({ event: 'ready', data: '{}' });

    // A status change made through the API: the very next event, no keep-alive before it.
    await fx.move('project', owner.token, a.id, shortlisted);
    const first = await sse.next();
    const listed = await newestOf(api.call, t.token);
    expect(listed).toMatchObject({ type: 'application_status', been_clicked: false });
    expectNotificationEvent(first, listed);

    // A rejection, with its reason in the data.
    await fx.move('project', owner.token, a.id, rejected, 'Budget cut.');
    const second = await sse.next();
    expectNotificationEvent(second, await newestOf(api.call, t.token));
    expect(JSON.parse(second.data!).message).toContain('Reason: Budget cut.');
    await sse.cancel();
  });

  it('a status notification replaced by a newer move is announced again under its id, with the new text, unread', async () => {
    const t = await talent();
    const p = await fx.postProject(owner.token);
    const a = await fx.applyProject(t.token, p.id);
    await fx.move('project', owner.token, a.id, shortlisted);
    const before = await newestOf(api.call, t.token);
    await api.call('PATCH', '/notifications/clicked', { token: t.token, body: { id: before.id } });
    const sse = sseReader((await openStream(api.app, t.token)).body!);
    expect((await sse.next()).event).toBe('ready');
    api.clock.now = new Date(api.clock.now.getTime() + 60_000);
    await fx.move('project', owner.token, a.id, hired);
    const event = await sse.next();
    const after = await newestOf(api.call, t.token);
    expectNotificationEvent(event, after);
    expect(after).toMatchObject({
      id: before.id,
      message: expect.stringContaining('You were hired'),
      been_clicked: false,
      created_at: api.clock.now.toISOString(),
    });
    await sse.cancel();
  });

  it('carries only the caller’s own notifications', async () => {
    const t = await talent();
    const other = await talent();
    const p = await fx.postProject(owner.token);
    const mine = await fx.applyProject(t.token, p.id);
    const theirs = await fx.applyProject(other.token, p.id);
    const sse = sseReader((await openStream(api.app, t.token)).body!);
    expect((await sse.next()).event).toBe('ready');
    // The other talent's status change and the owner's "new application" are not for this stream.
    await fx.move('project', owner.token, theirs.id, hired);
    await fx.applyProject((await talent()).token, p.id);
    // Its own, written after those, is the next event: none of theirs came before it.
    await fx.move('project', owner.token, mine.id, shortlisted);
    expectNotificationEvent(await sse.next(), await newestOf(api.call, t.token));
    await sse.cancel();
  });

  it('delivers to every open stream of the user (two tabs), and the owner’s to the owner', async () => {
    const t = await talent();
    const boss = await createBusiness(api);
    const p = await fx.postProject(boss.token);
    const tabs = [
      sseReader((await openStream(api.app, t.token)).body!),
      sseReader((await openStream(api.app, t.token)).body!),
    ];
    const bossTab = sseReader((await openStream(api.app, boss.token)).body!);
    for (const s of [...tabs, bossTab]) expect((await s.next()).event).toBe('ready');

    const a = await fx.applyProject(t.token, p.id);
    const newApplication = await bossTab.next();
    expectNotificationEvent(newApplication, await newestOf(api.call, boss.token));
    expect(JSON.parse(newApplication.data!).type).toBe('application_new');

    await fx.move('project', boss.token, a.id, hired);
    const n = await newestOf(api.call, t.token);
    for (const s of tabs) expectNotificationEvent(await s.next(), n);
    // Starting sends `project_started` to the hired talent.
    await fx.start(boss.token, p.id);
    const started = await newestOf(api.call, t.token);
    expect(started.type).toBe('project_started');
    for (const s of tabs) expectNotificationEvent(await s.next(), started);
    // Ready to close reaches the owner.
    const ready = await api.call('POST', '/project_applications/readytoclose', {
      token: t.token,
      body: { id: a.id },
    });
    expect(ready.status).toBe(200);
    const readyEvent = await bossTab.next();
    expect(JSON.parse(readyEvent.data!).type).toBe('ready_to_close');
    for (const s of [...tabs, bossTab]) await s.cancel();
  });

  it('answers 401 without a valid token in the Authorization header, never reading one from the URL', async () => {
    const t = await talent();
    for (const res of [
      await openStream(api.app),
      await openStream(api.app, 'not-a-token'),
      await openStream(api.app, undefined, `/notifications/stream?access_token=${t.token}`),
      await openStream(api.app, undefined, `/notifications/stream?token=${t.token}`),
    ]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await res.json()) as TJson).toMatchObject({ status: false, code: 'unauthorized' });
    }
  });

  it('closes cleanly when the reader cancels, and a new stream picks up the next one', async () => {
    const t = await talent();
    const p = await fx.postProject(owner.token);
    const a = await fx.applyProject(t.token, p.id);
    const res = await openStream(api.app, t.token);
    const sse = sseReader(res.body!);
    expect((await sse.next()).event).toBe('ready');
    await sse.cancel();
    await sse.reader.closed;
    // A notification for the closed stream's user goes nowhere, and breaks nothing (the hub has
    // handed it out before the next stream opens).
    const hub = await hubObserver(api.db, t.id);
    await fx.move('project', owner.token, a.id, shortlisted);
    await hub.delivered;
    // Reopened: only what is new from now on.
    const again = sseReader((await openStream(api.app, t.token)).body!);
    expect((await again.next()).event).toBe('ready');
    await fx.move('project', owner.token, a.id, hired);
    const e = await again.next();
    expectNotificationEvent(e, await newestOf(api.call, t.token));
    expect(JSON.parse(e.data!).message).toContain('Congratulations!');
    await again.cancel();
  });

  it(`refuses a user's ${MAX_STREAMS_PER_USER + 1}th open stream with 429 and Retry-After, and takes one again once one closes`, async () => {
    const t = await talent();
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const sse = sseReader((await openStream(api.app, t.token)).body!);
      expect((await sse.next()).event).toBe('ready');
      open.push(sse);
    }
    const refused = await openStream(api.app, t.token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('30');
    expect(await refused.json()).toMatchObject({ status: false, code: 'rate_limited' });
    // Another user is not affected.
    const other = await openStream(api.app, (await talent()).token);
    expect(other.status).toBe(200);
    await other.body!.cancel();
    await open[0]!.cancel();
    await open[0]!.reader.closed;
    // The place is given back as the stream's end reaches the server.
    let reopened: Response | undefined;
    await eventually(async () => {
      const res = await openStream(api.app, t.token);
      if (res.status === 200) reopened = res;
      return res.status === 200;
    });
    const again = sseReader(reopened!.body!);
    expect((await again.next()).event).toBe('ready');
    for (const sse of [...open.slice(1), again]) await sse.cancel();
  });

  it('ends when its token is revoked (a password change), delivering nothing more', async () => {
    const t = await talent();
    const p = await fx.postProject(owner.token);
    const a = await fx.applyProject(t.token, p.id);
    const sse = sseReader((await openStream(api.app, t.token)).body!);
    expect((await sse.next()).event).toBe('ready');
    const changed = await api.call('POST', '/users/password', {
      token: t.token,
      body: {
        current_password: t.password,
        new_password: 'another long passphrase 2026',
        confirm_new_password: 'another long passphrase 2026',
      },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    await fx.move('project', owner.token, a.id, shortlisted);
    // The stream closes instead of carrying the notification to the old token.
    await expect(sse.next()).rejects.toThrow('the stream ended');
    expect((await openStream(api.app, t.token)).status).toBe(401);
  });

  it('over real HTTP: events arrive on the socket, and a client that leaves frees its connection', async () => {
    const server = await serve(api.app);
    try {
      const t = await talent();
      const p = await fx.postProject(owner.token);
      const a = await fx.applyProject(t.token, p.id);
      const res = await httpStream(server.origin, t.token);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(res.headers['cache-control']).toContain('no-transform');
      expect(res.headers['x-accel-buffering']).toBe('no');
      const sse = sseReader(res.body);
      expect((await sse.next()).event).toBe('ready');
      await fx.move('project', owner.token, a.id, shortlisted);
      expectNotificationEvent(await sse.next(), await newestOf(api.call, t.token));
      expect(await server.connections()).toBe(1);
      await sse.cancel();
      await eventually(async () => (await server.connections()) === 0);
      // The server goes on: the next stream works.
      const sse2 = sseReader((await httpStream(server.origin, t.token)).body);
      expect((await sse2.next()).event).toBe('ready');
      await fx.move('project', owner.token, a.id, hired);
      expectNotificationEvent(await sse2.next(), await newestOf(api.call, t.token));
      await sse2.cancel();
    } finally {
      await server.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------

/**
 * Two app instances over one PostgreSQL database, as behind a load balancer: two database
 * handles opened on the same URL (each with its own pool and its own LISTEN connection) and two
 * apps sharing only the database and the token key.
 */
describe.skipIf(!hasPostgres)(needsPostgres('two app instances over one PostgreSQL'), () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const dbName = `test_${randomBytes(6).toString('hex')}`;
  const jwtSecret = new Uint8Array(randomBytes(32));
  const clock = { now: new Date() };
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-uploads-'));
  const handles: DbHandle[] = [];
  let appA: TApp;
  let appB: TApp;
  let callA: TCall;
  let callB: TCall;

  const depsOver = (handle: DbHandle): TDeps => ({
    getDb: async () => handle.db,
    now: () => clock.now,
    jwtSecret,
    mailer: { send: async () => {} },
    google: { clientId: 'test-client.apps.googleusercontent.com', jwksUrl: 'http://127.0.0.1:9/' },
    verificationsEmail: 'verify@talentchain.test',
    storage: diskStorage(uploadsDir),
    appUrl: 'http://app.test',
    trustProxy: 0,
    chains: OFFLINE_CHAINS,
  });

  const caller =
    (app: TApp): TCall =>
    async (method, p, opts = {}) => {
      const headers: Record<string, string> = {};
      if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
      if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await app.request(
        `/api${p}`,
        {
          method,
          headers,
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        },
        socketFrom(),
      );
      return { status: res.status, json: (await res.json()) as TJson };
    };

  beforeAll(async () => {
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    // One after the other: the second finds the migrations done.
    handles.push(await openDatabase({ kind: 'postgres', url: url.toString() }));
    handles.push(await openDatabase({ kind: 'postgres', url: url.toString() }));
    expect(handles[0]!.db).not.toBe(handles[1]!.db);
    appA = createApp(depsOver(handles[0]!));
    appB = createApp(depsOver(handles[1]!));
    callA = caller(appA);
    callB = caller(appB);
  });

  afterAll(async () => {
    for (const h of handles) await h.close();
    const { Client } = await import('pg');
    const drop = new Client({ connectionString: serverUrl });
    await drop.connect();
    for (let i = 0; i < 100; i++) {
      const { rows } = await drop.query(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [dbName],
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await drop.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await drop.end();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('a status change through app A reaches a stream opened on app B as it is written (before any keep-alive)', async () => {
    const fxA = pipelineFixtures(callA, () => clock.now);
    const deps = { jwtSecret, now: () => clock.now };
    const {
      business: owner,
      talent: t,
      posting: p,
      application: a,
    } = await businessTalentApplication(
      { call: callA, db: handles[0]!.db, deps },
      { fx: fxA, posting: { name: 'Across instances' } },
    );

    // The talent's browser is on instance B (real HTTP), the owner's on instance A.
    const server = await serve(appB);
    try {
      const res = await httpStream(server.origin, t.token);
      expect(res.status).toBe(200);
      const sse = sseReader(res.body);
      expect((await sse.next()).event).toBe('ready');

      await fxA.move('project', owner.token, a.id, shortlisted);
      const e = await sse.next();
      // The same row whichever instance reads it.
      const n = await newestOf(callB, t.token);
      expect(await newestOf(callA, t.token)).toEqual(n);
      expectNotificationEvent(e, n);

      // And the other way round: the owner streams on A, the talent's writes go through B.
      const ownerStream = sseReader((await openStream(appA, owner.token)).body!);
      expect((await ownerStream.next()).event).toBe('ready');
      await fxA.move('project', owner.token, a.id, hired);
      await fxA.start(owner.token, p.id);
      const ready = await callB('POST', '/project_applications/readytoclose', {
        token: t.token,
        body: { id: a.id, lang: 'es' },
      });
      expect(ready.status, JSON.stringify(ready.json)).toBe(200);
      const readyEvent = await ownerStream.next();
      expectNotificationEvent(readyEvent, await newestOf(callA, owner.token));
      expect(JSON.parse(readyEvent.data!).type).toBe('ready_to_close');
      // Meanwhile B's stream got the hire and the start, in order.
      const hiredEvent = await sse.next();
      const startedEvent = await sse.next();
      expect(JSON.parse(hiredEvent.data!).message).toContain('Congratulations!');
      expect(JSON.parse(startedEvent.data!).type).toBe('project_started');
      await ownerStream.cancel();
      await sse.cancel();
    } finally {
      await server.close();
    }
  });

  it('a dropped LISTEN connection is reopened; open streams end (the client reads the list again), new ones get the next notifications once', async () => {
    const fxA = pipelineFixtures(callA, () => clock.now);
    const deps = { jwtSecret, now: () => clock.now };
    const {
      business: owner,
      talent: t,
      application: a,
    } = await businessTalentApplication({ call: callA, db: handles[0]!.db, deps }, { fx: fxA });
    const sse = sseReader((await openStream(appB, t.token)).body!);
    expect((await sse.next()).event).toBe('ready');
    // A stream on A as well, so that both instances listen whatever ran before this test.
    const onA = sseReader((await openStream(appA, owner.token)).body!);
    expect((await onA.next()).event).toBe('ready');

    const { Client } = await import('pg');
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    const listeners = async () =>
      (
        await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN %'`,
          [dbName],
        )
      ).rows;
    try {
      expect(await listeners()).toHaveLength(2);
      // The database goes away for a moment (as in a restart): the LISTEN connections drop and
      // the first attempts to reopen them are refused. The instances' waits between attempts
      // run on the fake clock (nothing else in them sets a timer meanwhile), so the test moves
      // them on and sees each attempt scheduled.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
      for (const { pid } of await listeners()) {
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      }
      await eventually(async () => (await listeners()).length === 0);
      // Each instance waits 1 s before its first attempt...
      await eventually(async () => vi.getTimerCount() === 2);
      await vi.advanceTimersByTimeAsync(1000);
      // ...which is refused, and schedules the next one (2 s later).
      await eventually(async () => vi.getTimerCount() === 2);
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
      await vi.advanceTimersByTimeAsync(2000);
      vi.useRealTimers();
      // Reopened, once per instance.
      await eventually(async () => (await listeners()).length === 2);
      // What was written during the gap was never announced: the open stream ends, so that its
      // client reconnects and reads the list again.
      await expect(sse.next()).rejects.toThrow('the stream ended');
      await expect(onA.next()).rejects.toThrow('the stream ended');

      const again = sseReader((await openStream(appB, t.token)).body!);
      expect((await again.next()).event).toBe('ready');
      await fxA.move('project', owner.token, a.id, shortlisted);
      expectNotificationEvent(await again.next(), await newestOf(callB, t.token));
      // Exactly once: the next event is the next notification, not the first one again from a
      // second LISTEN of the same instance.
      await fxA.move('project', owner.token, a.id, hired);
      expectNotificationEvent(await again.next(), await newestOf(callB, t.token));
      await again.cancel();
      expect(await listeners()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
      await admin.end();
      await sse.cancel();
      await onA.cancel();
    }
  }, 30_000);

  it('a stream that cannot LISTEN answers 503 (the client polls); the next one listens, once', async () => {
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    const handleC = await openDatabase({ kind: 'postgres', url: url.toString() });
    const appC = createApp(depsOver(handleC));
    const callC = caller(appC);
    const deps = { jwtSecret, now: () => clock.now };
    const t = await createUser(handleC.db, deps, { isTalent: true });
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    const listening = async () =>
      (
        await admin.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = $1 AND query LIKE 'LISTEN %'`,
          [dbName],
        )
      ).rows[0]!.n;
    try {
      // The instance's pool has a connection for the request itself; LISTEN needs a new one.
      expect((await callC('GET', '/notifications', { token: t.token })).status).toBe(200);
      const before = await listening();
      // The app's timers run on the fake clock from here: a retry it schedules is seen firing.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
      const refused = await openStream(appC, t.token);
      expect(refused.status).toBe(503);
      expect((await refused.json()) as TJson).toMatchObject({ status: false, code: 'unavailable' });
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
      // Past every delay a dropped connection waits before it is reopened (1 s, up to 10 s): a
      // refused first LISTEN must not be retried in the background as well as by the next
      // stream. A retry would start now, before the next stream's own LISTEN.
      await vi.advanceTimersByTimeAsync(11_000);
      vi.useRealTimers();
      const sse = sseReader((await openStream(appC, t.token)).body!);
      expect((await sse.next()).event).toBe('ready');
      expect(await listening()).toBe(before + 1);
      await sse.cancel();
    } finally {
      vi.useRealTimers();
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
      await admin.end();
      await handleC.close();
    }
  }, 30_000);

  it('a member removed from a company through app A: their open stream on app B ends', async () => {
    const on = { db: handles[0]!.db, deps: { jwtSecret, now: () => clock.now } };
    const owner = await createBusiness(on, { name: 'Owner' });
    const member = await createBusiness(on, { name: 'Member', company: false });
    await addMember(on, owner.companyId!, member.id, 'recruiter');
    const sse = sseReader((await openStream(appB, member.token)).body!);
    expect((await sse.next()).event).toBe('ready');
    const removed = await callA('DELETE', `/companies/${owner.companyId}/members/${member.id}`, {
      token: owner.token,
    });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    // Ended by the control message on the notifications channel (before any keep-alive).
    await expect(sse.next()).rejects.toThrow('the stream ended');
    // The client reconnects; no longer a member, the company tells them so.
    expect((await openStream(appB, member.token)).status).toBe(200);
    const next = await callB('GET', `/companies/${owner.companyId}/members`, {
      token: member.token,
    });
    expect(next.status).toBe(403);
    expect(next.json).toMatchObject({ message: 'You are no longer a member of this company.' });
  });

  it('each instance LISTENs on one connection of its own, which closing its database ends', async () => {
    const listening = async () => {
      // node-postgres answers `{rows}` (the Db type leaves it open).
      const { rows } = (await handles[0]!.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query like 'LISTEN %'`,
      )) as unknown as { rows: { n: number }[] };
      return rows[0]!.n;
    };
    // Both instances have had streams open: one LISTEN connection each, however many streams.
    const streams = await Promise.all(
      [appA, appA, appB].map(async (app) => {
        const deps = { jwtSecret, now: () => clock.now };
        const user = await createUser(handles[0]!.db, deps, { isTalent: true });
        const s = sseReader((await openStream(app, user.token)).body!);
        expect((await s.next()).event).toBe('ready');
        return s;
      }),
    );
    expect(await listening()).toBe(2);
    for (const s of streams) await s.cancel();
    // Instance B shuts down: its pool and its LISTEN connection go.
    await handles[1]!.close();
    handles.splice(1, 1);
    await eventually(async () => (await listening()) === 1);
  });
});
