import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { createTestApi, socketFrom, type TJson } from '../helpers/api';
import { type TTestUser, createBusinesses, createTalents } from '../helpers/users';
import {
  errorsOf,
  expectRefusal,
  pipelineFixtures,
  type TNotification,
} from '../helpers/marketplace';

// Who may make each pipeline and notification call (docs/api.md "Pipeline and lifecycle" and
// "Notifications"), one test per call and caller: 401 to nobody signed in, 403 to the wrong role
// (before looking at any id), 404 for another business's posting or another talent's application
// or notification — "like a missing one", so nothing says it exists — and success for the
// rightful caller. Every cell builds its own postings and applications, so that a start, an end
// or a status change in one cell changes nothing in another. Then the bad inputs: ids that are
// not numbers or overflow, unknown fields, an oversized reason, a body that is not an object.

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
let owner: TTestUser; // the business that owns the postings
let otherBusiness: TTestUser;
let talent: TTestUser; // the applicant
let otherTalent: TTestUser;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
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
  'the applicant',
  'another talent',
] as const;
type TCaller = (typeof CALLERS)[number];

const tokenOf = (caller: TCaller): string | undefined =>
  ({
    anonymous: undefined,
    'the owner': owner.token,
    'another business': otherBusiness.token,
    'the applicant': talent.token,
    'another talent': otherTalent.token,
  })[caller];

const { hired, shortlisted } = APPLICATION_STATUS;

// Fresh fixtures: a posting of the owner with one application of the applicant, in some state.
const projectApplication = async () => {
  const posting = await fx.postProject(owner.token);
  return { posting, application: await fx.applyProject(talent.token, posting.id) };
};
const jobApplication = async () => {
  const posting = await fx.postJob(owner.token);
  return { posting, application: await fx.applyJob(talent.token, posting.id) };
};
const hiredProject = async () => {
  const f = await projectApplication();
  await fx.move('project', owner.token, f.application.id, hired);
  return f;
};
const startedProject = async () => {
  const f = await hiredProject();
  await fx.start(owner.token, f.posting.id);
  return f;
};

type TRequest = { method: string; path: string; body?: unknown };
type TRow = {
  call: string;
  /** Builds the request, with whatever fresh data it needs. */
  request: () => Promise<TRequest>;
  expected: Record<TCaller, number>;
};

/** A call for the owner only: another business is 404, like a missing posting; talents 403. */
const ownerOnly = {
  anonymous: 401,
  'the owner': 200,
  'another business': 404,
  'the applicant': 403,
  'another talent': 403,
};
/** A call for the applicant only: another talent is 404, like a missing application. */
const applicantOnly = {
  anonymous: 401,
  'the owner': 403,
  'another business': 403,
  'the applicant': 200,
  'another talent': 404,
};
/** Any signed-in user, about their own notifications. */
const signedIn = {
  anonymous: 401,
  'the owner': 200,
  'another business': 200,
  'the applicant': 200,
  'another talent': 200,
};
/** A notification of the applicant: anyone else signed in is 404, "another's is 404". */
const applicantsNotification = {
  anonymous: 401,
  'the owner': 404,
  'another business': 404,
  'the applicant': 200,
  'another talent': 404,
};

