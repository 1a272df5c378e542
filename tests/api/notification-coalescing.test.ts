import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '@/db/schema';
import { openDatabase } from '@/db/client';
import type { DbHandle } from '@/db/types';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { createApp } from '@/server/app';
import type { TDeps } from '@/server/context';
import type { TMail, TMailer } from '@/server/mail/mailer';
import { purgeExpiredRows } from '@/server/services/housekeeping';
import { COALESCE_SECONDS, sendDueMails } from '@/server/services/notifications/mail-outbox';
import { diskStorage } from '@/server/storage/storage';
import { createTestApi, OFFLINE_CHAINS, socketFrom, type TJson } from '../helpers/api';
import { hasPostgres, needsPostgres } from '../helpers/db';
import { withFailingStatement } from '../helpers/statements';
import { createUser, type TTestUser, createBusiness, createTalent } from '../helpers/users';
import { pipelineFixtures, type TCall, businessTalentApplication } from '../helpers/marketplace';
import { drainQueue } from '../helpers/queue';

// Coalescing (docs/security.md "Coalescing"): the moves of one application within 10 minutes
// leave one notification, replaced by each newer one, and at most one e-mail per 10 minutes, the
// later ones waiting in the outbox for the end of the window with the latest state. The outbox
// is written in the move's transaction and swept by any instance: it survives a restart, sends
// each e-mail once however many senders run, and keeps an e-mail whose send failed.

const { applied, shortlisted, hired, rejected } = APPLICATION_STATUS;
const WINDOW_MS = COALESCE_SECONDS * 1000;

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
});
afterAll(async () => api.close());

const at = (ms: number) => new Date(ms);
const moveClock = (ms: number) => {
  api.clock.now = at(api.clock.now.getTime() + ms);
};
const sweep = (mailer?: TMailer) =>
  sendDueMails({
    db: api.db,
    now: api.clock.now,
    deps: mailer ? { ...api.deps, mailer } : api.deps,
  });
const mailsTo = (user: TTestUser, from = 0) =>
  api.outbox.slice(from).filter((m) => m.to === user.email);

/** A fresh owner's project with one applicant. */
async function applicant(opts: { lang?: 'en' | 'es' } = {}) {
  const scene = await businessTalentApplication(api, {
    fx,
    talent: opts,
    posting: { name: `Shop ${randomBytes(3).toString('hex')}` },
  });
  return { owner: scene.business, t: scene.talent, p: scene.posting, a: scene.application };
}

