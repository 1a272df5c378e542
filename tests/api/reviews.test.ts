import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, notifications, reviewReminders, reviews, users } from '@/db/schema';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { signAccessToken } from '@/server/auth/tokens';
import { enqueue } from '@/server/queue';
import { REVIEWS_SWEEP } from '@/server/services/trust/review-reminders';
import type { TOwnReview, TReviewPage, TReviewState } from '@/types/review';
import { createTestApi } from '../helpers/api';
import { createTeam } from '../helpers/companies';
import { errorsOf, expectRefusal, pipelineFixtures, type TKind } from '../helpers/marketplace';
import { drainQueue } from '../helpers/queue';
import { createTalent, type TTestUser } from '../helpers/users';

// Reviews of finished work (docs/api.md "Reviews", docs/product.md "Reviews"): the window of 14
// days from the finish, hidden until both sides wrote or the window closed, one per side, one
// reply by the reviewed side, 404 for everyone else, and the reminders of `reviews.sweep`. The
// suite runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

const DAY = 24 * 3600 * 1000;

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
});
afterAll(async () => api.close());

beforeEach(async () => {
  api.clock.now = new Date();
  await api.resetRateLimits();
});

/** `user`'s token signed at the clock's time (the clock moves further than a token lives). */
async function tokenNow(user: TTestUser) {
  const [row] = await api.db
    .select({ version: users.tokenVersion })
    .from(users)
    .where(eq(users.id, user.id));
  return signAccessToken(
    { userId: user.id, version: row!.version },
    api.deps.jwtSecret,
    api.clock.now,
  );
}

/** Moves the clock `days` ahead and signs everyone's token again. */
async function later(days: number, ...who: TTestUser[]) {
  api.clock.now = new Date(api.clock.now.getTime() + days * DAY);
  for (const u of who) u.token = await tokenNow(u);
}

/**
 * A team (owner, admin, recruiter, outsider, another talent) with a posting of `kind` whose
 * `hired` talent was hired (and `other` rejected); finished unless `finish` is false.
 */
async function finishedWork(kind: TKind, finish = true) {
  const team = await createTeam(api, { prefix: `R${kind}` });
  const hired = await createTalent(api, { name: 'Ana' });
  const other = await createTalent(api, { name: 'Otto' });
  const posting = await fx.post(kind, team.owner.token);
  const a = await fx.apply(kind, hired.token, posting.id);
  const b = await fx.apply(kind, other.token, posting.id);
  await fx.move(kind, team.owner.token, a.id, APPLICATION_STATUS.hired);
  await fx.move(kind, team.owner.token, b.id, APPLICATION_STATUS.rejected, 'Another profile.');
  if (finish) {
    if (kind === 'project') {
      await fx.start(team.owner.token, posting.id);
      await fx.endProject(team.owner.token, posting.id);
    } else await fx.endJob(team.owner.token, posting.id);
  }
  const [company] = await api.db
    .select({ slug: companies.slug, name: companies.name })
    .from(companies)
    .where(eq(companies.id, team.companyId));
  return { ...team, hired, other, posting, a, b, slug: company!.slug, companyName: company!.name };
}

const write = (
  token: string | undefined,
  kind: TKind,
  applicationId: number,
  over: Record<string, unknown> = {},
) =>
  api.call('POST', '/reviews', {
    token,
    body: {
      kind,
      application_id: applicationId,
      rating: 5,
      body: 'Clear brief, quick answers, paid on time.',
      lang: 'en',
      ...over,
    },
  });

const stateOf = async (token: string, kind: TKind, applicationId: number) => {
  const r = await api.call('GET', `/me/reviews?kind=${kind}&application_id=${applicationId}`, {
    token,
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as TReviewState;
};

const talentList = async (id: number, query = '') => {
  const r = await api.call('GET', `/users/${id}/reviews${query}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as TReviewPage;
};
const companyList = async (slug: string, query = '') => {
  const r = await api.call('GET', `/companies/${slug}/reviews${query}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as TReviewPage;
};

/** `rating` of the company's public page and of its record (`GET /me/company`). */
const companyRatings = async (slug: string, ownerToken: string) => {
  const page = await api.call('GET', `/companies/${slug}`);
  const record = await api.call('GET', '/me/company', { token: ownerToken });
  expect(record.status, JSON.stringify(record.json)).toBe(200);
  type TRated = { rating: unknown };
  return [
    (page.json.data as TRated).rating,
    (record.json.data as { company: TRated }).company.rating,
  ];
};

const notesOf = (user: TTestUser, type: string) =>
  api.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, type)));