const ROWS: TRow[] = [
  {
    call: 'GET /projects/{id}/applications',
    request: async () => ({
      method: 'GET',
      path: `/projects/${(await projectApplication()).posting.id}/applications`,
    }),
    expected: ownerOnly,
  },
  {
    call: 'GET /jobs/{id}/applications',
    request: async () => ({
      method: 'GET',
      path: `/jobs/${(await jobApplication()).posting.id}/applications`,
    }),
    expected: ownerOnly,
  },
  {
    call: 'POST /project_applications/changeApplicationStatus',
    request: async () => ({
      method: 'POST',
      path: '/project_applications/changeApplicationStatus',
      body: { application_id: (await projectApplication()).application.id, status: shortlisted },
    }),
    expected: ownerOnly,
  },
  {
    call: 'POST /job_applications/changeApplicationStatus',
    request: async () => ({
      method: 'POST',
      path: '/job_applications/changeApplicationStatus',
      body: { application_id: (await jobApplication()).application.id, status: shortlisted },
    }),
    expected: ownerOnly,
  },
  {
    call: 'POST /projects/start',
    request: async () => ({
      method: 'POST',
      path: '/projects/start',
      body: { id: (await hiredProject()).posting.id, lang: 'en' },
    }),
    expected: ownerOnly,
  },
  {
    call: 'POST /projects/end',
    request: async () => ({
      method: 'POST',
      path: '/projects/end',
      body: { id: (await startedProject()).posting.id, lang: 'en' },
    }),
    expected: ownerOnly,
  },
  {
    call: 'POST /jobs/end',
    request: async () => {
      const f = await jobApplication();
      await fx.move('job', owner.token, f.application.id, hired);
      return { method: 'POST', path: '/jobs/end', body: { id: f.posting.id, lang: 'en' } };
    },
    expected: ownerOnly,
  },
  {
    call: 'POST /project_applications/readytoclose',
    request: async () => ({
      method: 'POST',
      path: '/project_applications/readytoclose',
      body: { id: (await startedProject()).application.id, lang: 'en' },
    }),
    expected: applicantOnly,
  },
  {
    call: 'PATCH /project_applications {shown_accepted_message}',
    request: async () => ({
      method: 'PATCH',
      path: '/project_applications',
      body: { id: (await hiredProject()).application.id, shown_accepted_message: false },
    }),
    expected: applicantOnly,
  },
  {
    call: 'GET /notifications',
    request: async () => ({ method: 'GET', path: '/notifications' }),
    expected: signedIn,
  },
  {
    call: 'PATCH /notifications/clicked',
    request: async () => {
      // Hiring notifies the applicant (application_status).
      await hiredProject();
      const [newest] = (await fx.notificationsOf(talent.token, '?per_page=1')).data;
      return { method: 'PATCH', path: '/notifications/clicked', body: { id: newest!.id } };
    },
    expected: applicantsNotification,
  },
  {
    call: 'GET /notifications/stream',
    request: async () => ({ method: 'GET', path: '/notifications/stream' }),
    expected: signedIn,
  },
];

const CODE_OF: Record<number, string> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' };

/**
 * One request; a stream's body (text/event-stream) is not read to its end, which never comes,
 * but its first event is, and then it is cancelled.
 */
async function send(req: TRequest, token?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (req.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await api.app.request(
    `/api${req.path}`,
    {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
    },
    socketFrom(),
  );
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    await reader.cancel();
    return { status: res.status, json: { status: true } as TJson, first: value };
  }
  return { status: res.status, json: (await res.json()) as TJson, first: undefined };
}

const CELLS = ROWS.flatMap((row) =>
  CALLERS.map((caller) => ({ ...row, caller, status: row.expected[caller] })),
);