describe('the notification of an application', () => {
  it('a move within 10 minutes of its last status notification replaces it: new text and time, unread again, same id', async () => {
    const { owner, t, p, a } = await applicant();
    await fx.move('project', owner.token, a.id, shortlisted);
    const [first] = (await fx.notificationsOf(t.token)).data;
    expect(first).toMatchObject({ type: 'application_status', been_clicked: false });
    await api.call('PATCH', '/notifications/clicked', { token: t.token, body: { id: first!.id } });

    moveClock(3 * 60_000);
    await fx.move('project', owner.token, a.id, rejected, 'We chose another profile.');
    let page = await fx.notificationsOf(t.token);
    expect(page.total).toBe(1);
    expect(page.unread).toBe(1);
    expect(page.data[0]).toEqual({
      id: first!.id,
      type: 'application_status',
      message: `Your application to “${p.name}” was not selected.\nReason: We chose another profile.`,
      message_es: `Tu postulación a “${p.name}” no fue seleccionada.\nMotivo: We chose another profile.`,
      link: `/projects/${p.id}`,
      been_clicked: false,
      created_at: api.clock.now.toISOString(),
    });

    // The window follows the notification's time: 9 minutes after the replacement, still one.
    moveClock(9 * 60_000);
    await fx.move('project', owner.token, a.id, applied);
    page = await fx.notificationsOf(t.token);
    expect(page.data.map((n) => n.id)).toEqual([first!.id]);
    expect(page.data[0]!.message).toContain('is under review again');

    // 10 minutes after it, the next move is a notification of its own, newest first.
    moveClock(WINDOW_MS);
    await fx.move('project', owner.token, a.id, hired);
    page = await fx.notificationsOf(t.token);
    expect(page.total).toBe(2);
    expect(page.data[0]!.message).toContain('You were hired');
    expect(page.data[1]).toMatchObject({ id: first!.id });
    // The owner's own notification (the application) was never touched.
    expect((await fx.notificationsOf(owner.token)).data).toMatchObject([
      { type: 'application_new' },
    ]);
  });

  it('each application has its own: moving two applicants of one talent, or two talents, replaces nothing of the other', async () => {
    const { owner, t, a } = await applicant();
    const q = await fx.postProject(owner.token);
    const b = await fx.applyProject(t.token, q.id);
    const other = await createTalent(api);
    const c = await fx.applyProject(other.token, q.id);
    await fx.move('project', owner.token, a.id, shortlisted);
    await fx.move('project', owner.token, b.id, shortlisted);
    await fx.move('project', owner.token, c.id, shortlisted);
    await fx.move('project', owner.token, b.id, hired);
    expect((await fx.notificationsOf(t.token)).total).toBe(2);
    expect((await fx.notificationsOf(other.token)).total).toBe(1);
  });

  it('a posting that closes adds a notification of its own: it does not replace the status one', async () => {
    const { owner, t, p, a } = await applicant();
    await fx.move('project', owner.token, a.id, shortlisted);
    const r = await api.call('DELETE', '/projects', { token: owner.token, body: { id: p.id } });
    expect(r.status).toBe(200);
    const types = (await fx.notificationsOf(t.token)).data.map((n) => n.type);
    expect(types).toEqual(['posting_closed', 'application_status']);
  });
});