for (const kind of ['project', 'job'] as const) {
  describe(`reviews of a finished ${kind}`, () => {
    it('stay hidden until both sides wrote, then both pages show them', async () => {
      const w = await finishedWork(kind);
      const t = await write(w.hired.token, kind, w.a.id, { rating: 4 });
      expect(t.status, JSON.stringify(t.json)).toBe(201);
      expect(t.json.data).toMatchObject({
        kind,
        application_id: w.a.id,
        side: 'talent',
        rating: 4,
        visible: false,
      });
      // It says it waits for the other side (docs/product.md "Reviews").
      expect(t.json).toMatchObject({
        message:
          'Review saved. It is published when the other side writes theirs or the 14 days end.',
        message_es:
          'Reseña guardada. Se publica cuando la otra parte escriba la suya o terminen los 14 días.',
      });
      // The author reads their own; the other side only learns that one waits.
      expect((await stateOf(w.hired.token, kind, w.a.id)).mine).toMatchObject({ rating: 4 });
      const teamView = await stateOf(w.recruiter.token, kind, w.a.id);
      expect(teamView).toMatchObject({ side: 'company', open: true, other: { state: 'waiting' } });
      expect(JSON.stringify(teamView)).not.toContain('paid on time');
      expect((await companyList(w.slug)).count).toBe(0);
      expect(await companyRatings(w.slug, w.owner.token)).toEqual([
        { average: null, count: 0 },
        { average: null, count: 0 },
      ]);
      // The company is told, without the text.
      const told = await notesOf(w.owner, 'review_received');
      expect(told).toHaveLength(1);
      expect(told[0]!.message).not.toContain('paid on time');

      const c = await write(w.recruiter.token, kind, w.a.id, {
        rating: 5,
        body: 'Delivered early and documented everything.',
      });
      expect(c.status, JSON.stringify(c.json)).toBe(201);
      expect(c.json.data).toMatchObject({ side: 'company', visible: true });
      expect(c.json).toMatchObject({
        message: 'Review published.',
        message_es: 'Reseña publicada.',
      });

      const ofCompany = await companyList(w.slug);
      expect(ofCompany).toMatchObject({ count: 1, average: 4, total: 1, page: 1 });
      // The company's rating says the same, on its page and in its record.
      expect(await companyRatings(w.slug, w.owner.token)).toEqual([
        { average: 4, count: 1 },
        { average: 4, count: 1 },
      ]);
      expect(ofCompany.data[0]).toMatchObject({
        rating: 4,
        body: 'Clear brief, quick answers, paid on time.',
        author: { name: expect.stringContaining('Ana'), deleted: false },
        posting: { kind, id: w.posting.id, name: w.posting.name },
      });
      expect(ofCompany.data[0]!.proof).toBeUndefined();
      const ofTalent = await talentList(w.hired.id);
      expect(ofTalent).toMatchObject({ count: 1, average: 5 });
      expect(ofTalent.data[0]).toMatchObject({
        body: 'Delivered early and documented everything.',
        author: { company: w.companyName },
      });
      // The talent now reads the company's review in their state.
      expect((await stateOf(w.hired.token, kind, w.a.id)).other).toMatchObject({
        state: 'visible',
        review: { rating: 5, can_reply: true },
      });
      // Once published, the talent is told so.
      const [received] = await notesOf(w.hired, 'review_received');
      expect(received!.message).toContain('published');
    });

    it('is one per side: another member of the team gets 409 already_reviewed', async () => {
      const w = await finishedWork(kind);
      expect((await write(w.admin.token, kind, w.a.id)).status).toBe(201);
      expectRefusal(await write(w.owner.token, kind, w.a.id), 409, 'already_reviewed');
      expect((await write(w.hired.token, kind, w.a.id)).status).toBe(201);
      expectRefusal(await write(w.hired.token, kind, w.a.id), 409, 'already_reviewed');
      const rows = await api.db
        .select()
        .from(reviews)
        .where(and(eq(reviews.kind, kind), eq(reviews.applicationId, w.a.id)));
      expect(rows).toHaveLength(2);
    });

    it('answers 404 to anyone but the hired talent and the team, 401 signed out', async () => {
      const w = await finishedWork(kind);
      for (const stranger of [w.outsider, w.talent, w.other]) {
        expectRefusal(await write(stranger.token, kind, w.a.id), 404, 'not_found');
        const s = await api.call('GET', `/me/reviews?kind=${kind}&application_id=${w.a.id}`, {
          token: stranger.token,
        });
        expectRefusal(s, 404, 'not_found');
      }
      expect((await write(undefined, kind, w.a.id)).status).toBe(401);
      expectRefusal(await write(w.hired.token, kind, 2_000_000_000), 404, 'not_found');
    });

    it('is closed before the finish, to a rejected applicant and after 14 days', async () => {
      const running = await finishedWork(kind, false);
      expectRefusal(await write(running.hired.token, kind, running.a.id), 409, 'closed');
      expectRefusal(await write(running.owner.token, kind, running.a.id), 409, 'closed');
      expect((await stateOf(running.hired.token, kind, running.a.id)).open).toBe(false);

      const w = await finishedWork(kind);
      expectRefusal(await write(w.other.token, kind, w.b.id), 409, 'closed');
      await later(13.9, w.hired, w.owner);
      expect((await write(w.hired.token, kind, w.a.id)).status).toBe(201);
      await later(0.2, w.hired, w.owner);
      expectRefusal(await write(w.owner.token, kind, w.a.id), 409, 'closed');
      // The window closed: the one review written is published.
      expect((await companyList(w.slug)).count).toBe(1);
    });

    it('takes one reply from the reviewed side, once the review is published', async () => {
      const w = await finishedWork(kind);
      const t = (await write(w.hired.token, kind, w.a.id)).json.data as TOwnReview;
      const reply = (token: string | undefined, id = t.id, body = 'Thank you, Ana!') =>
        api.call('POST', `/reviews/${id}/reply`, { token, body: { body } });
      // Still hidden: nothing to answer yet.
      expectRefusal(await reply(w.owner.token), 409, 'conflict');
      expect((await write(w.owner.token, kind, w.a.id)).status).toBe(201);
      // The author, another talent, another company: as if it did not exist.
      for (const u of [w.hired, w.talent, w.outsider]) {
        expectRefusal(await reply(u.token), 404, 'not_found');
      }
      expect((await reply(undefined)).status).toBe(401);
      // The lists tell the reviewed side, and only it, that it may reply.
      const asTeam = await api.call('GET', `/companies/${w.slug}/reviews`, {
        token: w.admin.token,
      });
      expect((asTeam.json.data as TReviewPage).data[0]!.can_reply).toBe(true);
      const asOther = await api.call('GET', `/companies/${w.slug}/reviews`, {
        token: w.outsider.token,
      });
      expect((asOther.json.data as TReviewPage).data[0]!.can_reply).toBeUndefined();
      expect((await companyList(w.slug)).data[0]!.can_reply).toBeUndefined();
      const first = await reply(w.recruiter.token);
      expect(first.status, JSON.stringify(first.json)).toBe(201);
      expect(first.json.data).toMatchObject({ reply: { body: 'Thank you, Ana!' } });
      expect(first.json).toMatchObject({
        message: 'Reply published.',
        message_es: 'Respuesta publicada.',
      });
      expectRefusal(await reply(w.admin.token, t.id, 'Again'), 409, 'conflict');
      expect((await companyList(w.slug)).data[0]!.reply).toMatchObject({
        body: 'Thank you, Ana!',
      });
      const after = await api.call('GET', `/companies/${w.slug}/reviews`, { token: w.admin.token });
      expect((after.json.data as TReviewPage).data[0]!.can_reply).toBe(false);
      // The talent replies to the company's review the same way.
      const [ofTalent] = (await talentList(w.hired.id)).data;
      expect((await reply(w.owner.token, ofTalent!.id)).status).toBe(404);
      expect((await reply(w.hired.token, ofTalent!.id, 'It was a pleasure.')).status).toBe(201);
      expectRefusal(await reply(w.hired.token, 2_000_000_000), 404, 'not_found');
    });
  });
}

