import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import type { DbHandle } from '@/db/types';
import { createApp, type TApp } from '@/server/app';
import type { TDeps } from '@/server/context';
import { diskStorage } from '@/server/storage/storage';
import { createTestApi, OFFLINE_CHAINS, socketFrom, type TJson } from '../helpers/api';
import { createTeam } from '../helpers/companies';
import { hasPostgres, needsPostgres } from '../helpers/db';
import { pipelineFixtures, type TCall } from '../helpers/marketplace';
import { openStream } from '../helpers/sse';
import { statementsOf } from '../helpers/statements';
import { createTalent } from '../helpers/users';

// A conversation's new message reaches every participant's open notification stream as
// `event: message` (docs/api.md "Conversations"), the author's other tabs included, on whichever
// instance the stream is open: the message's transaction runs pg_notify "m:<user>:<message>" for
// each participant. Nobody else hears of it. Notifications keep coming as `event: notification`.
// No wait here reads the wall clock: "nothing else arrives" is proven by a later event that
// comes first (the stream's keep-alive is 15 s away).

type TMessage = { id: number; conversation_id: number; body: string };

describe('messages on the live stream (one instance)', () => {
  let api: Awaited<ReturnType<typeof createTestApi>>;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(async () => api.close());

  it('reaches the talent, every member of the team and the author’s other tab as `event: message`; not another company', async () => {
    const fx = pipelineFixtures(api.call, () => api.clock.now);
    const team = await createTeam(api, { prefix: 'Live' });
    const other = await createTeam(api, { prefix: 'Elsewhere' });
    const talent = await createTalent(api, { name: 'Live Talent' });
    const posting = await fx.post('project', team.owner.token);
    const a = await fx.apply('project', talent.token, posting.id);
    const opened = await api.call('POST', '/conversations', {
      token: talent.token,
      body: { kind: 'project', application_id: a.id },
    });
    const conversationId = (opened.json.data as { id: number }).id;

    const streams = {
      talent: await openStream(api.app, talent.token),
      owner: await openStream(api.app, team.owner.token),
      admin: await openStream(api.app, team.admin.token),
      authorTab: await openStream(api.app, team.recruiter.token),
      outsider: await openStream(api.app, other.owner.token),
    };
    try {
      const sent = await api.call('POST', `/conversations/${conversationId}/messages`, {
        token: team.recruiter.token,
        body: { body: 'When can you start?' },
      });
      expect(sent.status, JSON.stringify(sent.json)).toBe(201);
      const message = sent.json.data as TMessage;
      expect(message.conversation_id).toBe(conversationId);
      for (const [who, sse] of Object.entries(streams)) {
        if (who === 'outsider') continue;
        const e = await sse.next();
        expect(e.event, who).toBe('message');
        expect(JSON.parse(e.data!), who).toEqual(message);
      }
      // The outsider's next event is their own notification, not the message.
      const other_ = await fx.post('project', other.owner.token);
      await fx.apply('project', talent.token, other_.id);
      const e = await streams.outsider.next();
      expect(e.event).toBe('notification');
      expect(JSON.parse(e.data!).type).toBe('application_new');
    } finally {
      for (const sse of Object.values(streams)) await sse.cancel();
    }
  });

  it('reads each message once on an instance, however many of its participants listen there', async () => {
    const fx = pipelineFixtures(api.call, () => api.clock.now);
    const team = await createTeam(api, { prefix: 'Once' });
    const talent = await createTalent(api, { name: 'Once Talent' });
    const posting = await fx.post('project', team.owner.token);
    const a = await fx.apply('project', talent.token, posting.id);
    const c = (
      await api.call('POST', '/conversations', {
        token: talent.token,
        body: { kind: 'project', application_id: a.id },
      })
    ).json.data as { id: number };
    const streams = [
      await openStream(api.app, team.owner.token),
      await openStream(api.app, team.admin.token),
      await openStream(api.app, team.recruiter.token),
      await openStream(api.app, talent.token),
    ];
    try {
      const sql = await statementsOf(api.db, async () => {
        const sent = await api.call('POST', `/conversations/${c.id}/messages`, {
          token: talent.token,
          body: { body: 'One read for all' },
        });
        expect(sent.status).toBe(201);
        for (const sse of streams) expect((await sse.next()).event).toBe('message');
      });
      // The message as the POST answers it (1), and the hub's one read for the four streams.
      const reads = sql.filter((q) => /^select .* from "conversation_messages"/is.test(q));
      expect(reads, sql.join('\n')).toHaveLength(2);
    } finally {
      for (const sse of streams) await sse.cancel();
    }
  });

  it('a message that is refused (blocked) announces nothing', async () => {
    const fx = pipelineFixtures(api.call, () => api.clock.now);
    const team = await createTeam(api, { prefix: 'Quiet' });
    const talent = await createTalent(api, { name: 'Quiet Talent' });
    const posting = await fx.post('project', team.owner.token);
    const a = await fx.apply('project', talent.token, posting.id);
    const c = (
      await api.call('POST', '/conversations', {
        token: team.owner.token,
        body: { kind: 'project', application_id: a.id },
      })
    ).json.data as { id: number };
    await api.call('POST', `/conversations/${c.id}/block`, { token: talent.token });
    const stream = await openStream(api.app, talent.token);
    try {
      const refused = await api.call('POST', `/conversations/${c.id}/messages`, {
        token: team.owner.token,
        body: { body: 'Hello?' },
      });
      expect(refused.status).toBe(409);
      await api.call('DELETE', `/conversations/${c.id}/block`, { token: talent.token });
      const ok = await api.call('POST', `/conversations/${c.id}/messages`, {
        token: team.owner.token,
        body: { body: 'Now it goes' },
      });
      expect(ok.status).toBe(201);
      const e = await stream.next();
      expect(JSON.parse(e.data!).body).toBe('Now it goes');
    } finally {
      await stream.cancel();
    }
  });
});