describe('the e-mails of an application', () => {
  it('the first goes at once; moves within 10 minutes send nothing, but one e-mail with the state at send time leaves when the window ends', async () => {
    const { owner, t, p, a } = await applicant();
    const mark = api.outbox.length;
    const sentAt = api.clock.now.getTime();
    await fx.move('project', owner.token, a.id, shortlisted);
    expect(mailsTo(t, mark).map((m) => m.subject)).toEqual([
      `TalentChain: Good news: your application to “${p.name}” was shortlisted.`,
    ]);

    moveClock(60_000);
    await fx.move('project', owner.token, a.id, hired);
    moveClock(60_000);
    await fx.move('project', owner.token, a.id, rejected, 'The budget was cut.');
    expect(mailsTo(t, mark)).toHaveLength(1);
    // The talent switches language while it waits: the e-mail is written when it leaves.
    await api.db.update(users).set({ lang: 'es' }).where(eq(users.id, t.id));

    api.clock.now = at(sentAt + WINDOW_MS - 1000);
    await sweep();
    expect(mailsTo(t, mark)).toHaveLength(1);
    api.clock.now = at(sentAt + WINDOW_MS);
    await sweep();
    const mails = mailsTo(t, mark);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`Tu postulación a “${p.name}” no fue seleccionada.`);
    expect(mails[1]!.text).toContain('Motivo: The budget was cut.');
    expect(mails[1]!.text).toContain(`/es/projects/${p.id}`);
    await sweep();
    expect(mailsTo(t, mark)).toHaveLength(2);

    // A move within 10 minutes of that e-mail waits again; one after them goes at once.
    moveClock(5 * 60_000);
    await fx.move('project', owner.token, a.id, applied);
    expect(mailsTo(t, mark)).toHaveLength(2);
    moveClock(5 * 60_000);
    await sweep();
    expect(mailsTo(t, mark)).toHaveLength(3);
    moveClock(WINDOW_MS);
    await fx.move('project', owner.token, a.id, shortlisted);
    expect(mailsTo(t, mark)).toHaveLength(4);
  });

  it('a posting that closes within the window e-mails "Position closed." when the window ends', async () => {
    const { owner, t, p, a } = await applicant();
    const mark = api.outbox.length;
    const sentAt = api.clock.now.getTime();
    await fx.move('project', owner.token, a.id, shortlisted);
    moveClock(60_000);
    expect(
      (await api.call('DELETE', '/projects', { token: owner.token, body: { id: p.id } })).status,
    ).toBe(200);
    expect(mailsTo(t, mark)).toHaveLength(1);
    api.clock.now = at(sentAt + WINDOW_MS);
    await sweep();
    const mails = mailsTo(t, mark);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Reason: Position closed.');
  });

  it('each application has its own window: moving two applicants e-mails both at once', async () => {
    const { owner, t, p } = await applicant();
    const other = await createTalent(api);
    const b = await fx.applyProject(other.token, p.id);
    const [a] = (await fx.board('project', owner.token, p.id)).data;
    const mark = api.outbox.length;
    await fx.move('project', owner.token, a!.id, shortlisted);
    await fx.move('project', owner.token, b.id, shortlisted);
    expect(mailsTo(t, mark)).toHaveLength(1);
    expect(mailsTo(other, mark)).toHaveLength(1);
  });

  it('a move whose transaction fails leaves no e-mail in the outbox, and sends none', async () => {
    const { owner, t, a } = await applicant();
    const mark = api.outbox.length;
    await withFailingStatement(
      api.db,
      (q) => /pg_notify/.test(q),
      async () => {
        const r = await fx.changeStatus('project', owner.token, {
          application_id: a.id,
          status: shortlisted,
        });
        expect(r.status).toBe(500);
      },
    );
    expect(await api.db.select().from(mailOutbox).where(eq(mailOutbox.userId, t.id))).toEqual([]);
    expect(mailsTo(t, mark)).toEqual([]);
    await sweep();
    expect(mailsTo(t, mark)).toEqual([]);
  });

  it('a failed send stays in the outbox and leaves on a later sweep, once', async () => {
    const { owner, t, a } = await applicant();
    let failures = 2;
    const flaky: TMailer = {
      send: async (mail) => {
        if (mail.to === t.email && failures-- > 0) throw new Error('SMTP unavailable');
        api.outbox.push(mail);
      },
    };
    const mark = api.outbox.length;
    // The request's own send fails (the move still succeeds) …
    const failing = await createTestApiLike(flaky);
    expect(
      (
        await failing.call('POST', '/project_applications/changeApplicationStatus', {
          token: owner.token,
          body: { application_id: a.id, status: shortlisted, lang: 'en' },
        })
      ).status,
    ).toBe(200);
    expect(mailsTo(t, mark)).toEqual([]);
    // … so does the next sweep, a minute later; the one after that sends it.
    moveClock(60_000);
    expect(await sweep(flaky)).toEqual({ sent: 0, failed: 1 });
    await sweep(flaky); // not yet due again: a minute more per failure
    expect(mailsTo(t, mark)).toEqual([]);
    moveClock(2 * 60_000);
    expect(await sweep(flaky)).toEqual({ sent: 1, failed: 0 });
    expect(mailsTo(t, mark)).toHaveLength(1);
    moveClock(WINDOW_MS);
    expect(await sweep(flaky)).toEqual({ sent: 0, failed: 0 });
    expect(mailsTo(t, mark)).toHaveLength(1);
  });

  it('a move while its e-mail is being sent: that e-mail counts as sent, the newer state leaves when the window ends', async () => {
    const { owner, t, a } = await applicant();
    await fx.move('project', owner.token, a.id, shortlisted);
    moveClock(60_000);
    await fx.move('project', owner.token, a.id, hired);
    moveClock(WINDOW_MS);
    const mark = api.outbox.length;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sending!: () => void;
    const started = new Promise<void>((resolve) => (sending = resolve));
    const slow: TMailer = {
      send: async (mail) => {
        sending();
        await held;
        api.outbox.push(mail);
      },
    };
    const sweepAt = api.clock.now.getTime();
    const sweeping = sweep(slow);
    await started;
    await fx.move('project', owner.token, a.id, rejected, 'Changed our minds.');
    release();
    await sweeping;
    expect(mailsTo(t, mark).map((m) => m.text.split('\n')[0])).toEqual([
      expect.stringContaining('You were hired'),
    ]);
    const [row] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.userId, t.id));
    expect(row!.dueAt?.getTime()).toBe(sweepAt + WINDOW_MS);
    api.clock.now = at(sweepAt + WINDOW_MS);
    await sweep();
    expect(mailsTo(t, mark).map((m) => m.text.split('\n')[0])).toEqual([
      expect.stringContaining('You were hired'),
      expect.stringContaining('was not selected'),
    ]);
  });

  it('several sweeps at once send each due e-mail once', async () => {
    const owner = await createBusiness(api);
    const p = await fx.postProject(owner.token);
    const talents: TTestUser[] = [];
    for (let i = 0; i < 8; i++) {
      const t = await createTalent(api);
      const app = await fx.applyProject(t.token, p.id);
      await fx.move('project', owner.token, app.id, shortlisted); // sent at once
      await fx.move('project', owner.token, app.id, hired); // pending
      talents.push(t);
    }
    moveClock(WINDOW_MS);
    const mark = api.outbox.length;
    const results = await Promise.all([sweep(), sweep(), sweep(), sweep()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(8);
    for (const t of talents) expect(mailsTo(t, mark)).toHaveLength(1);
  });

  it('housekeeping deletes what no longer holds an e-mail back, and keeps what is pending', async () => {
    const { owner, t, a } = await applicant();
    await fx.move('project', owner.token, a.id, shortlisted);
    moveClock(60_000);
    await fx.move('project', owner.token, a.id, hired);
    const rows = () => api.db.select().from(mailOutbox).where(eq(mailOutbox.userId, t.id));
    await purgeExpiredRows(api.db, at(api.clock.now.getTime() + 2 * WINDOW_MS));
    expect(await rows()).toHaveLength(1); // pending
    moveClock(WINDOW_MS);
    await sweep();
    await purgeExpiredRows(api.db, api.clock.now);
    expect(await rows()).toHaveLength(1); // its window runs
    await purgeExpiredRows(api.db, at(api.clock.now.getTime() + WINDOW_MS));
    expect(await rows()).toEqual([]);
  });
});