describe('pipeline and notification access', () => {
  it('covers every call for every caller', () => {
    expect(ROWS).toHaveLength(12);
    expect(CELLS).toHaveLength(12 * CALLERS.length);
  });

  it.each(CELLS)('$call by $caller → $status', async ({ call, request, caller, status }) => {
    const req = await request();
    const r = await send(req, tokenOf(caller));
    expect(r.status, JSON.stringify(r.json)).toBe(status);
    expect(r.json.status).toBe(status < 300);
    if (CODE_OF[status]) {
      expectRefusal(r, status, CODE_OF[status]);
    }
    if (call === 'GET /notifications/stream' && status === 200) {
      expect(new TextDecoder().decode(r.first)).toMatch(/^event: ready\n/);
    }
  });

  it('a refused caller changes nothing: another business cannot move, start or read', async () => {
    const { posting, application } = await hiredProject();
    for (const token of [otherBusiness.token, talent.token, otherTalent.token]) {
      await send({ method: 'POST', path: '/projects/start', body: { id: posting.id } }, token);
      await send(
        {
          method: 'POST',
          path: '/project_applications/changeApplicationStatus',
          body: { application_id: application.id, status: 1 },
        },
        token,
      );
    }
    const board = await fx.board('project', owner.token, posting.id);
    expect(board.data[0]).toMatchObject({ id: application.id, accepted: hired });
    expect(board.data[0]!.history).toHaveLength(1);
    const p = await api.call('GET', `/projects/${posting.id}`);
    expect((p.json.data as { project_status_id: number }).project_status_id).toBe(1);
  });

  it('the 404 of another business’s posting is the same as a missing one’s', async () => {
    const { posting, application } = await projectApplication();
    const theirs = await send(
      { method: 'GET', path: `/projects/${posting.id}/applications` },
      otherBusiness.token,
    );
    const missing = await send(
      { method: 'GET', path: '/projects/2000000000/applications' },
      otherBusiness.token,
    );
    expect(theirs).toEqual(missing);
    const theirApplication = await send(
      {
        method: 'POST',
        path: '/project_applications/changeApplicationStatus',
        body: { application_id: application.id, status: 1 },
      },
      otherBusiness.token,
    );
    const missingApplication = await send(
      {
        method: 'POST',
        path: '/project_applications/changeApplicationStatus',
        body: { application_id: 2_000_000_000, status: 1 },
      },
      otherBusiness.token,
    );
    expect(theirApplication).toEqual(missingApplication);
  });
});

