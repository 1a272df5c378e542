import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operatorAudit, reports, reviews, users } from '@/db/schema';
import { recordMatches } from '@/server/services/discovery/matching';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { setSsrDeps } from '@/server/ssr/context';
import { createTestApi } from '../helpers/api';
import { getServerSidePropsOf, pageContext, serverPageFiles } from '../helpers/pages';
import { openStream } from '../helpers/sse';
import { createTeam } from '../helpers/companies';
import {
  errorsOf,
  expectRefusal,
  pipelineFixtures,
  PROPOSAL,
  type TKind,
  type TPosting,
} from '../helpers/marketplace';
import { createBusiness, createTalent, type TTestUser } from '../helpers/users';

// Reports, hiding and suspension (docs/api.md "Reports", "Operators"; docs/product.md "Reports
// and suspension"): who may report what, the daily limit, the operators' decisions and what they
// take out of sight, the suspension and its sign-in refusal, and that the operators' calls answer
// nobody else (404). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
let operator: TTestUser;

beforeAll(async () => {
  api = await createTestApi({ operators: ['listed@talentchain.test'] });
  fx = pipelineFixtures(api.call, () => api.clock.now);
  operator = await createBusiness(api, { name: 'Olga' });
  await api.db.update(users).set({ isOperator: true }).where(eq(users.id, operator.id));
});
afterAll(async () => api.close());
beforeEach(async () => api.resetRateLimits());

type TReport = {
  id: number;
  target_kind: string;
  target_id: number;
  posting_kind: string | null;
  status: string;
  created_at: string;
};
type TQueueItem = TReport & {
  target: { label: string; url: string | null; hidden: boolean };
  author: { id: number; name: string; last_name: string; email: string; suspended: boolean };
  reporter: { id: number; name: string; last_name: string } | null;
  reason: string;
  note: string | null;
  resolved_by: { id: number; name: string; last_name: string } | null;
  resolved_at: string | null;
};

const report = (token: string | undefined, body: unknown, ip?: string) =>
  api.call('POST', '/reports', { token, body, ip });

async function reportOk(token: string, body: Record<string, unknown>) {
  const r = await report(token, { reason: 'Spam and a fake offer', ...body });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  expect(r.json).toMatchObject({
    message: 'Report sent. The operators will review it.',
    message_es: 'Denuncia enviada. Los operadores la revisarán.',
  });
  return r.json.data as TReport;
}

const reportPosting = (token: string, p: { id: number }, kind: TKind = 'project') =>
  reportOk(token, { target_kind: 'posting', target_id: p.id, posting_kind: kind });

async function resolve(id: number, body: Record<string, unknown>, token = operator.token) {
  return api.call('POST', `/admin/reports/${id}/resolve`, { token, body });
}

/** What each decision says it did, in both languages. */
const RESOLVED: Record<string, [string, string]> = {
  dismiss: ['Report dismissed.', 'Denuncia descartada.'],
  hide: ['Content hidden.', 'Contenido ocultado.'],
  suspend: ['Account suspended.', 'Cuenta suspendida.'],
};

async function resolveOk(id: number, body: Record<string, unknown>) {
  const r = await resolve(id, body);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  const [message, message_es] = RESOLVED[body.action as string]!;
  expect(r.json).toMatchObject({ message, message_es });
  return r.json.data as TQueueItem;
}

