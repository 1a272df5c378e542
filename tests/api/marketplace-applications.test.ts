import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobApplications, projectApplications, users } from '@/db/schema';
import { earliestToday } from '@/lib/schemas/marketplace';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { createTestApi, socketFrom, type TJson } from '../helpers/api';
import {
  type TTestUser,
  createBusinesses,
  createTalents,
  createBusiness,
  createTalent,
} from '../helpers/users';
import {
  errorsOf,
  expectRefusal,
  pipelineFixtures,
  type TApplication,
  type TPage,
  type TPosting,
} from '../helpers/marketplace';

// Applications (docs/api.md "Marketplace"): a talent's answers to postings, their edits and
// withdrawal, the one-per-posting rule under concurrency, and the lists that show them.

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
let bea: TTestUser; // the business that posts
let carl: TTestUser; // another business
let ana: TTestUser; // a talent
let bob: TTestUser; // another talent

const DAY = 24 * 3600 * 1000;
const day = (offset: number) => earliestToday(new Date(api.clock.now.getTime() + offset * DAY));

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
  [bea, carl] = await createBusinesses(api, 'Bea', 'Carl');
  [ana, bob] = await createTalents(api, 'Ana', 'Bob');
});
afterAll(async () => api.close());
// One account posts, applies and moves here more than a person does in an hour: each test starts
// with fresh rate-limit counters (the limits are tested in flood-limits.test.ts).
beforeEach(async () => api.resetRateLimits());

// This file's postings and applications: the shared fixtures with its own texts.
const postProject = (over: Record<string, unknown> = {}, token = bea.token) =>
  fx.postProject(token, {
    name: 'Diseño de logo',
    summary: 'A logo for a coffee shop',
    description: 'Vector files, please.',
    skills: ['Illustrator'],
    end_date: day(30),
    ...over,
  });

const postJob = (over: Record<string, unknown> = {}, token = bea.token) =>
  fx.postJob(token, { name: 'Backend developer', requirements: null, end_date: day(30), ...over });

const PROPOSAL = 'I can draw this logo in two weeks, with three drafts.';
const projectApplication = (projectId: number, over: Record<string, unknown> = {}) => ({
  project_id: projectId,
  proposal: PROPOSAL,
  price_proposal: 120_000,
  weeks: 2,
  lang: 'en',
  ...over,
});
const jobApplication = (jobId: number, over: Record<string, unknown> = {}) => ({
  job_id: jobId,
  summary: 'Five years of Node.js in fintech.',
  experience: 'Led the payments API at Andes Pay.',
  lang: 'en',
  ...over,
});

const applyProject = async (projectId: number, token = ana.token, over = {}) =>
  (await fx.applyProject(token, projectId, projectApplication(projectId, over))) as TApplication;

const applyJob = async (jobId: number, token = ana.token, over = {}) =>
  (await fx.applyJob(token, jobId, jobApplication(jobId, over))) as TApplication;

/** Moves the test clock `days` on while `fn` runs, then back. */
async function daysLater<T>(days: number, fn: () => Promise<T>): Promise<T> {
  const saved = api.clock.now;
  api.clock.now = new Date(saved.getTime() + days * DAY);
  try {
    return await fn();
  } finally {
    api.clock.now = saved;
  }
}

