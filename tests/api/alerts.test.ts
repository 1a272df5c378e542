import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, savedSearchAlerts } from '@/db/schema';
import { openDatabase } from '@/db/client';
import type { DbHandle } from '@/db/types';
import { createApp } from '@/server/app';
import type { TDeps } from '@/server/context';
import type { TMail } from '@/server/mail/mailer';
import { runDueJobs } from '@/server/queue';
import { alertMatchJob, ALERT_JOBS, queueAlertMatch } from '@/server/services/discovery/alerts';
import { DIGEST_HOUR_UTC, sendDigests } from '@/server/services/notifications/digest';
import { diskStorage } from '@/server/storage/storage';
import { createTestApi, OFFLINE_CHAINS, socketFrom, type TJson } from '../helpers/api';
import { createTeam } from '../helpers/companies';
import { hasPostgres, needsPostgres } from '../helpers/db';
import { pipelineFixtures, type TCall, type TKind } from '../helpers/marketplace';
import { drainQueue } from '../helpers/queue';
import { createBusiness, createTalent, createUser, type TTestUser } from '../helpers/users';

// Alerts of saved searches (docs/product.md "Saved searches and alerts", docs/architecture.md
// "Matching saved searches"): a new posting is matched by the job queue against every saved
// search, and each person it matches is told once (notification, and e-mail as their `alerts`
// choice and the search's alert say), never the posting's own company. Runs on PGlite, and on
// PostgreSQL with TEST_DATABASE_URL (two instances there).

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
});
afterAll(async () => api.close());
beforeEach(async () => api.resetRateLimits());

/** A word no other test's posting or search has. */
const word = () => `zq${randomBytes(4).toString('hex')}`;