describe('reviews: validation, lists and hiding', () => {
  it('refuses a rating out of 1–5 and an empty or long text with field errors', async () => {
    const w = await finishedWork('project');
    for (const [over, path] of [
      [{ rating: 6 }, 'rating'],
      [{ rating: 0 }, 'rating'],
      [{ rating: 4.5 }, 'rating'],
      [{ body: '   ' }, 'body'],
      [{ body: 'x'.repeat(2001) }, 'body'],
      [{ kind: 'gig' }, 'kind'],
    ] as const) {
      const r = await write(w.hired.token, 'project', w.a.id, over);
      expectRefusal(r, 400, 'invalid_input');
      expect(errorsOf(r.json).map((e) => e.path)).toContain(path);
    }
  });

  it('leaves a hidden review and an unknown profile out of the lists', async () => {
    const w = await finishedWork('job');
    await write(w.hired.token, 'job', w.a.id, { rating: 2 });
    await write(w.owner.token, 'job', w.a.id, { rating: 4 });
    expect((await companyList(w.slug)).count).toBe(1);
    await api.db
      .update(reviews)
      .set({ hiddenAt: api.clock.now })
      .where(and(eq(reviews.applicationId, w.a.id), eq(reviews.side, 'talent')));
    expect(await companyList(w.slug)).toMatchObject({ count: 0, average: null, data: [] });
    expect((await talentList(w.hired.id)).count).toBe(1);
    expect((await api.call('GET', '/companies/no-such-company/reviews')).status).toBe(404);
    expect((await api.call('GET', `/users/${w.owner.id}/reviews`)).status).toBe(404);
    expect((await api.call('GET', '/users/abc/reviews')).status).toBe(404);
    expectRefusal(
      await api.call('GET', `/users/${w.hired.id}/reviews?per_page=51`),
      400,
      'invalid_input',
    );
  });

  it('shows the work’s on-chain record with the chain’s verdict beside the review', async () => {
    const w = await finishedWork('project');
    const tx = 'TXA7Q3ZL2M5K6N7P2Q3R4S5T6U7V2W3X4Y5Z6A7B2C3D4E5F6G7H';
    const r = await api.call('PATCH', '/project_applications/update_wallet', {
      token: w.hired.token,
      body: { id: w.a.id, algorand_transaction: tx },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    await write(w.hired.token, 'project', w.a.id);
    await write(w.owner.token, 'project', w.a.id);
    // The test's chains do not answer: the record shows, unconfirmed.
    for (const page of [await talentList(w.hired.id), await companyList(w.slug)]) {
      expect(page.data[0]!.proof).toEqual({
        network: 'algorand',
        tx_id: tx,
        verdict: 'unreachable',
      });
    }
  });

  it('averages every published review and pages them newest first', async () => {
    const team = await createTeam(api, { prefix: 'Avg' });
    const ana = await createTalent(api, { name: 'Ana' });
    const ratings = [5, 4, 4];
    for (const rating of ratings) {
      const posting = await fx.post('project', team.owner.token);
      const a = await fx.apply('project', ana.token, posting.id);
      await fx.move('project', team.owner.token, a.id, APPLICATION_STATUS.hired);
      await fx.start(team.owner.token, posting.id);
      await fx.endProject(team.owner.token, posting.id);
      await write(team.owner.token, 'project', a.id, { rating, body: `Rated ${rating}` });
      await write(ana.token, 'project', a.id);
    }
    const first = await talentList(ana.id, '?per_page=2');
    expect(first).toMatchObject({ count: 3, total: 3, average: 4.3, last_page: 2, per_page: 2 });
    expect(first.data.map((r) => r.body)).toEqual(['Rated 4', 'Rated 4']);
    const beyond = await talentList(ana.id, '?per_page=2&page=5');
    expect(beyond).toMatchObject({ count: 3, average: 4.3, data: [] });
  });
});

describe('reviews.sweep', () => {
  async function runSweep() {
    await enqueue(REVIEWS_SWEEP, {}, { db: api.db });
    await drainQueue(api.deps);
  }

  it('asks both sides at the finish and reminds who has not written 3 days before the end, once each', async () => {
    const w = await finishedWork('project');
    api.outbox.length = 0;
    await later(0.1);
    await runSweep();
    await runSweep();
    for (const who of [w.hired, w.owner, w.admin, w.recruiter]) {
      expect(await notesOf(who, 'review_request')).toHaveLength(1);
    }
    expect(await notesOf(w.other, 'review_request')).toHaveLength(0);
    expect(api.outbox.filter((m) => m.to === w.hired.email)).toHaveLength(1);
    expect((await notesOf(w.hired, 'review_request'))[0]!.message).toContain(w.companyName);

    await later(5, w.hired);
    expect((await write(w.hired.token, 'project', w.a.id)).status).toBe(201);
    await later(6.5);
    await runSweep();
    await runSweep();
    // The talent wrote: only the team is reminded.
    expect(await notesOf(w.hired, 'review_closing')).toHaveLength(0);
    for (const who of [w.owner, w.admin, w.recruiter]) {
      expect(await notesOf(who, 'review_closing')).toHaveLength(1);
    }
    const steps = await api.db
      .select({ step: reviewReminders.step })
      .from(reviewReminders)
      .where(eq(reviewReminders.applicationId, w.a.id));
    expect(steps.map((s) => s.step).sort()).toEqual(['closing', 'finish']);
  });

  it('sends nothing for work finished more than 14 days ago', async () => {
    const w = await finishedWork('job');
    await later(15);
    await runSweep();
    expect(await notesOf(w.hired, 'review_request')).toHaveLength(0);
    expect(await notesOf(w.hired, 'review_closing')).toHaveLength(0);
  });
});