// Uploads, built as tests/api/uploads.test.ts builds them.
let ipCounter = 0;
const ascii = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const pdf = () => ascii('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const png = (w: number, h: number) =>
  new Uint8Array([
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...u32be(13),
    ...ascii('IHDR'),
    ...u32be(w),
    ...u32be(h),
    ...[8, 6, 0, 0, 0],
    ...u32be(0),
  ]);

async function upload(route: '/file' | '/image', data: Uint8Array, name: string, token?: string) {
  const form = new FormData();
  form.append(route === '/file' ? 'file' : 'image', new Blob([data as BlobPart]), name);
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const res = await api.app.request(
    `/api${route}`,
    { method: 'POST', body: form, headers },
    socketFrom(`203.0.113.${++ipCounter}`),
  );
  const json = (await res.json()) as TJson;
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json.data as { id: number; url: string; name: string; size: number };
}

describe('POST /project_applications', () => {
  it('answers 201 with the whole application and its project', async () => {
    const p = await postProject();
    const { status, json } = await api.call('POST', '/project_applications', {
      token: ana.token,
      body: projectApplication(p.id),
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      status: true,
      message: expect.any(String),
      message_es: expect.any(String),
    });
    expect(json.data).toEqual({
      id: expect.any(Number),
      project_id: p.id,
      user_id: ana.id,
      proposal: PROPOSAL,
      price_proposal: 120_000,
      weeks: 2,
      accepted: APPLICATION_STATUS.applied,
      reason: null,
      shown_accepted_message: false,
      ready_to_close: false,
      algorand_transaction: null,
      near_transaction: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      project: { id: p.id, name: p.name, project_status_id: 1, currency: 'USD' },
    });
    const read = await api.call('GET', `/projects/${p.id}`);
    expect(read.json.data).toMatchObject({ applications_count: 1 });
  });

  it('ignores user_id, accepted and unknown fields sent by the client', async () => {
    const p = await postProject();
    const a = await applyProject(p.id, ana.token, {
      user_id: bob.id,
      accepted: APPLICATION_STATUS.hired,
      reason: 'I hired myself',
      ready_to_close: true,
      is_admin: true,
    });
    expect(a).toMatchObject({ user_id: ana.id, accepted: 0, reason: null, ready_to_close: false });
    expect(a).not.toHaveProperty('is_admin');
    const [row] = await api.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.id, a.id));
    expect(row).toMatchObject({ userId: ana.id, accepted: 0 });
  });

  it('refuses a proposal under 20 characters (too_short) and over 5000 (too_long)', async () => {
    const p = await postProject();
    const short = await api.call('POST', '/project_applications', {
      token: ana.token,
      body: projectApplication(p.id, { proposal: 'Too short, sorry.' }),
    });
    expect(short.status).toBe(400);
    expect(errorsOf(short.json)).toContainEqual(
      expect.objectContaining({ path: 'proposal', code: 'too_short', params: { min: 20 } }),
    );
    // Spaces around do not count.
    const padded = await api.call('POST', '/project_applications', {
      token: ana.token,
      body: projectApplication(p.id, { proposal: `   ${'x'.repeat(19)}    ` }),
    });
    expect(errorsOf(padded.json)).toContainEqual(
      expect.objectContaining({ path: 'proposal', code: 'too_short' }),
    );
    const long = await api.call('POST', '/project_applications', {
      token: ana.token,
      body: projectApplication(p.id, { proposal: 'x'.repeat(5001) }),
    });
    expect(errorsOf(long.json)).toContainEqual(
      expect.objectContaining({ path: 'proposal', code: 'too_long', params: { max: 5000 } }),
    );
    // None of them was stored.
    const rows = await api.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.projectId, p.id));
    expect(rows).toEqual([]);
  });

  it('refuses weeks 0 or 105, a price of 0 and a fraction of a minor unit', async () => {
    const p = await postProject();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ weeks: 0 }, 'weeks', 'too_small'],
      [{ weeks: 105 }, 'weeks', 'too_large'],
      [{ price_proposal: 0 }, 'price_proposal', 'too_small'],
      [{ price_proposal: 10.5 }, 'price_proposal', 'integer'],
      [{ project_id: 'abc' }, 'project_id', 'id'],
    ];
    for (const [over, path, code] of cases) {
      const r = await api.call('POST', '/project_applications', {
        token: ana.token,
        body: projectApplication(p.id, over),
      });
      expect(r.status, path).toBe(400);
      expect(errorsOf(r.json), path).toContainEqual(expect.objectContaining({ path, code }));
    }
  });

  it('answers an unknown project 404', async () => {
    const r = await api.call('POST', '/project_applications', {
      token: ana.token,
      body: projectApplication(987_654),
    });
    expectRefusal(r, 404, 'not_found');
  });

  it('refuses a second application: 409 already_applied', async () => {
    const p = await postProject();
    await applyProject(p.id);
    const again = await api.call('POST', '/project_applications', {
      token: ana.token,
      body: projectApplication(p.id, { proposal: 'A second try at the same project, please.' }),
    });
    expectRefusal(again, 409, 'already_applied');
    // Another talent still can.
    await applyProject(p.id, bob.token);
  });

  it('20 concurrent applications by one talent: exactly one 201, nineteen 409, one row', async () => {
    const p = await postProject();
    const talent = await createTalent(api);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.call('POST', '/project_applications', {
          token: talent.token,
          body: projectApplication(p.id),
        }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    for (const r of answers.filter((x) => x.status === 409)) {
      expect(r.json).toMatchObject({ status: false, code: 'already_applied' });
    }
    const rows = await api.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.projectId, p.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: talent.id });
  });

  it('refuses applying after the project was cancelled: 409 closed', async () => {
    const p = await postProject();
    await api.call('DELETE', '/projects', { token: bea.token, body: { id: p.id } });
    const r = await api.call('POST', '/project_applications', {
      token: ana.token,
      body: projectApplication(p.id),
    });
    expectRefusal(r, 409, 'closed');
  });

  it('refuses applying after the deadline passed (the clock moved): 409 closed', async () => {
    const p = await postProject({ end_date: day(1) });
    const r = await daysLater(3, () =>
      api.call('POST', '/project_applications', {
        token: ana.token,
        body: projectApplication(p.id),
      }),
    );
    expectRefusal(r, 409, 'closed');
    // Before the deadline it takes them.
    await applyProject(p.id, bob.token);
  });

  it('answers a business applying 403 forbidden, and own_posting after a role change', async () => {
    const p = await postProject();
    const r = await api.call('POST', '/project_applications', {
      token: carl.token,
      body: projectApplication(p.id),
    });
    expectRefusal(r, 403, 'forbidden');
    // The owner becomes a talent (the guard is for this) and applies to their own posting.
    const owner = await createBusiness(api);
    const own = await postProject({}, owner.token);
    await api.db.update(users).set({ isTalent: true }).where(eq(users.id, owner.id));
    const mine = await api.call('POST', '/project_applications', {
      token: owner.token,
      body: projectApplication(own.id),
    });
    expectRefusal(mine, 403, 'own_posting');
  });
});