async function queue(status: 'open' | 'resolved', per_page = 50) {
  const r = await api.call('GET', `/admin/reports?status=${status}&per_page=${per_page}`, {
    token: operator.token,
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as { data: TQueueItem[]; total: number; last_page: number };
}

const searchIds = async (kind: TKind, name: string, token?: string) => {
  const path = kind === 'project' ? '/projects' : '/jobs';
  const r = await api.call('GET', `${path}?search=${encodeURIComponent(name)}`, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return (r.json.data as { data: TPosting[] }).data.map((p) => p.id);
};

const pageStatus = async (kind: TKind, id: number, token?: string) =>
  (await api.call('GET', `/${kind}s/${id}`, { token })).status;

const audits = async () => api.db.select().from(operatorAudit).orderBy(operatorAudit.id);

describe('POST /reports', () => {
  it('a signed-in user reports a posting; its author is recorded; signed out is 401', async () => {
    const biz = await createBusiness(api);
    const reporter = await createTalent(api, { name: 'Rita' });
    const posting = await fx.post('job', biz.token, { name: 'Too good to be true' });
    const made = await reportPosting(reporter.token, posting, 'job');
    expect(made).toEqual({
      id: expect.any(Number),
      target_kind: 'posting',
      target_id: posting.id,
      posting_kind: 'job',
      status: 'open',
      created_at: expect.any(String),
    });
    const [row] = await api.db.select().from(reports).where(eq(reports.id, made.id));
    expect(row).toMatchObject({ reporterId: reporter.id, targetUserId: biz.id });
    expectRefusal(
      await report(undefined, { target_kind: 'profile', target_id: biz.id, reason: 'x' }),
      401,
      'unauthorized',
    );
  });

  it('validates: kind, id, reason 1–1000, a posting needs its kind', async () => {
    const t = await createTalent(api);
    const r1 = await report(t.token, { target_kind: 'posting', target_id: 1, reason: 'x' });
    expectRefusal(r1, 400, 'invalid_input');
    expect(errorsOf(r1.json).map((e) => e.path)).toContain('posting_kind');
    const r2 = await report(t.token, {
      target_kind: 'company',
      target_id: 'abc',
      reason: ' '.repeat(3),
    });
    expectRefusal(r2, 400, 'invalid_input');
    expect(
      errorsOf(r2.json)
        .map((e) => e.path)
        .sort(),
    ).toEqual(['reason', 'target_id', 'target_kind']);
    const r3 = await report(t.token, {
      target_kind: 'profile',
      target_id: t.id + 1000,
      reason: 'y'.repeat(1001),
    });
    expect(errorsOf(r3.json).map((e) => [e.path, e.code])).toEqual([['reason', 'too_long']]);
  });

  it('404 for what does not exist or the reporter cannot see; 409 for their own thing', async () => {
    const biz = await createBusiness(api);
    const t = await createTalent(api);
    const posting = await fx.post('project', biz.token);
    // A project's id named as a job (forged kind), an id that does not exist.
    const missing = [
      { target_kind: 'posting', target_id: posting.id + 100000, posting_kind: 'project' },
      { target_kind: 'profile', target_id: 2_000_000_000 },
      { target_kind: 'message', target_id: 2_000_000_000 },
      { target_kind: 'review', target_id: 2_000_000_000 },
    ];
    for (const body of missing) {
      expectRefusal(await report(t.token, { ...body, reason: 'x' }), 404, 'not_found');
    }
    expectRefusal(
      await report(biz.token, {
        target_kind: 'posting',
        target_id: posting.id,
        posting_kind: 'project',
        reason: 'x',
      }),
      409,
      'conflict',
    );
    expectRefusal(
      await report(t.token, { target_kind: 'profile', target_id: t.id, reason: 'x' }),
      409,
      'conflict',
    );
  });

  it('a message only in one’s own conversation; never one’s own message', async () => {
    const team = await createTeam(api, { prefix: 'Msg' });
    const applicant = await createTalent(api, { name: 'Ana' });
    const stranger = await createTalent(api, { name: 'Sam' });
    const posting = await fx.post('project', team.owner.token);
    const application = await fx.apply('project', applicant.token, posting.id);
    const conv = await api.call('POST', '/conversations', {
      token: applicant.token,
      body: { kind: 'project', application_id: application.id },
    });
    const convId = (conv.json.data as { id: number }).id;
    const sent = await api.call('POST', `/conversations/${convId}/messages`, {
      token: team.owner.token,
      body: { body: 'Send me your bank password' },
    });
    const messageId = (sent.json.data as { id: number }).id;
    const body = { target_kind: 'message', target_id: messageId, reason: 'Phishing' };
    // Someone else's conversation: as if there were no such message.
    expectRefusal(await report(stranger.token, body), 404, 'not_found');
    expectRefusal(await report(team.outsider.token, body), 404, 'not_found');
    expectRefusal(await report(team.owner.token, body), 409, 'conflict');
    const made = await reportOk(applicant.token, body);
    const [row] = await api.db.select().from(reports).where(eq(reports.id, made.id));
    expect(row!.targetUserId).toBe(team.owner.id);
  });

  it('a review only once it is visible (both sides wrote or the window ended)', async () => {
    const biz = await createBusiness(api);
    const talent = await createTalent(api);
    const reader = await createTalent(api);
    const [review] = await api.db
      .insert(reviews)
      .values({
        kind: 'project',
        applicationId: 999_999,
        side: 'company',
        companyId: biz.companyId!,
        talentId: talent.id,
        authorId: biz.id,
        rating: 1,
        body: 'Terrible',
      })
      .returning();
    const body = { target_kind: 'review', target_id: review!.id, reason: 'Insults' };
    expectRefusal(await report(reader.token, body), 404, 'not_found');
    await api.db.insert(reviews).values({
      kind: 'project',
      applicationId: 999_999,
      side: 'talent',
      companyId: biz.companyId!,
      talentId: talent.id,
      authorId: talent.id,
      rating: 5,
      body: 'Fine',
    });
    await reportOk(reader.token, body);
    expectRefusal(await report(biz.token, body), 409, 'conflict');
  });

  it('the same open report again is 409; once resolved it may be made again', async () => {
    const biz = await createBusiness(api);
    const t = await createTalent(api);
    const posting = await fx.post('project', biz.token);
    const first = await reportPosting(t.token, posting);
    const again = await report(t.token, {
      target_kind: 'posting',
      target_id: posting.id,
      posting_kind: 'project',
      reason: 'Again',
    });
    expectRefusal(again, 409, 'conflict');
    await resolveOk(first.id, { action: 'dismiss' });
    await reportPosting(t.token, posting);
  });

  it('at most 10 a day, 429 with Retry-After after; a refused one writes nothing', async () => {
    const t = await createTalent(api);
    const bizes = await Promise.all(Array.from({ length: 11 }, () => createTalent(api)));
    for (const b of bizes.slice(0, 10)) {
      await reportOk(t.token, { target_kind: 'profile', target_id: b.id });
    }
    const eleventh = await report(t.token, {
      target_kind: 'profile',
      target_id: bizes[10]!.id,
      reason: 'x',
    });
    expectRefusal(eleventh, 429, 'rate_limited');
    expect(Number(eleventh.res.headers.get('Retry-After'))).toBeGreaterThan(0);
    const rows = await api.db.select().from(reports).where(eq(reports.reporterId, t.id));
    expect(rows).toHaveLength(10);
    // A day later the count starts again.
    api.clock.now = new Date(api.clock.now.getTime() + 24 * 3600 * 1000 + 1000);
    await reportOk(t.token, { target_kind: 'profile', target_id: bizes[10]!.id });
  });

  it('11 reports at once: exactly 10 are written', async () => {
    const t = await createTalent(api);
    const bizes = await Promise.all(Array.from({ length: 11 }, () => createTalent(api)));
    const answers = await Promise.all(
      bizes.map((b) =>
        report(t.token, { target_kind: 'profile', target_id: b.id, reason: 'Race' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(10).fill(201), 429]);
    const rows = await api.db.select().from(reports).where(eq(reports.reporterId, t.id));
    expect(rows).toHaveLength(10);
  });
});

describe('the operators’ calls answer nobody else', () => {
  it('404 for talents, businesses, a company’s members, anonymous, a bad token and a listed address not confirmed', async () => {
    const team = await createTeam(api, { prefix: 'Auth' });
    const talent = await createTalent(api);
    const listed = await createTalent(api, { email: 'listed@talentchain.test' });
    const target = await createBusiness(api);
    const posting = await fx.post('project', target.token);
    const made = await reportPosting(talent.token, posting);
    const callers: (string | undefined)[] = [
      talent.token,
      team.owner.token,
      team.admin.token,
      team.recruiter.token,
      listed.token,
      undefined,
      'not-a-token',
    ];
    const calls: [string, string, unknown?][] = [
      ['GET', '/admin/reports'],
      ['GET', '/admin/reports?status=resolved'],
      ['POST', `/admin/reports/${made.id}/resolve`, { action: 'suspend' }],
      ['GET', `/admin/users/${target.id}`],
      ['POST', `/admin/users/${target.id}/unsuspend`],
    ];
    for (const [method, path, body] of calls) {
      for (const token of callers) {
        const r = await api.call(method, path, { token, body });
        expect(r.status, `${method} ${path} as ${token?.slice(0, 8)}`).toBe(404);
      }
    }
    // Nothing happened.
    const [row] = await api.db.select().from(reports).where(eq(reports.id, made.id));
    expect(row!.status).toBe('open');
    // The listed address counts once confirmed (OPERATORS).
    await api.db
      .update(users)
      .set({ emailVerifiedAt: api.clock.now })
      .where(eq(users.id, listed.id));
    expect((await api.call('GET', '/admin/reports', { token: listed.token })).status).toBe(200);
    expect(
      (await api.call('GET', `/admin/users/${target.id}`, { token: operator.token })).json,
    ).toMatchObject({ data: { id: target.id, suspended: false } });
  });
});

describe('the queue and its decisions', () => {
  it('lists open reports oldest first with the thing, author and reporter; resolved newest first', async () => {
    const biz = await createBusiness(api, { name: 'Bruno' });
    const t = await createTalent(api, { name: 'Rita' });
    const posting = await fx.post('project', biz.token, { name: 'Queue posting' });
    const a = await reportPosting(t.token, posting);
    api.clock.now = new Date(api.clock.now.getTime() + 1000);
    const b = await reportOk(t.token, { target_kind: 'profile', target_id: biz.id });
    const open = await queue('open');
    const ids = open.data.map((r) => r.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(open.data.find((r) => r.id === a.id)).toMatchObject({
      target_kind: 'posting',
      posting_kind: 'project',
      target: { label: 'Queue posting', url: `/projects/${posting.id}`, hidden: false },
      author: { id: biz.id, name: 'Bruno', email: biz.email, suspended: false },
      reporter: { id: t.id, name: 'Rita' },
      reason: 'Spam and a fake offer',
      status: 'open',
      resolved_by: null,
    });
    expect(open.data.find((r) => r.id === b.id)!.target.url).toBe(`/talents/${biz.id}`);
    await resolveOk(a.id, { action: 'dismiss', note: 'Looks fine' });
    api.clock.now = new Date(api.clock.now.getTime() + 1000);
    await resolveOk(b.id, { action: 'dismiss' });
    const resolved = await queue('resolved');
    const rIds = resolved.data.map((r) => r.id);
    expect(rIds.indexOf(b.id)).toBeLessThan(rIds.indexOf(a.id));
    expect(resolved.data.find((r) => r.id === a.id)).toMatchObject({
      status: 'dismissed',
      note: 'Looks fine',
      resolved_by: { id: operator.id, name: 'Olga' },
      resolved_at: expect.any(String),
    });
    expect((await queue('open')).data.map((r) => r.id)).not.toContain(a.id);
  });

  it('dismiss resolves the thing’s other open reports, is audited, and a second decision is 409', async () => {
    const biz = await createBusiness(api);
    const [t1, t2] = [await createTalent(api), await createTalent(api)];
    const posting = await fx.post('project', biz.token);
    const second = await fx.post('project', biz.token);
    const r1 = await reportPosting(t1.token, posting);
    const r2 = await reportPosting(t2.token, posting);
    // Another thing's reports stay open: the profile, another posting.
    const other = await reportOk(t1.token, { target_kind: 'profile', target_id: biz.id });
    const otherPosting = await reportPosting(t1.token, second);
    await resolveOk(r1.id, { action: 'dismiss', note: 'ok' });
    const rows = await api.db.select().from(reports).where(eq(reports.targetUserId, biz.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(r2.id)).toMatchObject({ status: 'dismissed', resolvedBy: operator.id });
    expect(byId.get(other.id)!.status).toBe('open');
    expect(byId.get(otherPosting.id)!.status).toBe('open');
    // A later report of the same thing, hidden: the earlier decisions stay as they were.
    const r3 = await reportPosting(t1.token, posting);
    await resolveOk(r3.id, { action: 'hide' });
    const [kept] = await api.db.select().from(reports).where(eq(reports.id, r2.id));
    expect(kept).toMatchObject({ status: 'dismissed', note: 'ok' });
    expectRefusal(await resolve(r2.id, { action: 'hide' }), 409, 'conflict');
    expectRefusal(await resolve(2_000_000_000, { action: 'hide' }), 404, 'not_found');
    const r = await resolve(other.id, { action: 'erase' });
    expect(errorsOf(r.json).map((e) => e.path)).toEqual(['action']);
    const last = (await audits()).filter((a) => a.action === 'report.dismissed').at(-1);
    expect(last).toMatchObject({
      operatorId: operator.id,
      target: { report_id: r1.id, target_kind: 'posting', target_id: posting.id, note: 'ok' },
    });
  });

  it.each(['project', 'job'] as const)(
    'hide (%s): gone from search, page, For you, company page, favourites and invitations for everyone but its team and operators; the author is told in their language',
    async (kind) => {
      const biz = await createBusiness(api, { lang: 'es' });
      const t = await createTalent(api);
      const name = `Hidden ${kind} ${Date.now()}`;
      const posting = await fx.post(kind, biz.token, { name, skills: ['Design'] });
      await api.call('PUT', `/me/favorites/${kind}/${posting.id}`, { token: t.token });
      const invitee = await createTalent(api);
      expect(await searchIds(kind, name)).toEqual([posting.id]);
      const made = await reportPosting(t.token, posting, kind);
      const mark = api.outbox.length;
      const done = await resolveOk(made.id, { action: 'hide' });
      expect(done).toMatchObject({ status: 'hidden', target: { hidden: true } });

      expect(await searchIds(kind, name)).toEqual([]);
      expect(await searchIds(kind, name, t.token)).toEqual([]);
      expect(await pageStatus(kind, posting.id)).toBe(404);
      expect(await pageStatus(kind, posting.id, t.token)).toBe(404);
      expect(await pageStatus(kind, posting.id, biz.token)).toBe(200);
      expect(await pageStatus(kind, posting.id, operator.token)).toBe(200);
      // The server-rendered pages agree: its page is not found but for its team and the
      // operators, who read it marked hidden; the team's edit page and board still open.
      const rendered = async (route: string, token?: string) => {
        const file = serverPageFiles().find((f) => f.route === route)!;
        const props = await (
          await getServerSidePropsOf(file)
        )(pageContext({ route, params: { id: String(posting.id) }, token }));
        return props as { notFound?: true; props?: { posting: { id: number }; hidden?: true } };
      };
      setSsrDeps(api.deps);
      try {
        const page = `/${kind}s/[id]`;
        expect(await rendered(page)).toEqual({ notFound: true });
        expect(await rendered(page, t.token)).toEqual({ notFound: true });
        for (const who of [biz.token, operator.token]) {
          const seen = (await rendered(page, who)).props;
          expect(seen).toMatchObject({ posting: { id: posting.id }, hidden: true });
          expect(seen!.posting).not.toHaveProperty('responsiveness');
        }
        for (const route of [`/business/${kind}s/[id]/edit`, `/business/${kind}s/[id]/applicants`])
          expect((await rendered(route, biz.token)).props).toMatchObject({
            posting: { id: posting.id },
          });
      } finally {
        setSsrDeps(undefined);
      }
      const favs = await api.call('GET', `/me/favorites?kind=${kind}`, { token: t.token });
      expect((favs.json.data as { data: TPosting[] }).data.map((p) => p.id)).not.toContain(
        posting.id,
      );
      const forYou = await api.call('GET', `/me/recommendations?kind=${kind}&per_page=50`, {
        token: t.token,
      });
      expect((forYou.json.data as { data: TPosting[] }).data.map((p) => p.id)).not.toContain(
        posting.id,
      );
      const page = await api.call('GET', `/companies/${posting.company.slug}`);
      expect(
        (page.json.data as { open_postings: { id: number }[] }).open_postings.map((p) => p.id),
      ).not.toContain(posting.id);
      const inv = await api.call('POST', `/${kind}s/${posting.id}/invites`, {
        token: biz.token,
        body: { talent_id: invitee.id },
      });
      expect(inv.status).toBe(404);
      // Applying to it: as to a posting that does not exist.
      const applicant = await createTalent(api);
      const applied = await api.call('POST', `/${kind}_applications`, {
        token: applicant.token,
        body:
          kind === 'project'
            ? { project_id: posting.id, proposal: PROPOSAL, price_proposal: 1000, weeks: 2 }
            : { job_id: posting.id, summary: 'Five years of Node.js in fintech.' },
      });
      expectRefusal(applied, 404, 'not_found');
      const notes = await api.call('GET', '/notifications', { token: biz.token });
      const notice = (
        notes.json.data as { data: { type: string; message: string; message_es: string }[] }
      ).data.find((n) => n.type === 'content_hidden');
      expect(notice).toMatchObject({
        message: expect.stringContaining(name),
        message_es: expect.stringContaining('Un operador ocultó tu publicación'),
      });
      const mails = api.outbox.slice(mark).filter((m) => m.to === biz.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Un operador ocultó tu publicación');
      expect((await audits()).at(-1)).toMatchObject({ action: 'report.hidden' });
    },
  );

  it('a hidden posting: its team still sees it; nobody saves it, is invited to it or alerted of it', async () => {
    const team = await createTeam(api, { prefix: 'Seen' });
    const t = await createTalent(api);
    const watcher = await createTalent(api);
    const name = `Team posting ${Date.now()}`;
    const posting = await fx.post('project', team.owner.token, { name });
    const inv = await api.call('POST', `/projects/${posting.id}/invites`, {
      token: team.owner.token,
      body: { talent_id: t.id },
    });
    expect(inv.status, JSON.stringify(inv.json)).toBe(201);
    const invitesOf = async () =>
      (
        (await api.call('GET', '/me/invites', { token: t.token })).json.data as {
          data: { posting: { id: number } }[];
        }
      ).data.map((i) => i.posting.id);
    expect(await invitesOf()).toContain(posting.id);
    const made = await reportPosting(t.token, posting);
    await resolveOk(made.id, { action: 'hide' });
    expect(await pageStatus('project', posting.id, team.admin.token)).toBe(200);
    expect(await pageStatus('project', posting.id, team.outsider.token)).toBe(404);
    // Out of sight, so not reported again by someone outside the team.
    const again = await report(watcher.token, {
      target_kind: 'posting',
      target_id: posting.id,
      posting_kind: 'project',
      reason: 'x',
    });
    expectRefusal(again, 404, 'not_found');
    expect(await invitesOf()).not.toContain(posting.id);
    const save = await api.call('PUT', `/me/favorites/project/${posting.id}`, {
      token: watcher.token,
    });
    expectRefusal(save, 404, 'not_found');
    // A search saved now would match it, were it not hidden.
    const saved = await api.call('POST', '/saved_searches', {
      token: watcher.token,
      body: { name: 'Team', kind: 'project', query: { search: name }, alert: 'instant' },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(201);
    expect(await recordMatches(api.db, api.clock.now, 'project', posting.id)).toEqual([]);
  });

  it('a hidden, suspended or deleted talent is not found to invite', async () => {
    const biz = await createBusiness(api);
    const t = await createTalent(api);
    const posting = await fx.post('job', biz.token);
    await api.db.update(users).set({ hiddenAt: api.clock.now }).where(eq(users.id, t.id));
    const inv = await api.call('POST', `/jobs/${posting.id}/invites`, {
      token: biz.token,
      body: { talent_id: t.id },
    });
    expectRefusal(inv, 404, 'not_found');
    const save = await api.call('PUT', `/me/favorites/talent/${t.id}`, { token: biz.token });
    expectRefusal(save, 404, 'not_found');
  });

  it('hide a profile: GET /users/id 404 (even cached) and out of GET /talents; its owner still sees it', async () => {
    const talent = await createTalent(api, { name: 'Hidable' });
    const biz = await createBusiness(api);
    const first = await api.call('GET', `/users/id/${talent.id}`, { token: biz.token });
    expect(first.status).toBe(200);
    expect((await api.call('GET', `/users/id/${talent.id}`)).status).toBe(200);
    const made = await reportOk(biz.token, { target_kind: 'profile', target_id: talent.id });
    await resolveOk(made.id, { action: 'hide' });
    expect((await api.call('GET', `/users/id/${talent.id}`, { token: biz.token })).status).toBe(
      404,
    );
    expect((await api.call('GET', `/users/id/${talent.id}`)).status).toBe(404);
    expect((await api.call('GET', `/users/id/${talent.id}`, { token: talent.token })).status).toBe(
      200,
    );
    expect(
      (await api.call('GET', `/users/id/${talent.id}`, { token: operator.token })).status,
    ).toBe(200);
    const search = await api.call('GET', '/talents?search=Hidable&per_page=50', {
      token: biz.token,
    });
    expect((search.json.data as { data: { id: number }[] }).data.map((u) => u.id)).not.toContain(
      talent.id,
    );
    // Reporting what is hidden: nothing to report.
    const again = await report(biz.token, {
      target_kind: 'profile',
      target_id: talent.id,
      reason: 'x',
    });
    expectRefusal(again, 404, 'not_found');
  });

  it('hide a message: the other side no longer reads it; its author reads it marked hidden', async () => {
    const team = await createTeam(api, { prefix: 'Hide' });
    const applicant = await createTalent(api);
    const posting = await fx.post('project', team.owner.token);
    const application = await fx.apply('project', applicant.token, posting.id);
    const conv = await api.call('POST', '/conversations', {
      token: applicant.token,
      body: { kind: 'project', application_id: application.id },
    });
    const convId = (conv.json.data as { id: number }).id;
    await api.call('POST', `/conversations/${convId}/messages`, {
      token: applicant.token,
      body: { body: 'Hello' },
    });
    const sent = await api.call('POST', `/conversations/${convId}/messages`, {
      token: team.owner.token,
      body: { body: 'Rude words' },
    });
    const messageId = (sent.json.data as { id: number }).id;
    const made = await reportOk(applicant.token, { target_kind: 'message', target_id: messageId });
    await resolveOk(made.id, { action: 'hide' });
    const list = async (token: string) =>
      (await api.call('GET', `/conversations/${convId}/messages`, { token })).json.data as {
        data: { id: number; body: string; hidden: boolean }[];
      };
    expect((await list(applicant.token)).data.map((m) => m.body)).toEqual(['Hello']);
    expect((await list(team.owner.token)).data.map((m) => [m.body, m.hidden])).toEqual([
      ['Hello', false],
      ['Rude words', true],
    ]);
    const convs = await api.call('GET', '/conversations', { token: applicant.token });
    const item = (
      convs.json.data as { data: { id: number; last_message: { body: string } }[] }
    ).data.find((c) => c.id === convId);
    expect(item!.last_message.body).toBe('Hello');
  });

  it('hide a review sets its hidden_at', async () => {
    const biz = await createBusiness(api);
    const talent = await createTalent(api);
    const reader = await createTalent(api);
    const [review] = await api.db
      .insert(reviews)
      .values([
        {
          kind: 'job',
          applicationId: 888_888,
          side: 'talent',
          companyId: biz.companyId!,
          talentId: talent.id,
          authorId: talent.id,
          rating: 1,
          body: 'Bad',
        },
        {
          kind: 'job',
          applicationId: 888_888,
          side: 'company',
          companyId: biz.companyId!,
          talentId: talent.id,
          authorId: biz.id,
          rating: 5,
          body: 'Good',
        },
      ])
      .returning();
    const made = await reportOk(reader.token, { target_kind: 'review', target_id: review!.id });
    await resolveOk(made.id, { action: 'hide' });
    const [row] = await api.db.select().from(reviews).where(eq(reviews.id, review!.id));
    expect(row!.hiddenAt).not.toBeNull();
  });
});

describe('suspension', () => {
  it('old tokens 401 at once, sign-in 403 `suspended` in both languages (after the password), postings and profile hidden; lifting restores', async () => {
    const biz = await createBusiness(api);
    const t = await createTalent(api);
    const name = `Suspended posting ${Date.now()}`;
    const posting = await fx.post('project', biz.token, { name });
    const other = await fx.post('job', biz.token, { name: `${name} job` });
    // One hidden after a report first: lifting the suspension leaves it hidden.
    const r0 = await reportPosting(t.token, other, 'job');
    await resolveOk(r0.id, { action: 'hide' });
    const made = await reportOk(t.token, { target_kind: 'profile', target_id: biz.id });
    const done = await resolveOk(made.id, { action: 'suspend', note: 'Scam' });
    expect(done).toMatchObject({ status: 'suspended', author: { id: biz.id, suspended: true } });
    expect((await audits()).at(-1)).toMatchObject({
      action: 'user.suspended',
      operatorId: operator.id,
      target: { user_id: biz.id, note: 'Scam' },
    });

    expectRefusal(
      await api.call('GET', '/notifications', { token: biz.token }),
      401,
      'unauthorized',
    );
    const login = await api.login(biz.email, biz.password);
    expectRefusal(login, 403, 'suspended');
    expect(login.json.message).toMatch(/suspended/);
    expect(login.json.message_es).toMatch(/suspendida/);
    // A wrong password learns nothing.
    expectRefusal(await api.login(biz.email, 'wrong password!'), 401, 'unauthorized');
    expect(await searchIds('project', name)).toEqual([]);
    expect(await pageStatus('project', posting.id, t.token)).toBe(404);
    expect((await api.call('GET', `/users/id/${biz.id}`)).status).toBe(404);
    expect(await pageStatus('project', posting.id, operator.token)).toBe(200);

    const lifted = await api.call('POST', `/admin/users/${biz.id}/unsuspend`, {
      token: operator.token,
    });
    expect(lifted.status, JSON.stringify(lifted.json)).toBe(200);
    expect(lifted.json.data).toMatchObject({ id: biz.id, suspended: false });
    expect(lifted.json).toMatchObject({
      message: 'Suspension lifted.',
      message_es: 'Suspensión levantada.',
    });
    expect((await audits()).at(-1)).toMatchObject({
      action: 'user.unsuspended',
      target: { user_id: biz.id },
    });
    expectRefusal(
      await api.call('POST', `/admin/users/${biz.id}/unsuspend`, { token: operator.token }),
      409,
      'conflict',
    );
    expect(await searchIds('project', name)).toEqual([posting.id]);
    expect(await pageStatus('job', other.id, t.token)).toBe(404);
    expect((await api.call('GET', `/users/id/${biz.id}`)).status).toBe(200);
    // The old token stays refused; signing in again works.
    expect((await api.call('GET', '/notifications', { token: biz.token })).status).toBe(401);
    expect((await api.login(biz.email, biz.password)).status).toBe(200);
  });

  it('a suspended account’s open notification stream ends at once, delivering nothing more', async () => {
    const biz = await createBusiness(api);
    const t = await createTalent(api);
    const p = await fx.post('project', biz.token);
    const a = await fx.apply('project', t.token, p.id);
    const sse = await openStream(api.app, t.token);
    const made = await reportOk(biz.token, { target_kind: 'profile', target_id: t.id });
    await resolveOk(made.id, { action: 'suspend' });
    await fx.move('project', biz.token, a.id, APPLICATION_STATUS.shortlisted);
    await expect(sse.next()).rejects.toThrow('the stream ended');
  });

  it('an operator cannot suspend themself; an author who is gone cannot be suspended', async () => {
    const t = await createTalent(api);
    const made = await reportOk(t.token, { target_kind: 'profile', target_id: operator.id });
    expectRefusal(await resolve(made.id, { action: 'suspend' }), 409, 'conflict');
    const [row] = await api.db.select().from(reports).where(eq(reports.id, made.id));
    expect(row!.status).toBe('open');
    expect((await api.call('GET', '/notifications', { token: operator.token })).status).toBe(200);
  });
});
