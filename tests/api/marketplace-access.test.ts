import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { earliestToday } from '@/lib/schemas/marketplace';
import { createTestApi } from '../helpers/api';
import { type TTestUser, createBusinesses, createTalents } from '../helpers/users';

// Who may make each marketplace call (docs/api.md "Marketplace"): one test per call and caller.
// A call of one role ("business", "talent", and the owner's or applicant's writes, which only that
// role can make) answers the other role 403 forbidden, before looking at any id; among the role,
// another user's posting or application is 404 not_found, "like a missing one". Signed-in calls
// answer 401 to nobody signed in. Every cell gets fresh postings and applications, so that a
// cancel or a withdrawal in one cell changes nothing in another.

let api: Awaited<ReturnType<typeof createTestApi>>;
let owner: TTestUser; // the business that owns the postings
let otherBusiness: TTestUser;
let talent: TTestUser; // the applicant, for the application calls
let otherTalent: TTestUser;

beforeAll(async () => {
  api = await createTestApi();
  [owner, otherBusiness] = await createBusinesses(api, 'Owner', 'Other');
  [talent, otherTalent] = await createTalents(api, 'Applicant', 'Bystander');
});
afterAll(async () => api.close());
// One account posts, applies and moves here more than a person does in an hour: each test starts
// with fresh rate-limit counters (the limits are tested in flood-limits.test.ts).
beforeEach(async () => api.resetRateLimits());

const CALLERS = [
  'anonymous',
  'the owner',
  'another business',
  'the talent',
  'another talent',
] as const;
type TCaller = (typeof CALLERS)[number];

const tokenOf = (caller: TCaller): string | undefined =>
  ({
    anonymous: undefined,
    'the owner': owner.token,
    'another business': otherBusiness.token,
    'the talent': talent.token,
    'another talent': otherTalent.token,
  })[caller];

const futureDay = () => earliestToday(new Date(api.clock.now.getTime() + 30 * 24 * 3600 * 1000));

const projectBody = () => ({
  name: 'Access project',
  summary: 'A project for the access table',
  description: 'Anything.',
  skills: ['Testing'],
  budget: 100_000,
  currency: 'USD',
  weeks: 2,
  modality: 'remote',
  country_code: 'PE',
  end_date: futureDay(),
});

const jobBody = () => ({
  name: 'Access job',
  summary: 'A job for the access table',
  description: 'Anything.',
  skills: ['Testing'],
  contract_type: 'part_time',
  min_salary: 100_000,
  max_salary: 200_000,
  currency: 'EUR',
  modality: 'onsite',
  country_code: 'ES',
  end_date: futureDay(),
});

async function created(path: string, token: string, body: unknown): Promise<number> {
  const r = await api.call('POST', path, { token, body });
  expect(r.status, `setup ${path}: ${JSON.stringify(r.json)}`).toBe(201);
  return (r.json.data as { id: number }).id;
}

const newProject = () => created('/projects', owner.token, projectBody());
const newJob = () => created('/jobs', owner.token, jobBody());
const newProjectApplication = async () =>
  created('/project_applications', talent.token, {
    project_id: await newProject(),
    proposal: 'A proposal long enough to be taken.',
    price_proposal: 90_000,
    weeks: 2,
    lang: 'en',
  });
const newJobApplication = async () =>
  created('/job_applications', talent.token, {
    job_id: await newJob(),
    summary: 'My summary.',
    lang: 'en',
  });

type TRequest = { method: string; path: string; body?: unknown };
type TRow = {
  call: string;
  /** Builds the request, with whatever fresh data it needs. */
  request: () => Promise<TRequest>;
  expected: Record<TCaller, number>;
};

const everyone = (status: number) =>
  Object.fromEntries(CALLERS.map((c) => [c, status])) as Record<TCaller, number>;
/** A call for a role: 401 anonymous, `ok` for the role, 403 for the other one. */
const businessOnly = (ok: number) => ({
  anonymous: 401,
  'the owner': ok,
  'another business': ok,
  'the talent': 403,
  'another talent': 403,
});
const talentOnly = (ok: number) => ({
  anonymous: 401,
  'the owner': 403,
  'another business': 403,
  'the talent': ok,
  'another talent': ok,
});
/** A business call for the owner only: another business is 404, like a missing posting. */
const ownerOnly = { ...businessOnly(200), 'another business': 404 };
/** A talent call for the applicant only: another talent is 404, like a missing application. */
const applicantOnly = { ...talentOnly(200), 'another talent': 404 };