describe('PATCH and DELETE /project_applications', () => {
  it('lets the applicant edit proposal, price_proposal and weeks', async () => {
    const p = await postProject();
    const a = await applyProject(p.id);
    const r = await api.call('PATCH', '/project_applications', {
      token: ana.token,
      body: {
        id: a.id,
        proposal: 'A better proposal: two weeks and five drafts.',
        price_proposal: 100_000,
        weeks: 4,
        accepted: APPLICATION_STATUS.hired,
        user_id: bob.id,
      },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({ status: true, message: expect.any(String) });
    expect(r.json.data).toEqual({
      ...a,
      proposal: 'A better proposal: two weeks and five drafts.',
      price_proposal: 100_000,
      weeks: 4,
      updated_at: expect.any(String),
    });
    const [row] = await api.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.id, a.id));
    expect(row).toMatchObject({ priceProposal: 100_000, weeks: 4, accepted: 0, userId: ana.id });
    // A field alone keeps the others.
    const one = await api.call('PATCH', '/project_applications', {
      token: ana.token,
      body: { id: a.id, weeks: 5 },
    });
    expect(one.json.data).toMatchObject({ weeks: 5, price_proposal: 100_000 });
    // The same rules as POST.
    const short = await api.call('PATCH', '/project_applications', {
      token: ana.token,
      body: { id: a.id, proposal: 'short' },
    });
    expect(short.status).toBe(400);
    expect(errorsOf(short.json)).toContainEqual(
      expect.objectContaining({ path: 'proposal', code: 'too_short' }),
    );
  });

  it('refuses shown_accepted_message true (400 invalid on the field) and writes nothing', async () => {
    const p = await postProject();
    const a = await applyProject(p.id);
    for (const body of [
      { id: a.id, shown_accepted_message: true },
      // Nothing of a body with it is written, not even the valid edits beside it.
      { id: a.id, shown_accepted_message: true, proposal: 'A new proposal, long enough to keep.' },
    ]) {
      const r = await api.call('PATCH', '/project_applications', { token: ana.token, body });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ code: 'invalid_input' });
      expect(errorsOf(r.json)).toEqual([
        expect.objectContaining({ path: 'shown_accepted_message', code: 'invalid' }),
      ]);
    }
    const [row] = await api.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.id, a.id));
    expect(row).toMatchObject({ shownAcceptedMessage: false, proposal: a.proposal });
    // false, the documented value, is taken.
    const cleared = await api.call('PATCH', '/project_applications', {
      token: ana.token,
      body: { id: a.id, shown_accepted_message: false },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.json.data).toMatchObject({ shown_accepted_message: false });
  });

  it('refuses an edit once the project no longer recruits: 409 closed', async () => {
    const p = await postProject();
    const a = await applyProject(p.id);
    await api.call('DELETE', '/projects', { token: bea.token, body: { id: p.id } });
    const r = await api.call('PATCH', '/project_applications', {
      token: ana.token,
      body: { id: a.id, weeks: 6 },
    });
    expectRefusal(r, 409, 'closed');
    const d = await api.call('DELETE', '/project_applications', {
      token: ana.token,
      body: { id: a.id },
    });
    expectRefusal(d, 409, 'closed');
  });

  it('refuses an edit once the deadline has passed (the clock moved): 409 closed', async () => {
    const p = await postProject({ end_date: day(1) });
    const a = await applyProject(p.id);
    const r = await daysLater(3, () =>
      api.call('PATCH', '/project_applications', {
        token: ana.token,
        body: { id: a.id, weeks: 6 },
      }),
    );
    expectRefusal(r, 409, 'closed');
    const [row] = await api.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.id, a.id));
    expect(row?.weeks).toBe(2);
  });

  it('answers another talent 404, like a missing application', async () => {
    const p = await postProject();
    const a = await applyProject(p.id);
    for (const id of [a.id, 987_654]) {
      const r = await api.call('PATCH', '/project_applications', {
        token: bob.token,
        body: { id, weeks: 9 },
      });
      expectRefusal(r, 404, 'not_found');
      const d = await api.call('DELETE', '/project_applications', {
        token: bob.token,
        body: { id },
      });
      expectRefusal(d, 404, 'not_found');
    }
  });

  it('DELETE withdraws: accepted becomes 4 and the project’s applications_count drops', async () => {
    const p = await postProject();
    const a = await applyProject(p.id);
    await applyProject(p.id, bob.token);
    expect((await api.call('GET', `/projects/${p.id}`)).json.data).toMatchObject({
      applications_count: 2,
    });
    const r = await api.call('DELETE', '/project_applications', {
      token: ana.token,
      body: { id: a.id },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({
      id: a.id,
      accepted: APPLICATION_STATUS.withdrawn,
      project: { id: p.id },
    });
    expect((await api.call('GET', `/projects/${p.id}`)).json.data).toMatchObject({
      applications_count: 1,
    });
    // "also when the first was withdrawn"
    const again = await api.call('POST', '/project_applications', {
      token: ana.token,
      body: projectApplication(p.id),
    });
    expectRefusal(again, 409, 'already_applied');
    const rows = await api.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.projectId, p.id));
    expect(rows).toHaveLength(2);
  });
});