describe('bad input', () => {
  it.each([
    ['/projects/abc/applications'],
    ['/projects/1.5/applications'],
    ['/projects/-1/applications'],
    ['/projects/0/applications'],
    ['/projects/01/applications'],
    ['/projects/2147483648/applications'],
    ['/projects/99999999999999999999/applications'],
    ['/jobs/abc/applications'],
    ['/jobs/2147483648/applications'],
  ])('GET %s: a path id that is not one is a posting that does not exist (404)', async (path) => {
    const r = await api.call('GET', path, { token: owner.token });
    expectRefusal(r, 404, 'not_found');
  });

  const ID_CALLS = [
    ['/projects/start', 'id'],
    ['/projects/end', 'id'],
    ['/jobs/end', 'id'],
    ['/project_applications/readytoclose', 'id'],
    ['/project_applications/changeApplicationStatus', 'application_id'],
    ['/job_applications/changeApplicationStatus', 'application_id'],
    ['/notifications/clicked', 'id'],
  ] as const;
  const tokenFor = (path: string) =>
    path.includes('readytoclose') || path.includes('notifications') ? talent.token : owner.token;
  const methodFor = (path: string) => (path.includes('notifications') ? 'PATCH' : 'POST');

  it.each(
    ID_CALLS.flatMap(([path, field]) =>
      ['abc', '', -1, 0, 1.5, 2_147_483_648, '99999999999', 1e300, null, true, [1], { id: 1 }].map(
        (value) => ({ path, field, value }),
      ),
    ),
  )('$path with $field = $value → 400 on $field', async ({ path, field, value }) => {
    const r = await api.call(methodFor(path), path, {
      token: tokenFor(path),
      body: { [field]: value, status: 1, lang: 'en' },
    });
    expectRefusal(r, 400, 'invalid_input');
    expect(errorsOf(r.json).map((e) => e.path)).toEqual([field]);
  });

  it('the board’s status and page are checked (400), and unknown query fields too', async () => {
    const { posting } = await projectApplication();
    for (const q of ['status=5', 'status=-1', 'status=a', 'per_page=51', 'page=0x1']) {
      const r = await api.call('GET', `/projects/${posting.id}/applications?${q}`, {
        token: owner.token,
      });
      expectRefusal(r, 400, 'invalid_input');
      expect(errorsOf(r.json)[0]?.path).toBe(q.split('=')[0]);
    }
    for (const q of ['page=0', 'per_page=0', 'page=abc']) {
      const r = await api.call('GET', `/notifications?${q}`, { token: owner.token });
      expectRefusal(r, 400, 'invalid_input');
    }
  });

  it('unknown fields are ignored, never stored', async () => {
    const { posting, application } = await projectApplication();
    const moved = await api.call('POST', '/project_applications/changeApplicationStatus', {
      token: owner.token,
      body: {
        application_id: application.id,
        status: shortlisted,
        lang: 'en',
        user_id: otherTalent.id,
        accepted: hired,
        actor_id: otherBusiness.id,
        project_id: 1,
        shown_accepted_message: true,
      },
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json.data).toMatchObject({
      id: application.id,
      project_id: posting.id,
      user_id: talent.id,
      accepted: shortlisted,
      shown_accepted_message: false,
      history: [{ from: 0, to: shortlisted, actor_id: owner.id }],
    });
    const started = await api.call('POST', '/projects/start', {
      token: owner.token,
      body: { id: posting.id, project_status_id: 3, owner_id: otherBusiness.id },
    });
    // Needs a hire: the unknown fields neither help nor hurt.
    expectRefusal(started, 409, 'invalid_transition');

    const n = (await fx.notificationsOf(talent.token, '?per_page=1')).data[0] as TNotification;
    const clicked = await api.call('PATCH', '/notifications/clicked', {
      token: talent.token,
      body: { id: n.id, user_id: otherTalent.id, message: 'changed', been_clicked: false },
    });
    expect(clicked.status).toBe(200);
    expect(clicked.json.data).toEqual({ ...n, been_clicked: true });
  });

  it('a reason of 501 characters is refused (400 too_long on reason); 500 is taken', async () => {
    const { posting, application } = await projectApplication();
    const r = await api.call('POST', '/project_applications/changeApplicationStatus', {
      token: owner.token,
      body: { application_id: application.id, status: 3, reason: 'x'.repeat(501) },
    });
    expectRefusal(r, 400, 'invalid_input');
    expect(errorsOf(r.json)).toEqual([
      expect.objectContaining({ path: 'reason', code: 'too_long', params: { max: 500 } }),
    ]);
    const board = await fx.board('project', owner.token, posting.id);
    expect(board.data[0]).toMatchObject({ accepted: 0, history: [] });
    const ok = await fx.move('project', owner.token, application.id, 3, 'y'.repeat(500));
    expect(ok.reason).toBe('y'.repeat(500));
  });

  it('a reason with control characters is refused (400)', async () => {
    const { application } = await jobApplication();
    const r = await api.call('POST', '/job_applications/changeApplicationStatus', {
      token: owner.token,
      body: { application_id: application.id, status: 3, reason: 'No\u0000thanks' },
    });
    expectRefusal(r, 400, 'invalid_input');
    expect(errorsOf(r.json)[0]).toMatchObject({ path: 'reason', code: 'control_characters' });
  });

  it.each(
    [
      '/project_applications/changeApplicationStatus',
      '/job_applications/changeApplicationStatus',
      '/projects/start',
      '/projects/end',
      '/jobs/end',
      '/project_applications/readytoclose',
      '/notifications/clicked',
    ].flatMap((path) =>
      ['[]', '[{"id":1}]', '42', '"id"', 'null', 'true'].map((rawBody) => ({ path, rawBody })),
    ),
  )('$path with the JSON body $rawBody (not an object) → 400', async ({ path, rawBody }) => {
    const r = await api.call(methodFor(path), path, { token: tokenFor(path), rawBody });
    expectRefusal(r, 400, 'invalid_input');
  });

  it('malformed JSON and another media type are refused (400, 415)', async () => {
    const path = '/project_applications/changeApplicationStatus';
    expectRefusal(
      await api.call('POST', path, { token: owner.token, rawBody: '{"application_id":' }),
      400,
      'invalid_input',
    );
    expectRefusal(
      await api.call('POST', path, {
        token: owner.token,
        rawBody: 'application_id=1&status=1',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'unsupported_media_type',
    );
  });

  it('a lang that is neither en nor es is refused (400 on lang)', async () => {
    const { application } = await startedProject();
    const r = await api.call('POST', '/project_applications/readytoclose', {
      token: talent.token,
      body: { id: application.id, lang: 'fr' },
    });
    expectRefusal(r, 400, 'invalid_input');
    expect(errorsOf(r.json)).toEqual([expect.objectContaining({ path: 'lang', code: 'choice' })]);
  });
});