async function saveSearch(
  user: TTestUser,
  kind: TKind,
  query: Record<string, unknown>,
  alert = 'instant',
  name = 'My search',
) {
  const r = await api.call('POST', '/saved_searches', {
    token: user.token,
    body: { name, kind, query, alert },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.data as { id: number };
}

const alertsOf = (user: TTestUser) =>
  api.db
    .select({
      message: notifications.message,
      messageEs: notifications.messageEs,
      link: notifications.link,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'alert_match')));

const mailsTo = (user: TTestUser, from = 0) =>
  api.outbox.slice(from).filter((m) => m.to === user.email);

const setAlertsMail = (user: TTestUser, alerts: string) =>
  api.call('PATCH', '/me/email_preferences', { token: user.token, body: { alerts } });

describe('a new posting that matches a saved search', () => {
  it.each([
    ['en', 'New posting for your saved search “Logos”: “'],
    ['es', 'Nueva publicación para tu búsqueda guardada “Logos”: “'],
  ] as const)(
    'notifies the talent once, linking to it, and e-mails them at once (%s)',
    async (lang, text) => {
      const w = word();
      const t = await createTalent(api, { lang });
      await saveSearch(
        t,
        'project',
        { search: w.slice(0, 6), skill: 'design' },
        'instant',
        'Logos',
      );
      const owner = await createBusiness(api);
      const from = api.outbox.length;
      const p = await fx.postProject(owner.token, { name: `Brand ${w}s for a café` });
      const found = await alertsOf(t);
      expect(found).toHaveLength(1);
      expect(found[0]!.link).toBe(`/projects/${p.id}`);
      expect(found[0]!.message).toBe(
        `New posting for your saved search “Logos”: “Brand ${w}s for a café”.`,
      );
      expect(found[0]!.messageEs).toBe(
        `Nueva publicación para tu búsqueda guardada “Logos”: “Brand ${w}s for a café”.`,
      );
      const mails = mailsTo(t, from);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(text);
      expect(mails[0]!.text).toContain(`/projects/${p.id}`);
      // The bell's list shows it too.
      const list = await api.call('GET', '/notifications', { token: t.token });
      expect((list.json.data as { data: { type: string }[] }).data[0]!.type).toBe('alert_match');
    },
  );

  it('a second matching search of the same person does not alert them twice', async () => {
    const w = word();
    const t = await createTalent(api);
    await saveSearch(t, 'project', { search: w });
    await saveSearch(t, 'project', { search: w, modality: 'remote' });
    await saveSearch(t, 'project', { search: w, country: 'pe' }, 'daily');
    const from = api.outbox.length;
    const owner = await createBusiness(api);
    const p = await fx.postProject(owner.token, { name: `Poster ${w}` });
    expect(await alertsOf(t)).toHaveLength(1);
    expect(mailsTo(t, from)).toHaveLength(1);
    const rows = await api.db
      .select()
      .from(savedSearchAlerts)
      .where(eq(savedSearchAlerts.postingId, p.id));
    expect(rows.map((r) => r.userId)).toEqual([t.id]);
  });

  it('a posting matched again (reopened, or its job run twice) alerts nobody a second time', async () => {
    const w = word();
    const t = await createTalent(api);
    await saveSearch(t, 'project', { search: w });
    const owner = await createBusiness(api);
    const from = api.outbox.length;
    const p = await fx.postProject(owner.token, { name: `Poster ${w}` });
    expect(await alertsOf(t)).toHaveLength(1);
    // A second search saved since matches it too: still once per person and posting.
    await saveSearch(t, 'project', { search: w, skill: 'design' });
    await api.db.transaction((tx) => queueAlertMatch(tx, 'project', p.id));
    await drainQueue(api.deps);
    await alertMatchJob({ kind: 'project', posting_id: p.id }, api.deps);
    expect(await alertsOf(t)).toHaveLength(1);
    expect(mailsTo(t, from)).toHaveLength(1);
  });

  it('matches each word as the beginning of a word of the posting, accents and case aside', async () => {
    const w = word();
    const t = await createTalent(api);
    const wrongPrefix = await createTalent(api);
    const middle = await createTalent(api);
    await saveSearch(t, 'project', { search: `DISEÑ ${w.toUpperCase()}` });
    await saveSearch(wrongPrefix, 'project', { search: `${w}x` });
    await saveSearch(middle, 'project', { search: w.slice(2) });
    const owner = await createBusiness(api);
    await fx.postProject(owner.token, { name: `Diseño de ${w}` });
    expect(await alertsOf(t)).toHaveLength(1);
    expect(await alertsOf(wrongPrefix)).toHaveLength(0);
    expect(await alertsOf(middle)).toHaveLength(0);
  });

  it('does not alert a search it does not match by word, skill, country, modality, pay, currency or kind', async () => {
    const w = word();
    const owner = await createBusiness(api);
    const cases: [string, TKind, Record<string, unknown>][] = [
      ['word', 'project', { search: `${w} gardening` }],
      ['skill', 'project', { search: w, skill: 'Figma' }],
      ['country', 'project', { search: w, country: 'MX' }],
      ['modality', 'project', { search: w, modality: 'onsite' }],
      ['pay above', 'project', { search: w, min_pay: 1501, currency: 'USD' }],
      ['pay below', 'project', { search: w, max_pay: 1499, currency: 'USD' }],
      ['currency', 'project', { search: w, min_pay: 1000, currency: 'EUR' }],
      ['kind', 'job', { search: w }],
    ];
    const matching = await createTalent(api);
    await saveSearch(matching, 'project', {
      search: w,
      skill: 'Design',
      country: 'PE',
      modality: 'remote',
      min_pay: 1500,
      max_pay: 1500,
      currency: 'USD',
    });
    // A search of filters that are no term (pay only) is matched too.
    const payOnly = await createTalent(api);
    await saveSearch(payOnly, 'project', { min_pay: 1500, currency: 'USD' });
    const others: [string, TTestUser][] = [];
    for (const [what, kind, query] of cases) {
      const t = await createTalent(api);
      await saveSearch(t, kind, query);
      others.push([what, t]);
    }
    // 150,000 cents: 1,500 USD.
    await fx.postProject(owner.token, { name: `Poster ${w}`, budget: 150_000, currency: 'USD' });
    expect(await alertsOf(matching)).toHaveLength(1);
    expect(await alertsOf(payOnly)).toHaveLength(1);
    for (const [what, t] of others) expect(await alertsOf(t), what).toHaveLength(0);
  });

  it("matches a job by contract type and by its salary range in the search's currency", async () => {
    const w = word();
    const owner = await createBusiness(api);
    const yes = await createTalent(api);
    const noContract = await createTalent(api);
    const noPay = await createTalent(api);
    const otherCurrency = await createTalent(api);
    await saveSearch(yes, 'job', {
      search: w,
      contract: 'full_time',
      min_pay: 4000,
      currency: 'USD',
    });
    await saveSearch(noContract, 'job', { search: w, contract: 'internship' });
    await saveSearch(noPay, 'job', { search: w, min_pay: 5001, currency: 'USD' });
    // The same amount in yen is not dollars.
    await saveSearch(otherCurrency, 'job', { search: w, max_pay: 5000, currency: 'JPY' });
    // 300,000 to 500,000 cents: 3,000 to 5,000 USD.
    const j = await fx.postJob(owner.token, { name: `Engineer ${w}` });
    const found = await alertsOf(yes);
    expect(found.map((n) => n.link)).toEqual([`/jobs/${j.id}`]);
    expect(await alertsOf(noContract)).toHaveLength(0);
    expect(await alertsOf(noPay)).toHaveLength(0);
    expect(await alertsOf(otherCurrency)).toHaveLength(0);
  });

  it("never alerts the posting's own company: owner, admin and recruiter", async () => {
    const w = word();
    const team = await createTeam(api, { prefix: `Alerts ${w}` });
    for (const member of [team.owner, team.admin, team.recruiter, team.outsider, team.talent]) {
      await saveSearch(member, 'project', { search: w });
    }
    await fx.postProject(team.owner.token, { name: `Poster ${w}` });
    for (const member of [team.owner, team.admin, team.recruiter]) {
      expect(await alertsOf(member)).toHaveLength(0);
    }
    expect(await alertsOf(team.outsider)).toHaveLength(1);
    expect(await alertsOf(team.talent)).toHaveLength(1);
  });

  it('a posting no longer recruiting when its job runs alerts nobody', async () => {
    const w = word();
    const t = await createTalent(api);
    await saveSearch(t, 'project', { search: w });
    const owner = await createBusiness(api);
    // Its job is run by hand after the cancellation, as a worker busy elsewhere would.
    const r = await api.app.request(
      '/api/projects',
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: `Poster ${w}`,
          summary: 'A logo',
          description: 'Vector files.',
          skills: ['Design'],
          budget: 100_000,
          currency: 'USD',
          weeks: 2,
          modality: 'remote',
        }),
      },
      socketFrom(),
    );
    const p = ((await r.json()) as TJson).data as { id: number };
    const c = await api.call('DELETE', '/projects', { token: owner.token, body: { id: p.id } });
    expect(c.status, JSON.stringify(c.json)).toBe(200);
    await drainQueue(api.deps);
    expect(await alertsOf(t)).toHaveLength(0);
  });

  it('alerts off: nothing; the search is kept', async () => {
    const w = word();
    const t = await createTalent(api);
    await saveSearch(t, 'project', { search: w }, 'off');
    const owner = await createBusiness(api);
    const from = api.outbox.length;
    await fx.postProject(owner.token, { name: `Poster ${w}` });
    expect(await alertsOf(t)).toHaveLength(0);
    expect(mailsTo(t, from)).toHaveLength(0);
  });
});