describe.skipIf(!hasPostgres)(needsPostgres('messages across two app instances'), () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const dbName = `test_${randomBytes(6).toString('hex')}`;
  const jwtSecret = new Uint8Array(randomBytes(32));
  const clock = { now: new Date() };
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-uploads-'));
  const handles: DbHandle[] = [];
  let appA: TApp;
  let appB: TApp;
  let callA: TCall;

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
        { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) },
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
    handles.push(await openDatabase({ kind: 'postgres', url: url.toString() }));
    handles.push(await openDatabase({ kind: 'postgres', url: url.toString() }));
    appA = createApp(depsOver(handles[0]!));
    appB = createApp(depsOver(handles[1]!));
    callA = caller(appA);
  });

  afterAll(async () => {
    for (const h of handles) await h.close();
    const { Client } = await import('pg');
    const drop = new Client({ connectionString: serverUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await drop.end();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('a message sent through app A reaches streams open on app B within 1 s, both ways', async () => {
    const on = { db: handles[0]!.db, deps: { jwtSecret, now: () => clock.now } };
    const fx = pipelineFixtures(callA, () => clock.now);
    const team = await createTeam(on, { prefix: 'Across' });
    const talent = await createTalent(on, { name: 'Across Talent' });
    const posting = await fx.post('job', team.owner.token);
    const a = await fx.apply('job', talent.token, posting.id);
    const opened = await callA('POST', '/conversations', {
      token: team.recruiter.token,
      body: { kind: 'job', application_id: a.id },
    });
    expect(opened.status, JSON.stringify(opened.json)).toBe(201);
    const id = (opened.json.data as { id: number }).id;

    const talentOnB = await openStream(appB, talent.token);
    const recruiterOnB = await openStream(appB, team.recruiter.token);
    try {
      /** Sends through A, and answers the message and how long until `reader` on B had it. */
      const sendAndTime = async (author: string, text: string, reader: typeof talentOnB) => {
        const started = performance.now();
        const sent = await callA('POST', `/conversations/${id}/messages`, {
          token: author,
          body: { body: text },
        });
        expect(sent.status, JSON.stringify(sent.json)).toBe(201);
        const e = await reader.next();
        const elapsed = performance.now() - started;
        expect(e.event).toBe('message');
        expect(JSON.parse(e.data!)).toEqual(sent.json.data);
        expect(elapsed, `delivered after ${Math.round(elapsed)} ms`).toBeLessThan(1000);
        return sent.json.data as TMessage;
      };
      const question = await sendAndTime(
        team.recruiter.token,
        'Can you start on Monday?',
        talentOnB,
      );
      // The author's other tab (on B) has it too.
      const echo = await recruiterOnB.next();
      expect(JSON.parse(echo.data!)).toEqual(question);
      await sendAndTime(talent.token, 'Yes, Monday works.', recruiterOnB);
    } finally {
      await talentOnB.cancel();
      await recruiterOnB.cancel();
    }
  });
});
