import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, projects } from '@/db/schema';
import { earliestToday } from '@/lib/schemas/marketplace';
import { JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { createTestApi, type TJson } from '../helpers/api';
import { type TTestUser, createBusinesses, createTalent } from '../helpers/users';
import type { TPosting } from '../helpers/marketplace';

// Postings (docs/api.md "Marketplace"): what a business writes, the rules of the shared schema
// (lib/schemas/marketplace.ts) checked again on the server, and how a posting is read.

let api: Awaited<ReturnType<typeof createTestApi>>;
let bea: TTestUser; // a business with a company
let carl: TTestUser; // another business
let tina: TTestUser; // a talent

const DAY = 24 * 3600 * 1000;
/** A calendar date `offset` days from "today in UTC−12" of the test clock. */
const day = (offset: number) => earliestToday(new Date(api.clock.now.getTime() + offset * DAY));

beforeAll(async () => {
  api = await createTestApi();
  [bea, carl] = await createBusinesses(api, 'Bea', 'Carl');
  tina = await createTalent(api, { name: 'Tina' });
  // Bea also runs a workplace (enable_business): her postings still name her company, not it.
  const w = await api.call('POST', '/user_workplaces', {
    token: bea.token,
    body: {
      workplace_name: 'Andes Labs',
      position: 'CEO',
      start_date: '2020-01-01',
      end_date: null,
      work_here: true,
      description: '',
      enable_business: true,
    },
  });
  expect(w.status).toBe(201);
});
afterAll(async () => api.close());
// One account posts, applies and moves here more than a person does in an hour: each test starts
// with fresh rate-limit counters (the limits are tested in flood-limits.test.ts).
beforeEach(async () => api.resetRateLimits());

const project = (over: Record<string, unknown> = {}) => ({
  name: 'Diseño de logo',
  summary: 'A logo for a coffee shop in Cusco',
  description: 'We need a logo.\nVector files and a small brand guide.',
  skills: ['Illustrator', 'Branding'],
  budget: 150_000,
  currency: 'USD',
  weeks: 3,
  modality: 'remote',
  country_code: 'PE',
  end_date: day(30),
  ...over,
});

const job = (over: Record<string, unknown> = {}) => ({
  name: 'Backend developer',
  summary: 'Node.js and PostgreSQL for a payments team',
  description: 'You will build and run our API.',
  requirements: 'Three years with Node.js.',
  skills: ['Node.js', 'PostgreSQL'],
  contract_type: 'full_time',
  min_salary: 300_000,
  max_salary: 500_000,
  currency: 'USD',
  modality: 'hybrid',
  country_code: 'AR',
  end_date: day(30),
  ...over,
});

type TKind = 'projects' | 'jobs';
const bodyOf = (kind: TKind, over: Record<string, unknown> = {}) =>
  kind === 'projects' ? project(over) : job(over);

async function post(kind: TKind, over: Record<string, unknown> = {}, token = bea.token) {
  const r = await api.call('POST', `/${kind}`, { token, body: bodyOf(kind, over) });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.data as TPosting;
}

type TFieldErr = { path: string; code: string; params?: Record<string, unknown> };
const errorsOf = (json: TJson) => (json.errors ?? []) as TFieldErr[];

/** Expects a 400 with a field error on `path` with `code` (and `params`, if given). */
async function expectFieldError(
  r: { status: number; json: TJson },
  path: string,
  code: string,
  params?: Record<string, unknown>,
) {
  expect(r.status, JSON.stringify(r.json)).toBe(400);
  expect(r.json).toMatchObject({ status: false, code: 'invalid_input' });
  expect(errorsOf(r.json)).toContainEqual(
    expect.objectContaining(params ? { path, code, params } : { path, code }),
  );
}

describe('POST /projects', () => {
  it('answers 201 with the whole project: owner {id, name, company}, applications_count 0, accepting true', async () => {
    const { status, json } = await api.call('POST', '/projects', {
      token: bea.token,
      body: project(),
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      status: true,
      message: expect.any(String),
      message_es: expect.any(String),
    });
    const { end_date, ...rest } = project();
    expect(json.data).toEqual({
      ...rest,
      end_date,
      id: expect.any(Number),
      project_status_id: PROJECT_STATUS.recruiting,
      // The posting belongs to Bea's company; owner.company is its name (docs/api.md
      // "Companies and teams"), no longer the workplace she runs.
      company: { id: bea.companyId, slug: 'bea-co', name: 'Bea Co' },
      owner: { id: bea.id, name: expect.stringContaining('Bea'), company: 'Bea Co' },
      applications_count: 0,
      created_at: expect.any(String),
      accepting: true,
      deadline_passed: false,
      // Whether the caller saved it: only a talent saves (docs/api.md "Favourites").
      saved: false,
    });
    const created = (json.data as TPosting).created_at as string;
    expect(Number.isNaN(Date.parse(created))).toBe(false);
    const [row] = await api.db
      .select()
      .from(projects)
      .where(eq(projects.id, (json.data as TPosting).id));
    expect(row).toMatchObject({
      ownerId: bea.id,
      companyId: bea.companyId,
      budget: 150_000,
      currency: 'USD',
    });
  });

  it('names the company of a business without a business workplace: every business has one', async () => {
    // Before companies, owner.company was null here; now every business posts for its company.
    const p = await post('projects', {}, carl.token);
    expect(p.owner).toEqual({
      id: carl.id,
      name: expect.stringContaining('Carl'),
      company: 'Carl Co',
    });
    expect(p.company).toEqual({ id: carl.companyId, slug: 'carl-co', name: 'Carl Co' });
  });

  it('ignores unknown fields, owner_id, status and counts sent by the client', async () => {
    const p = await post('projects', {
      owner_id: carl.id,
      project_status_id: PROJECT_STATUS.finished,
      applications_count: 99,
      accepting: false,
      id: 987_654,
      is_admin: true,
    });
    expect(p).toMatchObject({
      project_status_id: PROJECT_STATUS.recruiting,
      applications_count: 0,
      accepting: true,
      owner: { id: bea.id },
    });
    expect(p.id).not.toBe(987_654);
    expect(p).not.toHaveProperty('is_admin');
    const [row] = await api.db.select().from(projects).where(eq(projects.id, p.id));
    expect(row).toMatchObject({ ownerId: bea.id, projectStatusId: PROJECT_STATUS.recruiting });
  });

  it('stores a lower-case currency in upper case ("usd" is stored "USD")', async () => {
    const p = await post('projects', { currency: 'usd' });
    expect(p.currency).toBe('USD');
    const [row] = await api.db.select().from(projects).where(eq(projects.id, p.id));
    expect(row?.currency).toBe('USD');
  });

  it('drops repeated skills in any case, keeping the first spelling', async () => {
    const p = await post('projects', {
      skills: ['React', 'react', ' REACT ', 'Node.js', 'node.JS'],
    });
    expect(p.skills).toEqual(['React', 'Node.js']);
  });

  it('takes an empty end_date as none, and today in UTC−12 as a deadline', async () => {
    const none = await post('projects', { end_date: '' });
    expect(none).toMatchObject({ end_date: null, accepting: true });
    const today = await post('projects', { end_date: day(0) });
    expect(today).toMatchObject({ end_date: day(0), accepting: true });
  });

  it('refuses a name of 151 characters: "name ≤ 150" (too_long)', async () => {
    const r = await api.call('POST', '/projects', {
      token: bea.token,
      body: project({ name: 'x'.repeat(151) }),
    });
    await expectFieldError(r, 'name', 'too_long', { max: 150 });
  });

  it('refuses a summary of 301 characters and a description of 8,001', async () => {
    await expectFieldError(
      await api.call('POST', '/projects', {
        token: bea.token,
        body: project({ summary: 's'.repeat(301) }),
      }),
      'summary',
      'too_long',
      { max: 300 },
    );
    await expectFieldError(
      await api.call('POST', '/projects', {
        token: bea.token,
        body: project({ description: 'd'.repeat(8001) }),
      }),
      'description',
      'too_long',
      { max: 8000 },
    );
  });

  it('refuses a name or summary with a line break: "on one line"', async () => {
    for (const field of ['name', 'summary']) {
      const r = await api.call('POST', '/projects', {
        token: bea.token,
        body: project({ [field]: 'first\nsecond' }),
      });
      await expectFieldError(r, field, 'line_breaks');
    }
  });

  it('refuses a budget of 0 or below (too_small), a fraction (integer) and above 2,000,000,000 (too_large)', async () => {
    const cases: [unknown, string][] = [
      [0, 'too_small'],
      [-500, 'too_small'],
      [1500.5, 'integer'],
      [2_000_000_001, 'too_large'],
    ];
    for (const [budget, code] of cases) {
      const r = await api.call('POST', '/projects', {
        token: bea.token,
        body: project({ budget }),
      });
      await expectFieldError(r, 'budget', code);
    }
    // The bounds themselves are taken.
    expect((await post('projects', { budget: 1 })).budget).toBe(1);
    expect((await post('projects', { budget: 2_000_000_000 })).budget).toBe(2_000_000_000);
  });

  it('refuses weeks 0 (too_small) and 105 (too_large): "weeks 1–104"', async () => {
    await expectFieldError(
      await api.call('POST', '/projects', { token: bea.token, body: project({ weeks: 0 }) }),
      'weeks',
      'too_small',
      { min: 1 },
    );
    await expectFieldError(
      await api.call('POST', '/projects', { token: bea.token, body: project({ weeks: 105 }) }),
      'weeks',
      'too_large',
      { max: 104 },
    );
    expect((await post('projects', { weeks: 104 })).weeks).toBe(104);
  });

  it('refuses a currency not in the list ("XYZ") with code currency', async () => {
    for (const currency of ['XYZ', 'US', 'dollars']) {
      const r = await api.call('POST', '/projects', {
        token: bea.token,
        body: project({ currency }),
      });
      await expectFieldError(r, 'currency', 'currency');
    }
  });

  it('refuses a country not in GET /countries ("ZZ") with code country', async () => {
    const r = await api.call('POST', '/projects', {
      token: bea.token,
      body: project({ country_code: 'ZZ' }),
    });
    await expectFieldError(r, 'country_code', 'country');
  });

  it('refuses an end_date before today in UTC−12 (date_past)', async () => {
    const r = await api.call('POST', '/projects', {
      token: bea.token,
      body: project({ end_date: day(-1) }),
    });
    await expectFieldError(r, 'end_date', 'date_past');
  });

  it('checks the deadline against the request clock, not the wall clock', async () => {
    const saved = api.clock.now;
    try {
      // Tomorrow for the wall clock is already past once the server's clock is three days on.
      const tomorrow = day(1);
      api.clock.now = new Date(saved.getTime() + 3 * DAY);
      const r = await api.call('POST', '/projects', {
        token: bea.token,
        body: project({ end_date: tomorrow }),
      });
      await expectFieldError(r, 'end_date', 'date_past');
    } finally {
      api.clock.now = saved;
    }
  });

  it('refuses more than 15 skills (too_many) and a skill of 61 characters', async () => {
    const sixteen = Array.from({ length: 16 }, (_, i) => `Skill ${i}`);
    await expectFieldError(
      await api.call('POST', '/projects', { token: bea.token, body: project({ skills: sixteen }) }),
      'skills',
      'too_many',
      { max: 15 },
    );
    expect((await post('projects', { skills: sixteen.slice(0, 15) })).skills).toHaveLength(15);
    const r = await api.call('POST', '/projects', {
      token: bea.token,
      body: project({ skills: ['ok', 'x'.repeat(61)] }),
    });
    expect(r.status).toBe(400);
    expect(errorsOf(r.json).map((e) => e.path)).toContainEqual(expect.stringMatching(/^skills/));
  });

  it('keeps 30 copies of one skill, in any case, as that one skill: repeats are dropped before counting', async () => {
    const copies = Array.from({ length: 30 }, (_, i) => (i % 2 ? 'figma' : 'Figma'));
    expect((await post('projects', { skills: copies })).skills).toEqual(['Figma']);
    expect((await post('jobs', { skills: copies })).skills).toEqual(['Figma']);
    // Fifteen different skills, each repeated in another case, are fifteen.
    const fifteen = Array.from({ length: 15 }, (_, i) => `Skill ${i}`);
    const twice = [...fifteen, ...fifteen.map((s) => s.toUpperCase())];
    expect((await post('projects', { skills: twice })).skills).toEqual(fifteen);
    // Sixteen different ones among repeats are still too many.
    await expectFieldError(
      await api.call('POST', '/projects', {
        token: bea.token,
        body: project({ skills: [...twice, 'Skill 15'] }),
      }),
      'skills',
      'too_many',
      { max: 15 },
    );
  });

  it('refuses an unknown modality and missing required fields', async () => {
    await expectFieldError(
      await api.call('POST', '/projects', {
        token: bea.token,
        body: project({ modality: 'moon' }),
      }),
      'modality',
      'choice',
    );
    for (const field of ['name', 'summary', 'description', 'budget', 'currency', 'weeks']) {
      const r = await api.call('POST', '/projects', {
        token: bea.token,
        body: project({ [field]: undefined }),
      });
      expect(r.status, field).toBe(400);
      expect(
        errorsOf(r.json).map((e) => e.path),
        field,
      ).toContain(field);
    }
  });

  it('answers a talent posting 403 forbidden, and nobody signed in 401', async () => {
    const t = await api.call('POST', '/projects', { token: tina.token, body: project() });
    expect(t.status).toBe(403);
    expect(t.json).toMatchObject({ status: false, code: 'forbidden' });
    const a = await api.call('POST', '/projects', { body: project() });
    expect(a.status).toBe(401);
    expect(a.json).toMatchObject({ status: false, code: 'unauthorized' });
  });
});

describe('POST /jobs', () => {
  it('answers 201 with the whole job: requirements, contract_type, salaries, job_status_id', async () => {
    const { status, json } = await api.call('POST', '/jobs', { token: bea.token, body: job() });
    expect(status).toBe(201);
    expect(json).toMatchObject({ status: true, message: expect.any(String) });
    expect(json.data).toEqual({
      ...job(),
      id: expect.any(Number),
      job_status_id: JOB_STATUS.recruiting,
      company: { id: bea.companyId, slug: 'bea-co', name: 'Bea Co' },
      owner: { id: bea.id, name: expect.stringContaining('Bea'), company: 'Bea Co' },
      applications_count: 0,
      created_at: expect.any(String),
      accepting: true,
      deadline_passed: false,
      // Whether the caller saved it: only a talent saves (docs/api.md "Favourites").
      saved: false,
    });
    expect(json.data).not.toHaveProperty('budget');
    expect(json.data).not.toHaveProperty('weeks');
  });

  it('takes a job without salaries or requirements', async () => {
    const j = await post('jobs', { min_salary: null, max_salary: undefined, requirements: '' });
    expect(j).toMatchObject({ min_salary: null, max_salary: null, requirements: null });
  });

  it('refuses min_salary above max_salary on max_salary (min_above_max)', async () => {
    const r = await api.call('POST', '/jobs', {
      token: bea.token,
      body: job({ min_salary: 600_000, max_salary: 500_000 }),
    });
    await expectFieldError(r, 'max_salary', 'min_above_max');
    // Equal bounds are a range.
    const j = await post('jobs', { min_salary: 400_000, max_salary: 400_000 });
    expect(j).toMatchObject({ min_salary: 400_000, max_salary: 400_000 });
  });

  it('refuses salaries of 0, negative or fractional, and an unknown contract type', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ min_salary: 0 }, 'min_salary', 'too_small'],
      [{ max_salary: -1 }, 'max_salary', 'too_small'],
      [{ min_salary: 10.5 }, 'min_salary', 'integer'],
      [{ contract_type: 'forever' }, 'contract_type', 'choice'],
      [{ currency: 'XYZ' }, 'currency', 'currency'],
      [{ country_code: 'ZZ' }, 'country_code', 'country'],
      [{ end_date: day(-1) }, 'end_date', 'date_past'],
      [{ name: 'n'.repeat(151) }, 'name', 'too_long'],
    ];
    for (const [over, path, code] of cases) {
      const r = await api.call('POST', '/jobs', { token: bea.token, body: job(over) });
      await expectFieldError(r, path, code);
    }
  });

  it('answers a talent posting a job 403 forbidden', async () => {
    const r = await api.call('POST', '/jobs', { token: tina.token, body: job() });
    expect(r.status).toBe(403);
    expect(r.json).toMatchObject({ code: 'forbidden' });
  });
});