describe('how an alert is e-mailed', () => {
  let day = 0;
  beforeEach(() => {
    day += 2;
    api.clock.now = new Date(Date.UTC(2032, 0, day, 10));
  });
  const tomorrowAt = (hour: number) => new Date(Date.UTC(2032, 0, day + 1, hour));
  const digest = () => sendDigests({ db: api.db, now: api.clock.now, deps: api.deps });

  /** A talent whose search (`alert`) matches a new posting, with `mail` as their alerts choice. */
  async function alerted(alert: string, mail: string) {
    const w = word();
    const t = await createTalent(api);
    expect((await setAlertsMail(t, mail)).status).toBe(200);
    await saveSearch(t, 'project', { search: w }, alert);
    const owner = await createBusiness(api);
    const from = api.outbox.length;
    await fx.postProject(owner.token, { name: `Poster ${w}` });
    return { t, from, w };
  }

  it('an instant search, e-mail at once: notified and e-mailed now', async () => {
    const { t, from } = await alerted('instant', 'instant');
    expect(await alertsOf(t)).toHaveLength(1);
    expect(mailsTo(t, from)).toHaveLength(1);
  });

  it('an instant search, alerts e-mailed daily: notified now, e-mailed in the next digest', async () => {
    const { t, from, w } = await alerted('instant', 'daily');
    expect(await alertsOf(t)).toHaveLength(1);
    expect(mailsTo(t, from)).toHaveLength(0);
    api.clock.now = tomorrowAt(DIGEST_HOUR_UTC);
    await digest();
    const mails = mailsTo(t, from);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Poster ${w}`);
  });

  it('an instant search, alerts e-mail off: notified, never e-mailed', async () => {
    const { t, from } = await alerted('instant', 'off');
    expect(await alertsOf(t)).toHaveLength(1);
    api.clock.now = tomorrowAt(DIGEST_HOUR_UTC);
    await drainQueue(api.deps);
    await digest();
    expect(mailsTo(t, from)).toHaveLength(0);
  });

  it('a daily search: notified now, its e-mail only in the digest even when alerts are e-mailed at once', async () => {
    const { t, from, w } = await alerted('daily', 'instant');
    expect(await alertsOf(t)).toHaveLength(1);
    await drainQueue(api.deps);
    expect(mailsTo(t, from)).toHaveLength(0);
    api.clock.now = tomorrowAt(DIGEST_HOUR_UTC - 1);
    await drainQueue(api.deps);
    await digest();
    expect(mailsTo(t, from)).toHaveLength(0);
    api.clock.now = tomorrowAt(DIGEST_HOUR_UTC);
    await drainQueue(api.deps);
    await digest();
    const mails = mailsTo(t, from);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.messageId).toMatch(/^<digest\./);
    expect(mails[0]!.text).toContain(`Poster ${w}`);
  });

  it('a daily search, alerts e-mail off: notified, never e-mailed', async () => {
    const { t, from } = await alerted('daily', 'off');
    expect(await alertsOf(t)).toHaveLength(1);
    api.clock.now = tomorrowAt(DIGEST_HOUR_UTC);
    await drainQueue(api.deps);
    await digest();
    expect(mailsTo(t, from)).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Two instances on one PostgreSQL database
// ---------------------------------------------------------------------------------------------

describe('two instances', () => {
  it.skipIf(!hasPostgres)(
    needsPostgres('a posting created on one instance is alerted once, not twice'),
    async () => {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const { Client } = await import('pg');
      const name = `test_${randomBytes(6).toString('hex')}`;
      const admin = new Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const handles: DbHandle[] = [];
      const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-uploads-'));
      try {
        const first = await openDatabase({ kind: 'postgres', url: url.toString() });
        handles.push(first);
        const second = await openDatabase({ kind: 'postgres', url: url.toString() });
        handles.push(second);
        const clock = { now: new Date() };
        const sent: TMail[] = [];
        const jwtSecret = new Uint8Array(randomBytes(32));
        const depsOver = (handle: DbHandle): TDeps => ({
          getDb: async () => handle.db,
          now: () => clock.now,
          jwtSecret,
          mailer: { send: async (mail) => void sent.push(mail) },
          google: { clientId: 'test.apps.googleusercontent.com', jwksUrl: 'http://127.0.0.1:9/' },
          verificationsEmail: 'verify@talentchain.test',
          storage: diskStorage(uploadsDir),
          appUrl: 'http://app.test',
          trustProxy: 0,
          chains: OFFLINE_CHAINS,
        });
        const deps1 = depsOver(first);
        const deps2 = depsOver(second);
        // Instance one answers the request; no worker runs its jobs yet.
        const app = createApp(deps1);
        const call: TCall = async (method, p, opts = {}) => {
          const headers: Record<string, string> = { 'Content-Type': 'application/json' };
          if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
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
        const f = pipelineFixtures(call, () => clock.now);
        const w = word();
        const talents: TTestUser[] = [];
        for (let i = 0; i < 5; i++) {
          const t = await createUser(first.db, deps1, { isTalent: true });
          const r = await call('POST', '/saved_searches', {
            token: t.token,
            body: { name: 'Mine', kind: 'project', query: { search: w } },
          });
          expect(r.status).toBe(201);
          talents.push(t);
        }
        const owner = await createUser(first.db, deps1, { isTalent: false });
        const p = await f.postProject(owner.token, { name: `Poster ${w}` });
        // Both instances run at once: the queued job (one of them takes it), and the match
        // itself on each (as when a job is retried while the first run has not finished).
        await Promise.all([
          runDueJobs(deps1, ALERT_JOBS),
          runDueJobs(deps2, ALERT_JOBS),
          alertMatchJob({ kind: 'project', posting_id: p.id }, deps1),
          alertMatchJob({ kind: 'project', posting_id: p.id }, deps2),
        ]);
        await Promise.all([drainQueue(deps1), drainQueue(deps2)]);
        for (const t of talents) {
          const rows = await first.db
            .select({ id: notifications.id })
            .from(notifications)
            .where(and(eq(notifications.userId, t.id), eq(notifications.type, 'alert_match')));
          expect(rows).toHaveLength(1);
          expect(sent.filter((m) => m.to === t.email)).toHaveLength(1);
        }
      } finally {
        for (const h of handles) await h.close();
        const drop = new Client({ connectionString: serverUrl });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
        fs.rmSync(uploadsDir, { recursive: true, force: true });
      }
    },
  );
});