const ROWS: TRow[] = [
  {
    call: 'GET /projects',
    request: async () => ({ method: 'GET', path: '/projects' }),
    expected: everyone(200),
  },
  {
    call: 'GET /jobs',
    request: async () => ({ method: 'GET', path: '/jobs' }),
    expected: everyone(200),
  },
  {
    call: 'GET /projects/{id}',
    request: async () => ({ method: 'GET', path: `/projects/${await newProject()}` }),
    expected: everyone(200),
  },
  {
    call: 'GET /jobs/{id}',
    request: async () => ({ method: 'GET', path: `/jobs/${await newJob()}` }),
    expected: everyone(200),
  },
  {
    call: 'POST /projects',
    request: async () => ({ method: 'POST', path: '/projects', body: projectBody() }),
    expected: businessOnly(201),
  },
  {
    call: 'POST /jobs',
    request: async () => ({ method: 'POST', path: '/jobs', body: jobBody() }),
    expected: businessOnly(201),
  },
  {
    call: 'PATCH /projects',
    request: async () => ({
      method: 'PATCH',
      path: '/projects',
      body: { id: await newProject(), name: 'Renamed' },
    }),
    expected: ownerOnly,
  },
  {
    call: 'PATCH /jobs',
    request: async () => ({
      method: 'PATCH',
      path: '/jobs',
      body: { id: await newJob(), name: 'Renamed' },
    }),
    expected: ownerOnly,
  },
  {
    call: 'DELETE /projects',
    request: async () => ({
      method: 'DELETE',
      path: '/projects',
      body: { id: await newProject() },
    }),
    expected: ownerOnly,
  },
  {
    call: 'DELETE /jobs',
    request: async () => ({ method: 'DELETE', path: '/jobs', body: { id: await newJob() } }),
    expected: ownerOnly,
  },
  {
    call: 'POST /project_applications',
    request: async () => ({
      method: 'POST',
      path: '/project_applications',
      body: {
        project_id: await newProject(),
        proposal: 'A proposal long enough to be taken.',
        price_proposal: 90_000,
        weeks: 2,
        lang: 'en',
      },
    }),
    expected: talentOnly(201),
  },
  {
    call: 'POST /job_applications',
    request: async () => ({
      method: 'POST',
      path: '/job_applications',
      body: { job_id: await newJob(), summary: 'My summary.', lang: 'en' },
    }),
    expected: talentOnly(201),
  },
  {
    call: 'PATCH /project_applications',
    request: async () => ({
      method: 'PATCH',
      path: '/project_applications',
      body: { id: await newProjectApplication(), weeks: 3 },
    }),
    expected: applicantOnly,
  },
  {
    call: 'PATCH /job_applications',
    request: async () => ({
      method: 'PATCH',
      path: '/job_applications',
      body: { id: await newJobApplication(), summary: 'Changed summary.' },
    }),
    expected: applicantOnly,
  },
  {
    call: 'DELETE /project_applications',
    request: async () => ({
      method: 'DELETE',
      path: '/project_applications',
      body: { id: await newProjectApplication() },
    }),
    expected: applicantOnly,
  },
  {
    call: 'DELETE /job_applications',
    request: async () => ({
      method: 'DELETE',
      path: '/job_applications',
      body: { id: await newJobApplication() },
    }),
    expected: applicantOnly,
  },
  {
    call: 'GET /me/applications?type=project',
    request: async () => ({ method: 'GET', path: '/me/applications?type=project' }),
    expected: talentOnly(200),
  },
  {
    call: 'GET /me/applications?type=job',
    request: async () => ({ method: 'GET', path: '/me/applications?type=job' }),
    expected: talentOnly(200),
  },
  {
    call: 'GET /me/postings?type=project',
    request: async () => ({ method: 'GET', path: '/me/postings?type=project' }),
    expected: businessOnly(200),
  },
  {
    call: 'GET /me/postings?type=job',
    request: async () => ({ method: 'GET', path: '/me/postings?type=job' }),
    expected: businessOnly(200),
  },
  {
    call: 'GET /talents',
    request: async () => ({ method: 'GET', path: '/talents' }),
    expected: businessOnly(200),
  },
];

const CODE_OF: Record<number, string> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' };

const CELLS = ROWS.flatMap((row) =>
  CALLERS.map((caller) => ({ ...row, caller, status: row.expected[caller] })),
);

describe('marketplace access', () => {
  it('covers every call for every caller', () => {
    expect(ROWS).toHaveLength(21);
    expect(CELLS).toHaveLength(21 * CALLERS.length);
  });

  it.each(CELLS)('$call by $caller → $status', async ({ request, caller, status }) => {
    const { method, path, body } = await request();
    const r = await api.call(method, path, { token: tokenOf(caller), body });
    expect(r.status, JSON.stringify(r.json)).toBe(status);
    expect(r.json.status).toBe(status < 300);
    if (CODE_OF[status]) expect(r.json).toMatchObject({ code: CODE_OF[status] });
  });
});