describe.each<TKind>(['projects', 'jobs'])('PATCH /%s', (kind) => {
  const statusField = kind === 'projects' ? 'project_status_id' : 'job_status_id';

  it('changes the fields sent and keeps the others ("checked merged with what is stored")', async () => {
    const p = await post(kind);
    const r = await api.call('PATCH', `/${kind}`, {
      token: bea.token,
      body: { id: p.id, name: 'Diseño de logo y tarjetas', skills: ['Figma', 'figma'] },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({ status: true, message: expect.any(String) });
    expect(r.json.data).toEqual({
      ...p,
      name: 'Diseño de logo y tarjetas',
      skills: ['Figma'],
    });
    const read = await api.call('GET', `/${kind}/${p.id}`);
    // The page's read adds the company's responsiveness (none under 10 applications).
    expect(read.json.data).toEqual({
      ...(r.json.data as object),
      responsiveness: null,
      invitation: null,
    });
  });

  it('keeps 30 copies of one skill as that one skill, as a POST does', async () => {
    const p = await post(kind);
    const r = await api.call('PATCH', `/${kind}`, {
      token: bea.token,
      body: { id: p.id, skills: Array.from({ length: 30 }, () => 'Node.js') },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ skills: ['Node.js'] });
  });

  it('ignores unknown fields and the status sent by the client', async () => {
    const p = await post(kind);
    const r = await api.call('PATCH', `/${kind}`, {
      token: bea.token,
      body: { id: p.id, [statusField]: 3, owner_id: carl.id, hacker: 1, summary: 'New summary' },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ [statusField]: 1, owner: { id: bea.id } });
    expect(r.json.data).not.toHaveProperty('hacker');
  });

  it('applies the rules to the fields sent (name 151 → too_long, end_date yesterday → date_past)', async () => {
    const p = await post(kind);
    await expectFieldError(
      await api.call('PATCH', `/${kind}`, {
        token: bea.token,
        body: { id: p.id, name: 'x'.repeat(151) },
      }),
      'name',
      'too_long',
    );
    await expectFieldError(
      await api.call('PATCH', `/${kind}`, {
        token: bea.token,
        body: { id: p.id, end_date: day(-1) },
      }),
      'end_date',
      'date_past',
    );
    await expectFieldError(
      await api.call('PATCH', `/${kind}`, {
        token: bea.token,
        body: { id: p.id, currency: 'XYZ' },
      }),
      'currency',
      'currency',
    );
    // Nothing was stored.
    expect((await api.call('GET', `/${kind}/${p.id}`)).json.data).toEqual({
      ...p,
      responsiveness: null,
      invitation: null,
    });
  });

  it('answers another business 404 not_found, like a missing posting', async () => {
    const p = await post(kind);
    for (const id of [p.id, 987_654]) {
      const r = await api.call('PATCH', `/${kind}`, {
        token: carl.token,
        body: { id, name: 'Taken over' },
      });
      expect(r.status, String(id)).toBe(404);
      expect(r.json).toMatchObject({ status: false, code: 'not_found' });
    }
    expect((await api.call('GET', `/${kind}/${p.id}`)).json.data).toMatchObject({
      name: p.name,
    });
  });

  it('refuses a PATCH after the posting was cancelled: 409 closed', async () => {
    const p = await post(kind);
    expect(
      (await api.call('DELETE', `/${kind}`, { token: bea.token, body: { id: p.id } })).status,
    ).toBe(200);
    const r = await api.call('PATCH', `/${kind}`, {
      token: bea.token,
      body: { id: p.id, name: 'Reopened' },
    });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ status: false, code: 'closed' });
  });
});