/** The test API's database and clock behind an app whose mailer is `mailer`. */
async function createTestApiLike(mailer: TMailer) {
  const deps = { ...api.deps, mailer };
  const app = createApp(deps);
  const call: TCall = async (method, p, opts = {}) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    const res = await app.request(
      `/api${p}`,
      { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) },
      socketFrom(),
    );
    const json = (await res.json()) as TJson;
    await drainQueue(deps); // its e-mails' jobs, as this instance's worker would run them
    return { status: res.status, json };
  };
  return { call };
}

// ---------------------------------------------------------------------------------------------
// One database opened again (a restart) and by two instances at once (PostgreSQL)
// ---------------------------------------------------------------------------------------------

/** A database that outlives its handles: a PGlite directory, or a database on the server. */
async function durableDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-outbox-'));
    return {
      open: () => openDatabase({ kind: 'pglite', dataDir: dir }),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const { Client } = await import('pg');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    open: () => openDatabase({ kind: 'postgres', url: url.toString() }),
    drop: async () => {
      const drop = new Client({ connectionString: serverUrl });
      await drop.connect();
      for (let i = 0; i < 50; i++) {
        const { rows } = await drop.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

describe('the outbox outlives the server', () => {
  const clock = { now: new Date() };
  const jwtSecret = new Uint8Array(randomBytes(32));
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-uploads-'));
  let database: Awaited<ReturnType<typeof durableDatabase>>;
  const open: DbHandle[] = [];
  beforeAll(async () => {
    database = await durableDatabase();
  });
  afterAll(async () => {
    for (const h of open) await h.close();
    await database.drop();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  const depsOver = (handle: DbHandle, sent: TMail[]): TDeps => ({
    getDb: async () => handle.db,
    now: () => clock.now,
    jwtSecret,
    mailer: { send: async (mail) => void sent.push(mail) },
    google: { clientId: 'test-client.apps.googleusercontent.com', jwksUrl: 'http://127.0.0.1:9/' },
    verificationsEmail: 'verify@talentchain.test',
    storage: diskStorage(uploadsDir),
    appUrl: 'http://app.test',
    trustProxy: 0,
    chains: OFFLINE_CHAINS,
  });
  const callOver = (deps: TDeps): TCall => {
    const app = createApp(deps);
    return async (method, p, opts = {}) => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
      const res = await app.request(
        `/api${p}`,
        { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) },
        socketFrom(),
      );
      const json = (await res.json()) as TJson;
      await drainQueue(deps); // its e-mails' jobs, as this instance's worker would run them
      return { status: res.status, json };
    };
  };

  it('a pending e-mail written before a restart leaves after it, with the latest state, once', async () => {
    const before = await database.open();
    const sentBefore: TMail[] = [];
    const deps = depsOver(before, sentBefore);
    const call = callOver(deps);
    const f = pipelineFixtures(call, () => clock.now);
    const {
      business: owner,
      talent: t,
      posting: p,
      application: a,
    } = await businessTalentApplication({ call, db: before.db, deps }, { fx: f });
    await f.move('project', owner.token, a.id, shortlisted);
    await f.move('project', owner.token, a.id, hired);
    // (The owner's e-mail about the new application left too: docs/product.md "E-mail that respects people".)
    expect(sentBefore.filter((m) => m.to === t.email)).toHaveLength(1);
    await before.close(); // the server stops with an e-mail pending

    clock.now = at(clock.now.getTime() + WINDOW_MS);
    const after = await database.open();
    open.push(after);
    const sentAfter: TMail[] = [];
    const env = { db: after.db, now: clock.now, deps: depsOver(after, sentAfter) };
    expect(await sendDueMails(env)).toEqual({ sent: 1, failed: 0 });
    expect(sentAfter.map((m) => [m.to, m.text.split('\n')[0]])).toEqual([
      [t.email, `Congratulations! You were hired for “${p.name}”.`],
    ]);
    expect(await sendDueMails(env)).toEqual({ sent: 0, failed: 0 });
  });

  it.skipIf(!hasPostgres)(
    needsPostgres('two instances sweeping at once send each due e-mail once'),
    async () => {
      const first = await database.open();
      open.push(first);
      const other = await database.open();
      open.push(other);
      const sent: TMail[] = [];
      const deps = depsOver(first, sent);
      const f = pipelineFixtures(callOver(deps), () => clock.now);
      const owner = await createUser(first.db, deps, { isTalent: false });
      const p = await f.postProject(owner.token);
      const emails: string[] = [];
      for (let i = 0; i < 60; i++) {
        const t = await createUser(first.db, deps, { isTalent: true });
        const a = await f.applyProject(t.token, p.id);
        await f.move('project', owner.token, a.id, shortlisted);
        await f.move('project', owner.token, a.id, rejected, 'Another profile.');
        emails.push(t.email);
      }
      clock.now = at(clock.now.getTime() + WINDOW_MS);
      const mark = sent.length;
      // No e-mail leaves before two sweeps are sending at once: their claims overlap for sure,
      // whatever the machine's speed (one sweep claims at most 50 of the 60).
      const sending = new Set<number>();
      let overlap!: () => void;
      const overlapping = new Promise<void>((resolve) => (overlap = resolve));
      const slowly = (handle: DbHandle, sweep: number) => ({
        db: handle.db,
        now: clock.now,
        deps: {
          ...deps,
          mailer: {
            send: async (mail: TMail) => {
              sending.add(sweep);
              if (sending.size >= 2) overlap();
              await overlapping;
              sent.push(mail);
            },
          },
        },
      });
      const results = await Promise.all([
        sendDueMails(slowly(first, 1)),
        sendDueMails(slowly(other, 2)),
        sendDueMails(slowly(first, 3)),
        sendDueMails(slowly(other, 4)),
      ]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(60);
      expect(results.filter((r) => r.sent > 0).length).toBeGreaterThan(1);
      const late = sent.slice(mark);
      expect(late.map((m) => m.to).sort()).toEqual([...emails].sort());
      expect(late.every((m) => m.text.includes('Reason: Another profile.'))).toBe(true);
    },
    60_000,
  );
});