describe('job applications', () => {
  it('POST answers 201 with the whole application, file null without a file', async () => {
    const j = await postJob();
    const { status, json } = await api.call('POST', '/job_applications', {
      token: ana.token,
      body: jobApplication(j.id),
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({ status: true, message: expect.any(String) });
    expect(json.data).toEqual({
      id: expect.any(Number),
      job_id: j.id,
      user_id: ana.id,
      summary: 'Five years of Node.js in fintech.',
      experience: 'Led the payments API at Andes Pay.',
      file: null,
      selected: APPLICATION_STATUS.applied,
      reason: null,
      algorand_transaction: null,
      near_transaction: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      job: { id: j.id, name: j.name, job_status_id: 1 },
    });
  });

  it('takes a CV uploaded with POST /file: the answer has file {id, url, name, size}', async () => {
    const j = await postJob();
    const cv = await upload('/file', pdf(), 'cv-ana.pdf');
    const a = await applyJob(j.id, ana.token, { file_id: cv.id });
    expect(a.file).toEqual({ id: cv.id, url: cv.url, name: 'cv-ana.pdf', size: pdf().length });
    const [row] = await api.db.select().from(jobApplications).where(eq(jobApplications.id, a.id));
    expect(row?.fileId).toBe(cv.id);
  });

  it('refuses a file_id that is not an upload (999999), or an image, with 400 on file_id', async () => {
    const j = await postJob();
    const image = await upload('/image', png(64, 64), 'me.png', ana.token);
    for (const file_id of [999_999, image.id]) {
      const r = await api.call('POST', '/job_applications', {
        token: ana.token,
        body: jobApplication(j.id, { file_id }),
      });
      expect(r.status, String(file_id)).toBe(400);
      expect(
        errorsOf(r.json).map((e) => e.path),
        String(file_id),
      ).toContain('file_id');
    }
    const rows = await api.db.select().from(jobApplications).where(eq(jobApplications.jobId, j.id));
    expect(rows).toEqual([]);
  });

  it('refuses an empty summary and answers a business 403', async () => {
    const j = await postJob();
    const r = await api.call('POST', '/job_applications', {
      token: ana.token,
      body: jobApplication(j.id, { summary: '   ' }),
    });
    expect(r.status).toBe(400);
    expect(errorsOf(r.json).map((e) => e.path)).toContain('summary');
    const biz = await api.call('POST', '/job_applications', {
      token: carl.token,
      body: jobApplication(j.id),
    });
    expectRefusal(biz, 403, 'forbidden');
  });

  it('PATCH edits summary, experience and file_id; the same file rules apply', async () => {
    const j = await postJob();
    const a = await applyJob(j.id);
    const cv = await upload('/file', pdf(), 'new-cv.pdf');
    const r = await api.call('PATCH', '/job_applications', {
      token: ana.token,
      body: {
        id: a.id,
        summary: 'Six years of Node.js.',
        experience: 'Also Go.',
        file_id: cv.id,
        selected: APPLICATION_STATUS.hired,
      },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({
      id: a.id,
      summary: 'Six years of Node.js.',
      experience: 'Also Go.',
      file: { id: cv.id, url: cv.url, name: 'new-cv.pdf', size: pdf().length },
      selected: APPLICATION_STATUS.applied,
    });
    const bad = await api.call('PATCH', '/job_applications', {
      token: ana.token,
      body: { id: a.id, file_id: 999_999 },
    });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.json).map((e) => e.path)).toContain('file_id');
    // null removes the CV, and empty experience is none.
    const cleared = await api.call('PATCH', '/job_applications', {
      token: ana.token,
      body: { id: a.id, file_id: null, experience: '' },
    });
    expect(cleared.json.data).toMatchObject({ file: null, experience: null });
  });

  it('a second application is 409 already_applied; 20 at once leave one row', async () => {
    const j = await postJob();
    const talent = await createTalent(api);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.call('POST', '/job_applications', {
          token: talent.token,
          body: jobApplication(j.id),
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    for (const r of answers.filter((x) => x.status === 409)) {
      expect(r.json).toMatchObject({ status: false, code: 'already_applied' });
    }
    const rows = await api.db.select().from(jobApplications).where(eq(jobApplications.jobId, j.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses applying to a cancelled job or after its deadline: 409 closed', async () => {
    const cancelled = await postJob();
    await api.call('DELETE', '/jobs', { token: bea.token, body: { id: cancelled.id } });
    expectRefusal(
      await api.call('POST', '/job_applications', {
        token: ana.token,
        body: jobApplication(cancelled.id),
      }),
      409,
      'closed',
    );
    const soon = await postJob({ end_date: day(1) });
    const late = await daysLater(3, () =>
      api.call('POST', '/job_applications', { token: ana.token, body: jobApplication(soon.id) }),
    );
    expectRefusal(late, 409, 'closed');
  });

  it('DELETE withdraws (selected 4), the count drops, and applying again is already_applied', async () => {
    const j = await postJob();
    const a = await applyJob(j.id);
    expect((await api.call('GET', `/jobs/${j.id}`)).json.data).toMatchObject({
      applications_count: 1,
    });
    const r = await api.call('DELETE', '/job_applications', {
      token: ana.token,
      body: { id: a.id },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ id: a.id, selected: APPLICATION_STATUS.withdrawn });
    expect((await api.call('GET', `/jobs/${j.id}`)).json.data).toMatchObject({
      applications_count: 0,
    });
    expectRefusal(
      await api.call('POST', '/job_applications', { token: ana.token, body: jobApplication(j.id) }),
      409,
      'already_applied',
    );
  });

  it('answers another talent editing or withdrawing 404', async () => {
    const j = await postJob();
    const a = await applyJob(j.id);
    expectRefusal(
      await api.call('PATCH', '/job_applications', {
        token: bob.token,
        body: { id: a.id, summary: 'Mine now' },
      }),
      404,
      'not_found',
    );
    expectRefusal(
      await api.call('DELETE', '/job_applications', { token: bob.token, body: { id: a.id } }),
      404,
      'not_found',
    );
  });
});

describe('the lists', () => {
  let talent: TTestUser;
  let biz: TTestUser;
  let p1: TPosting;
  let p2: TPosting;
  let j1: TPosting;
  let a1: TApplication;
  let a2: TApplication;
  let aj: TApplication;

  beforeAll(async () => {
    talent = await createTalent(api, { name: 'Lista' });
    biz = await createBusiness(api, { name: 'Listing' });
    p1 = await postProject({ name: 'First project' }, biz.token);
    p2 = await postProject({ name: 'Second project' }, biz.token);
    j1 = await postJob({ name: 'Only job' }, biz.token);
    a1 = await applyProject(p1.id, talent.token);
    a2 = await applyProject(p2.id, talent.token);
    await applyProject(p2.id, ana.token);
    aj = await applyJob(j1.id, talent.token);
  });

  it('GET /me/applications?type=project lists mine with the project embedded', async () => {
    const r = await api.call('GET', '/me/applications?type=project', { token: talent.token });
    expect(r.status).toBe(200);
    const page = r.json.data as TPage<TApplication>;
    expect(page).toMatchObject({ total: 2, page: 1, last_page: 1 });
    expect(page.data.map((a) => a.id).sort()).toEqual([a1.id, a2.id].sort());
    const second = page.data.find((a) => a.id === a2.id);
    expect(second).toMatchObject({
      project_id: p2.id,
      user_id: talent.id,
      proposal: PROPOSAL,
      project: { id: p2.id, name: 'Second project', project_status_id: 1, currency: 'USD' },
    });
  });

  it('GET /me/applications?type=job lists my job applications with the job embedded', async () => {
    const r = await api.call('GET', '/me/applications?type=job', { token: talent.token });
    expect(r.status).toBe(200);
    const page = r.json.data as TPage<TApplication>;
    expect(page.total).toBe(1);
    expect(page.data).toEqual([aj]);
    expect(page.data[0]).toMatchObject({ job: { id: j1.id, name: 'Only job' } });
  });

  it('posting_id narrows to the one for that posting', async () => {
    const r = await api.call('GET', `/me/applications?type=project&posting_id=${p1.id}`, {
      token: talent.token,
    });
    expect(r.status).toBe(200);
    const page = r.json.data as TPage<TApplication>;
    expect(page.total).toBe(1);
    expect(page.data.map((a) => a.id)).toEqual([a1.id]);
    const none = await api.call('GET', '/me/applications?type=project&posting_id=987654', {
      token: talent.token,
    });
    expect((none.json.data as TPage<TApplication>).data).toEqual([]);
  });

  it('GET /me/postings?type=project|job lists the business’s own with applications_count', async () => {
    const r = await api.call('GET', '/me/postings?type=project', { token: biz.token });
    expect(r.status).toBe(200);
    const page = r.json.data as TPage<TPosting>;
    expect(page.total).toBe(2);
    const byId = new Map(page.data.map((p) => [p.id, p]));
    expect([...byId.keys()].sort()).toEqual([p1.id, p2.id].sort());
    expect(byId.get(p2.id)).toMatchObject({ name: 'Second project', applications_count: 2 });
    expect(byId.get(p1.id)?.owner).toMatchObject({ id: biz.id });
    const jobsPage = await api.call('GET', '/me/postings?type=job', { token: biz.token });
    expect((jobsPage.json.data as TPage<TPosting>).data).toEqual([
      expect.objectContaining({ id: j1.id, applications_count: 1 }),
    ]);
    // Another business's list holds none of these.
    const others = await api.call('GET', '/me/postings?type=project', { token: carl.token });
    const otherIds = (others.json.data as TPage<TPosting>).data.map((p) => p.id);
    expect(otherIds).not.toContain(p1.id);
  });

  it('lists a cancelled posting among the business’s own', async () => {
    const owner = await createBusiness(api);
    const p = await postProject({}, owner.token);
    await api.call('DELETE', '/projects', { token: owner.token, body: { id: p.id } });
    const r = await api.call('GET', '/me/postings?type=project', { token: owner.token });
    expect((r.json.data as TPage<TPosting>).data).toEqual([
      expect.objectContaining({ id: p.id, project_status_id: 4, accepting: false }),
    ]);
  });

  it('refuses a bad type with 400', async () => {
    const a = await api.call('GET', '/me/applications?type=gig', { token: talent.token });
    expect(a.status).toBe(400);
    const p = await api.call('GET', '/me/postings?type=gig', { token: biz.token });
    expect(p.status).toBe(400);
  });

  it('the user object of GET /users/id/{me} lists projects[] and jobs[] with the application', async () => {
    const r = await api.call('GET', `/users/id/${talent.id}`, { token: talent.token });
    expect(r.status).toBe(200);
    const me = r.json.data as { projects: unknown[]; jobs: unknown[] };
    expect(me.projects).toHaveLength(2);
    expect(me.projects).toContainEqual({
      id: p1.id,
      name: 'First project',
      project_status_id: 1,
      application: expect.objectContaining({
        id: a1.id,
        accepted: APPLICATION_STATUS.applied,
        shown_accepted_message: false,
        ready_to_close: false,
      }),
    });
    expect(me.jobs).toEqual([
      {
        id: j1.id,
        name: 'Only job',
        job_status_id: 1,
        application: expect.objectContaining({ id: aj.id, selected: APPLICATION_STATUS.applied }),
      },
    ]);
    // The owner of a posting the talent applied to sees the e-mail; another business does not.
    const owner = await api.call('GET', `/users/id/${talent.id}`, { token: biz.token });
    expect(owner.json.data).toMatchObject({ email: talent.email });
    const stranger = await api.call('GET', `/users/id/${talent.id}`, { token: carl.token });
    expect(stranger.json.data).not.toHaveProperty('email');
    // Others never see open applications in the public profile.
    const pub = await api.call('GET', `/users/id/${talent.id}`, { token: bob.token });
    expect(pub.json.data).toMatchObject({ projects: [], jobs: [] });
  });
});