describe('PATCH /jobs merged with what is stored', () => {
  it('refuses a min_salary above the stored max_salary (400 max_salary min_above_max)', async () => {
    const j = await post('jobs', { min_salary: 300_000, max_salary: 500_000 });
    const r = await api.call('PATCH', '/jobs', {
      token: bea.token,
      body: { id: j.id, min_salary: 600_000 },
    });
    await expectFieldError(r, 'max_salary', 'min_above_max');
    const [row] = await api.db.select().from(jobs).where(eq(jobs.id, j.id));
    expect(row).toMatchObject({ minSalary: 300_000, maxSalary: 500_000 });
    // Moving both bounds at once is fine, and so is a maximum alone that stays above the minimum.
    const both = await api.call('PATCH', '/jobs', {
      token: bea.token,
      body: { id: j.id, min_salary: 600_000, max_salary: 700_000 },
    });
    expect(both.status).toBe(200);
    expect(both.json.data).toMatchObject({ min_salary: 600_000, max_salary: 700_000 });
    const below = await api.call('PATCH', '/jobs', {
      token: bea.token,
      body: { id: j.id, max_salary: 500_000 },
    });
    await expectFieldError(below, 'max_salary', 'min_above_max');
  });
});

describe('PATCH and a stored deadline that has passed', () => {
  it('judges it by the request clock, whatever clock passed it', async () => {
    // A: the stored deadline passed for the wall clock and the request clock alike (as in
    // production, where they are one clock).
    const a = await post('projects', { end_date: day(2) });
    await api.db
      .update(projects)
      .set({ endDate: day(-3) })
      .where(eq(projects.id, a.id));
    const wall = await api.call('PATCH', '/projects', {
      token: bea.token,
      body: { id: a.id, name: 'Renamed A' },
    });
    // B: the same, but only the request clock has moved past the deadline.
    const b = await post('projects', { end_date: day(1) });
    const saved = api.clock.now;
    let moved: Awaited<ReturnType<typeof api.call>>;
    try {
      api.clock.now = new Date(saved.getTime() + 4 * DAY);
      moved = await api.call('PATCH', '/projects', {
        token: bea.token,
        body: { id: b.id, name: 'Renamed B' },
      });
    } finally {
      api.clock.now = saved;
    }
    expect(
      wall.status,
      `passed by both clocks: ${JSON.stringify(wall.json)}; by the request clock only: ${JSON.stringify(moved.json)}`,
    ).toBe(moved.status);
  });
});

describe.each<TKind>(['projects', 'jobs'])('DELETE /%s', (kind) => {
  const statusField = kind === 'projects' ? 'project_status_id' : 'job_status_id';

  it('cancels: status 4, and the posting then has accepting false', async () => {
    const p = await post(kind);
    const r = await api.call('DELETE', `/${kind}`, { token: bea.token, body: { id: p.id } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: true, message: expect.any(String) });
    expect(r.json.data).toMatchObject({ id: p.id, [statusField]: 4, accepting: false });
    const read = await api.call('GET', `/${kind}/${p.id}`);
    expect(read.status).toBe(200);
    expect(read.json.data).toMatchObject({ [statusField]: 4, accepting: false });
    const table = kind === 'projects' ? projects : jobs;
    const [row] = await api.db.select().from(table).where(eq(table.id, p.id));
    expect(row).toMatchObject(kind === 'projects' ? { projectStatusId: 4 } : { jobStatusId: 4 });
  });

  it('refuses a second DELETE: 409 closed', async () => {
    const p = await post(kind);
    await api.call('DELETE', `/${kind}`, { token: bea.token, body: { id: p.id } });
    const r = await api.call('DELETE', `/${kind}`, { token: bea.token, body: { id: p.id } });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ status: false, code: 'closed' });
  });

  it('cancels once when ten DELETEs arrive at once: one 200, nine 409 closed', async () => {
    const p = await post(kind);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.call('DELETE', `/${kind}`, { token: bea.token, body: { id: p.id } }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    for (const r of answers.filter((x) => x.status === 409)) {
      expect(r.json).toMatchObject({ status: false, code: 'closed' });
    }
  });

  it('answers another business 404 and leaves the posting recruiting', async () => {
    const p = await post(kind);
    const r = await api.call('DELETE', `/${kind}`, { token: carl.token, body: { id: p.id } });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ code: 'not_found' });
    expect((await api.call('GET', `/${kind}/${p.id}`)).json.data).toMatchObject({
      [statusField]: 1,
      accepting: true,
    });
  });

  it('answers a body without a valid id 400 on id', async () => {
    await expectFieldError(
      await api.call('DELETE', `/${kind}`, { token: bea.token, body: {} }),
      'id',
      'required',
    );
    for (const body of [{ id: 'abc' }, { id: 0 }, { id: -1 }]) {
      const r = await api.call('DELETE', `/${kind}`, { token: bea.token, body });
      await expectFieldError(r, 'id', 'id');
    }
  });
});

describe.each<TKind>(['projects', 'jobs'])('GET /%s/{id}', (kind) => {
  it('answers the posting to anyone: anonymous, a talent, another business, the owner', async () => {
    const p = await post(kind);
    for (const token of [undefined, tina.token, carl.token, bea.token]) {
      const r = await api.call('GET', `/${kind}/${p.id}`, { token });
      expect(r.status).toBe(200);
      // Nobody here was invited to it (docs/api.md "Invitations to apply").
      expect(r.json).toEqual({
        status: true,
        data: { ...p, responsiveness: null, invitation: null },
      });
    }
  });

  it('answers 404 for an unknown id, and for "abc", 0 or 99999999999', async () => {
    for (const id of ['987654', 'abc', '0', '99999999999']) {
      const r = await api.call('GET', `/${kind}/${id}`);
      expect(r.status, id).toBe(404);
      expect(r.json).toMatchObject({ status: false, code: 'not_found' });
    }
  });

  it('shows a posting whose deadline has passed with accepting false', async () => {
    const p = await post(kind, { end_date: day(1) });
    expect(p.accepting).toBe(true);
    const saved = api.clock.now;
    try {
      api.clock.now = new Date(saved.getTime() + 3 * DAY);
      const r = await api.call('GET', `/${kind}/${p.id}`);
      expect(r.json.data).toMatchObject({ accepting: false });
    } finally {
      api.clock.now = saved;
    }
    expect((await api.call('GET', `/${kind}/${p.id}`)).json.data).toMatchObject({
      accepting: true,
    });
  });

  it('keeps accepting until end_date has passed everywhere on Earth (UTC−12)', async () => {
    const deadline = day(5);
    const p = await post(kind, { end_date: deadline });
    const next = new Date(Date.parse(`${deadline}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
    const saved = api.clock.now;
    try {
      // The deadline's last hour in UTC−12 is 11:00–12:00 UTC of the next day.
      api.clock.now = new Date(`${next}T11:59:59Z`);
      expect((await api.call('GET', `/${kind}/${p.id}`)).json.data).toMatchObject({
        accepting: true,
      });
      api.clock.now = new Date(`${next}T12:00:00Z`);
      expect((await api.call('GET', `/${kind}/${p.id}`)).json.data).toMatchObject({
        accepting: false,
      });
    } finally {
      api.clock.now = saved;
    }
  });
});
