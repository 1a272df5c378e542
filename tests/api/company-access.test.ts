import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyAudit, companyMembers, type TCompanyRole } from '@/db/schema';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { businessPath } from '@/lib/kinds';
import { COMPANY_COOKIE } from '@/lib/storage-keys';
import { createTestApi, type TJson } from '../helpers/api';
import {
  expectRefusal,
  pipelineFixtures,
  type TBoardApplication,
  type TKind,
  type TPage,
  type TPosting,
} from '../helpers/marketplace';
import { type TTestUser, createBusiness, createTalent } from '../helpers/users';

// Who may do what in a company (docs/product.md "Companies and teams", "Permissions"): every
// marketplace and pipeline call a business makes, for the owner, an admin and a recruiter of the
// posting's company, the owner of another company, a talent and nobody signed in. Anonymous is
// 401, a talent 403 (before any id is read), another company's owner 404 — like a missing
// posting, so nothing says it exists —, a recruiter 403 `forbidden` on every posting write and
// lifecycle step but free to read the board and move applicants (rejecting with a reason too),
// and the owner and admins may do everything here. Every cell builds its own postings. Then who
// sees which postings (GET /me/postings, the chosen company), who hears of what, and the names
// the board history and the audit log keep.

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
let owner: TTestUser; // owner of the company that posts
let admin: TTestUser; // admin of that company
let recruiter: TTestUser; // recruiter of that company
let otherOwner: TTestUser; // owner of another company
let applicant: TTestUser; // the talent who applies
let talent: TTestUser; // a talent who calls

/** Makes `user` a member of `companyId` with `role`, as an accepted invitation does. */
async function join(user: TTestUser, companyId: number, role: TCompanyRole) {
  // A second later than the company of their own they may have: memberships are ordered by age.
  const joinedAt = new Date(api.clock.now.getTime() + 1000);
  await api.db.insert(companyMembers).values({ companyId, userId: user.id, role, joinedAt });
}

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
  owner = await createBusiness(api, { name: 'Olga' });
  admin = await createBusiness(api, { name: 'Adán', company: false });
  recruiter = await createBusiness(api, { name: 'Rita', company: false });
  otherOwner = await createBusiness(api, { name: 'Otto' });
  applicant = await createTalent(api, { name: 'Ana' });
  talent = await createTalent(api, { name: 'Tomás' });
  await join(admin, owner.companyId!, 'admin');
  await join(recruiter, owner.companyId!, 'recruiter');
});
afterAll(async () => api.close());
// More posts and moves than a team makes in an hour: fresh rate-limit counters per test (the
// limits are tested in flood-limits.test.ts).
beforeEach(async () => api.resetRateLimits());

const CALLERS = [
  'anonymous',
  'the owner',
  'an admin',
  'a recruiter',
  'another company’s owner',
  'a talent',
] as const;
type TCaller = (typeof CALLERS)[number];

const tokenOf = (caller: TCaller): string | undefined =>
  ({
    anonymous: undefined,
    'the owner': owner.token,
    'an admin': admin.token,
    'a recruiter': recruiter.token,
    'another company’s owner': otherOwner.token,
    'a talent': talent.token,
  })[caller];

const { shortlisted, hired, rejected } = APPLICATION_STATUS;

// Fresh fixtures of the owner's company: a posting with one application, in some state.
const withApplication = async (kind: TKind) => {
  const posting = await fx.post(kind, owner.token);
  return { posting, application: await fx.apply(kind, applicant.token, posting.id) };
};
const hired_ = async (kind: TKind) => {
  const f = await withApplication(kind);
  await fx.move(kind, owner.token, f.application.id, hired);
  return f;
};
const started = async () => {
  const f = await hired_('project');
  await fx.start(owner.token, f.posting.id);
  return f;
};

type TRequest = { method: string; path: string; body?: unknown };
type TRow = {
  call: string;
  request: () => Promise<TRequest>;
  expected: Record<TCaller, number>;
};

/** A posting write or lifecycle step: the owner and admins; a recruiter is refused (403). */
const writers = (ok = 200) => ({
  anonymous: 401,
  'the owner': ok,
  'an admin': ok,
  'a recruiter': 403,
  'another company’s owner': 404,
  'a talent': 403,
});
/** The board: every member. */
const members = {
  anonymous: 401,
  'the owner': 200,
  'an admin': 200,
  'a recruiter': 200,
  'another company’s owner': 404,
  'a talent': 403,
};

const postingBody = (kind: TKind) =>
  kind === 'project'
    ? {
        name: 'A landing page',
        summary: 'A landing page',
        description: 'One page.',
        skills: ['Design'],
        budget: 100_000,
        currency: 'USD',
        weeks: 2,
        modality: 'remote',
        country_code: 'PE',
        end_date: fx.futureDay(),
      }
    : {
        name: 'A backend developer',
        summary: 'Node.js',
        description: 'Our API.',
        skills: ['Node.js'],
        contract_type: 'full_time',
        currency: 'USD',
        modality: 'remote',
        country_code: 'AR',
        end_date: fx.futureDay(),
      };

const perKind = (kind: TKind): TRow[] => [
  {
    // For the company it names: another company's owner posts for their own (see below).
    call: `POST /${kind}s?company_id={the company}`,
    request: async () => ({
      method: 'POST',
      path: `/${kind}s?company_id=${owner.companyId}`,
      body: postingBody(kind),
    }),
    expected: { ...writers(201), 'another company’s owner': 201 },
  },
  {
    call: `PATCH /${kind}s`,
    request: async () => ({
      method: 'PATCH',
      path: `/${kind}s`,
      body: { id: (await fx.post(kind, owner.token)).id, summary: 'Changed by the team' },
    }),
    expected: writers(),
  },
  {
    call: `DELETE /${kind}s`,
    request: async () => ({
      method: 'DELETE',
      path: `/${kind}s`,
      body: { id: (await withApplication(kind)).posting.id },
    }),
    expected: writers(),
  },
  {
    call: `GET /${kind}s/{id}/applications`,
    request: async () => ({
      method: 'GET',
      path: `/${kind}s/${(await withApplication(kind)).posting.id}/applications`,
    }),
    expected: members,
  },
  {
    call: `POST /${kind}_applications/changeApplicationStatus (shortlist)`,
    request: async () => ({
      method: 'POST',
      path: `/${kind}_applications/changeApplicationStatus`,
      body: {
        application_id: (await withApplication(kind)).application.id,
        status: shortlisted,
        lang: 'en',
      },
    }),
    expected: members,
  },
  {
    call: `POST /${kind}_applications/changeApplicationStatus (reject with a reason)`,
    request: async () => ({
      method: 'POST',
      path: `/${kind}_applications/changeApplicationStatus`,
      body: {
        application_id: (await withApplication(kind)).application.id,
        status: rejected,
        reason: 'We chose someone closer to the team.',
        lang: 'es',
      },
    }),
    expected: members,
  },
];

const ROWS: TRow[] = [
  ...perKind('project'),
  ...perKind('job'),
  {
    call: 'POST /projects/start',
    request: async () => ({
      method: 'POST',
      path: '/projects/start',
      body: { id: (await hired_('project')).posting.id, lang: 'en' },
    }),
    expected: writers(),
  },
  {
    call: 'POST /projects/end',
    request: async () => ({
      method: 'POST',
      path: '/projects/end',
      body: { id: (await started()).posting.id, lang: 'en' },
    }),
    expected: writers(),
  },
  {
    call: 'POST /jobs/end',
    request: async () => ({
      method: 'POST',
      path: '/jobs/end',
      body: { id: (await hired_('job')).posting.id, lang: 'en' },
    }),
    expected: writers(),
  },
  {
    call: 'GET /me/postings',
    request: async () => ({ method: 'GET', path: '/me/postings' }),
    expected: { ...members, 'another company’s owner': 200 },
  },
];

const CODE_OF: Record<number, string> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' };

const send = (req: TRequest, token: string | undefined) =>
  api.call(req.method, req.path, { token, body: req.body });

const CELLS = ROWS.flatMap((row) =>
  CALLERS.map((caller) => ({ ...row, caller, status: row.expected[caller] })),
);

describe('company access: every business call × every caller', () => {
  it('covers every call for every caller', () => {
    expect(ROWS).toHaveLength(16);
    expect(CELLS).toHaveLength(16 * CALLERS.length);
  });

  for (const { call, request, caller, status } of CELLS) {
    it(`${call} by ${caller} → ${status}`, async () => {
      const req = await request();
      const r = await send(req, tokenOf(caller));
      expect(r.status, JSON.stringify(r.json)).toBe(status);
      expect(r.json.status).toBe(status < 300);
      if (CODE_OF[status]) expectRefusal(r, status, CODE_OF[status]);
      if (call.startsWith('POST /') && call.includes('?company_id') && status === 201) {
        // Another company's owner cannot post for this company: theirs is used instead.
        const mine = caller === 'another company’s owner' ? otherOwner : owner;
        expect((r.json.data as TPosting).company?.id).toBe(mine.companyId);
        expect((r.json.data as TPosting).owner.id).toBe(tokenOwner(caller)!.id);
      }
    });
  }

  it('a recruiter’s refusal says, in both languages, what the role does not allow', async () => {
    const posting = await fx.postProject(owner.token);
    const r = await api.call('PATCH', '/projects', {
      token: recruiter.token,
      body: { id: posting.id, name: 'Renamed' },
    });
    expectRefusal(r, 403, 'forbidden');
    expect(r.json.message).toMatch(/role/i);
    expect(r.json.message_es).toMatch(/rol/i);
  });

  it('a refused caller changes nothing and leaves no audit entry', async () => {
    const { posting, application } = await hired_('project');
    const before = await auditOf(owner.companyId!);
    for (const token of [recruiter.token, otherOwner.token, talent.token]) {
      await send(
        { method: 'PATCH', path: '/projects', body: { id: posting.id, name: 'X' } },
        token,
      );
      await send({ method: 'POST', path: '/projects/start', body: { id: posting.id } }, token);
      await send({ method: 'DELETE', path: '/projects', body: { id: posting.id } }, token);
    }
    await send(
      {
        method: 'POST',
        path: '/project_applications/changeApplicationStatus',
        body: { application_id: application.id, status: shortlisted },
      },
      otherOwner.token,
    );
    const p = await api.call('GET', `/projects/${posting.id}`);
    expect(p.json.data).toMatchObject({
      name: posting.name,
      project_status_id: PROJECT_STATUS.recruiting,
    });
    const board = await fx.board('project', owner.token, posting.id);
    expect(board.data[0]).toMatchObject({ accepted: hired });
    expect(await auditOf(owner.companyId!)).toEqual(before);
  });

  it('another company’s owner gets the same 404 as for a missing posting or application', async () => {
    const { posting, application } = await withApplication('job');
    const theirs = await send(
      { method: 'GET', path: `/jobs/${posting.id}/applications` },
      otherOwner.token,
    );
    const missing = await send(
      { method: 'GET', path: '/jobs/2000000000/applications' },
      otherOwner.token,
    );
    expect(theirs.json).toEqual(missing.json);
    const move = (id: number) =>
      send(
        {
          method: 'POST',
          path: '/job_applications/changeApplicationStatus',
          body: { application_id: id, status: shortlisted },
        },
        otherOwner.token,
      );
    expect((await move(application.id)).json).toEqual((await move(2_000_000_000)).json);
    const patch = (id: number) =>
      send({ method: 'PATCH', path: '/jobs', body: { id, summary: 'Mine now' } }, otherOwner.token);
    expect((await patch(posting.id)).json).toEqual((await patch(2_000_000_000)).json);
  });
});

const tokenOwner = (caller: TCaller) =>
  ({
    anonymous: null,
    'the owner': owner,
    'an admin': admin,
    'a recruiter': recruiter,
    'another company’s owner': otherOwner,
    'a talent': talent,
  })[caller];

const myPostings = async (token: string, query = '', headers?: Record<string, string>) => {
  const r = await api.call('GET', `/me/postings${query}`, { token, headers });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as TPage<TPosting>;
};
const idsOf = (page: TPage<TPosting>) => page.data.map((p) => p.id);

describe('GET /me/postings: the chosen company’s postings', () => {
  it('lists the company’s postings for every member, and never another company’s', async () => {
    const ours = await fx.postProject(owner.token);
    const byAdmin = await fx.postProject(admin.token);
    const theirs = await fx.postProject(otherOwner.token);
    for (const member of [owner, admin, recruiter]) {
      const ids = idsOf(await myPostings(member.token, '?per_page=50'));
      expect(ids).toEqual(expect.arrayContaining([ours.id, byAdmin.id]));
      expect(ids).not.toContain(theirs.id);
    }
    const other = idsOf(await myPostings(otherOwner.token, '?per_page=50'));
    expect(other).toContain(theirs.id);
    expect(other).not.toContain(ours.id);
    expect(byAdmin.company?.id).toBe(owner.companyId);
  });

  it('lists jobs too (type=job), the company’s only', async () => {
    const ours = await fx.postJob(owner.token);
    const theirs = await fx.postJob(otherOwner.token);
    const ids = idsOf(await myPostings(recruiter.token, '?type=job&per_page=50'));
    expect(ids).toContain(ours.id);
    expect(ids).not.toContain(theirs.id);
  });

  it('with company_id or the cookie of a company the caller is not in, falls back to their own', async () => {
    const ours = await fx.postProject(owner.token);
    const theirs = await fx.postProject(otherOwner.token);
    for (const [query, headers] of [
      [`?company_id=${owner.companyId}&per_page=50`, undefined],
      ['?per_page=50', { Cookie: `${COMPANY_COOKIE}=${owner.companyId}` }],
    ] as const) {
      const ids = idsOf(await myPostings(otherOwner.token, query, headers));
      expect(ids).toContain(theirs.id);
      expect(ids).not.toContain(ours.id);
    }
  });

  it('the tc_company cookie (or company_id) chooses among the user’s two companies', async () => {
    // Bruno owns a company and is an admin of Olga's.
    const bruno = await createBusiness(api, { name: 'Bruno' });
    await join(bruno, owner.companyId!, 'admin');
    const own = await fx.postProject(bruno.token);
    const olgas = await fx.postProject(owner.token);
    const cookie = (id: number) => ({ Cookie: `${COMPANY_COOKIE}=${id}` });

    // Oldest membership first: his own company.
    expect(idsOf(await myPostings(bruno.token, '?per_page=50'))).toContain(own.id);
    const chosen = idsOf(await myPostings(bruno.token, '?per_page=50', cookie(owner.companyId!)));
    expect(chosen).toContain(olgas.id);
    expect(chosen).not.toContain(own.id);
    const back = idsOf(await myPostings(bruno.token, '?per_page=50', cookie(bruno.companyId!)));
    expect(back).toContain(own.id);
    expect(back).not.toContain(olgas.id);
    // The query string wins over the cookie.
    const query = idsOf(
      await myPostings(
        bruno.token,
        `?per_page=50&company_id=${bruno.companyId}`,
        cookie(owner.companyId!),
      ),
    );
    expect(query).toContain(own.id);
    expect(query).not.toContain(olgas.id);

    // A new posting goes to the chosen company.
    const r = await api.call('POST', '/projects', {
      token: bruno.token,
      body: postingBody('project'),
      headers: cookie(owner.companyId!),
    });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect((r.json.data as TPosting).company?.id).toBe(owner.companyId);
  });

  it('a recruiter who chose the company cannot post for it (403), nor by company_id', async () => {
    const r = await api.call('POST', `/jobs?company_id=${owner.companyId}`, {
      token: recruiter.token,
      body: postingBody('job'),
    });
    expectRefusal(r, 403, 'forbidden');
  });

  it('a business without a company lists nothing and posts nothing (403)', async () => {
    const loner = await createBusiness(api, { name: 'Lía', company: false });
    expectRefusal(await api.call('GET', '/me/postings', { token: loner.token }), 403, 'forbidden');
    const r = await api.call('POST', '/projects', {
      token: loner.token,
      body: postingBody('project'),
    });
    expectRefusal(r, 403, 'forbidden');
  });
});

/** The user's notifications of `type` about the posting (its applicants page). */
const noticesOf = async (user: TTestUser, type: string, kind: TKind, postingId: number) =>
  (await fx.notificationsOf(user.token)).data.filter(
    (n) => n.type === type && n.link === businessPath(kind, postingId, 'applicants'),
  );
const TEAM_AND_OTHER = () => [owner, admin, recruiter, otherOwner];

describe('notifications reach the members who can act', () => {
  it('a new application notifies the owner, the admin and the recruiter, not another company', async () => {
    const { posting } = await withApplication('job');
    const heard = await Promise.all(
      TEAM_AND_OTHER().map((u) => noticesOf(u, 'application_new', 'job', posting.id)),
    );
    expect(heard.map((list) => list.length)).toEqual([1, 1, 1, 0]);
  });

  it('ready to close notifies the owner and the admin, not the recruiter', async () => {
    const { posting, application } = await started();
    const r = await api.call('POST', '/project_applications/readytoclose', {
      token: applicant.token,
      body: { id: application.id, lang: 'en' },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const heard = await Promise.all(
      TEAM_AND_OTHER().map((u) => noticesOf(u, 'ready_to_close', 'project', posting.id)),
    );
    expect(heard.map((list) => list.length)).toEqual([1, 1, 0, 0]);
  });
});

type THistoryWithActor = TBoardApplication['history'][number] & {
  actor: { id: number; name: string; last_name: string } | null;
};

describe('who did what', () => {
  it('board history names the recruiter who moved, and the owner who hired', async () => {
    const { posting, application } = await withApplication('project');
    await fx.move('project', recruiter.token, application.id, shortlisted);
    await fx.move('project', owner.token, application.id, hired);
    const board = await fx.board('project', admin.token, posting.id);
    const history = board.data[0]!.history as THistoryWithActor[];
    expect(history.map((h) => [h.to, h.actor_id, h.actor])).toEqual([
      [shortlisted, recruiter.id, { id: recruiter.id, name: 'Rita', last_name: 'Test' }],
      [hired, owner.id, { id: owner.id, name: 'Olga', last_name: 'Test' }],
    ]);
  });

  it('a recruiter rejects with a reason: the talent reads it, the history names the recruiter', async () => {
    const { posting, application } = await withApplication('job');
    const moved = await fx.move('job', recruiter.token, application.id, rejected, 'Too far away.');
    expect(moved).toMatchObject({ reason: 'Too far away.' });
    expect((moved.history as THistoryWithActor[])[0]).toMatchObject({
      to: rejected,
      reason: 'Too far away.',
      actor: { id: recruiter.id, name: 'Rita', last_name: 'Test' },
    });
    const mine = await api.call('GET', `/me/applications?type=job&posting_id=${posting.id}`, {
      token: applicant.token,
    });
    expect(JSON.stringify(mine.json)).toContain('Too far away.');
    // The talent sees the company, never the member.
    expect(JSON.stringify(mine.json)).not.toContain('Rita');
  });

  it('writes an audit entry, with its actor, for each posting step and application move', async () => {
    const company = owner.companyId!;
    const since = (await auditOf(company)).at(-1)?.id ?? 0;
    const project = await fx.postProject(admin.token, { name: 'Audited project' });
    const patched = await api.call('PATCH', '/projects', {
      token: owner.token,
      body: { id: project.id, summary: 'A new summary' },
    });
    expect(patched.status).toBe(200);
    const a = await fx.applyProject(applicant.token, project.id);
    await fx.move('project', recruiter.token, a.id, shortlisted);
    await fx.move('project', admin.token, a.id, hired);
    await fx.start(admin.token, project.id);
    await fx.endProject(owner.token, project.id);

    const job = await fx.postJob(owner.token, { name: 'Audited job' });
    const j = await fx.applyJob(applicant.token, job.id);
    await fx.move('job', recruiter.token, j.id, rejected, 'Not this time.');
    const cancelled = await api.call('DELETE', '/jobs', {
      token: admin.token,
      body: { id: job.id },
    });
    expect(cancelled.status).toBe(200);
    const job2 = await fx.postJob(owner.token, { name: 'Finished job' });
    const j2 = await fx.applyJob(applicant.token, job2.id);
    await fx.move('job', owner.token, j2.id, hired);
    await fx.endJob(admin.token, job2.id);

    const rows = (await auditOf(company)).filter((r) => r.id > since);
    const seen = rows.map((r) => [
      r.action,
      r.actorId,
      (r.target as { type: string }).type,
      (r.target as { id: number }).id,
    ]);
    expect(seen).toEqual([
      ['posting.created', admin.id, 'project', project.id],
      ['posting.updated', owner.id, 'project', project.id],
      ['application.moved', recruiter.id, 'project_application', a.id],
      ['application.moved', admin.id, 'project_application', a.id],
      ['posting.started', admin.id, 'project', project.id],
      ['posting.finished', owner.id, 'project', project.id],
      ['posting.created', owner.id, 'job', job.id],
      ['application.moved', recruiter.id, 'job_application', j.id],
      ['posting.cancelled', admin.id, 'job', job.id],
      ['posting.created', owner.id, 'job', job2.id],
      ['application.moved', owner.id, 'job_application', j2.id],
      ['posting.finished', admin.id, 'job', job2.id],
    ]);
    expect(rows[0]!.target).toMatchObject({ label: 'Audited project' });
    expect(rows[2]!.target).toMatchObject({ from: 0, to: shortlisted });
    expect(rows[7]!.target).toMatchObject({ from: 0, to: rejected });
    // Nothing of it in another company's log.
    const other = await auditOf(otherOwner.companyId!);
    expect(other.map((r) => (r.target as { id: number }).id)).not.toContain(project.id);
    // The job ends finished, the cancelled one cancelled.
    const read = async (id: number) =>
      ((await api.call('GET', `/jobs/${id}`)).json.data as TJson).job_status_id;
    expect(await read(job.id)).toBe(JOB_STATUS.cancelled);
    expect(await read(job2.id)).toBe(JOB_STATUS.finished);
  });
});

describe('an applicant’s e-mail and phone', () => {
  const contactOf = async (viewer: TTestUser, of = paula) => {
    const r = await api.call('GET', `/users/id/${of.id}`, { token: viewer.token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return (r.json.data as { email?: string }).email ?? null;
  };

  let paula: TTestUser; // applies once, in this test
  beforeAll(async () => {
    paula = await createTalent(api, { name: 'Paula' });
  });

  it('every member of the posting’s company sees them, another company does not, a removed member no longer does', async () => {
    // Nina (an admin) posts; Paula applies: the whole team may contact her, not only Nina.
    const nina = await createBusiness(api, { name: 'Nina', company: false });
    await join(nina, owner.companyId!, 'admin');
    const stranger = await createTalent(api, { name: 'Sara' });
    const posting = await fx.postJob(nina.token);
    // Read before she applies, so that a cached "no" has to give way.
    expect(await contactOf(owner)).toBeNull();
    await fx.applyJob(paula.token, posting.id);
    for (const member of [nina, owner, admin, recruiter]) {
      expect(await contactOf(member)).toBe(paula.email);
    }
    expect(await contactOf(otherOwner)).toBeNull();
    expect(await contactOf(owner, stranger)).toBeNull();

    // Nina leaves the company (or is removed): her posting stays the company's, her access goes,
    // at once, though nothing changed on Paula's profile.
    await api.db
      .delete(companyMembers)
      .where(
        and(eq(companyMembers.userId, nina.id), eq(companyMembers.companyId, owner.companyId!)),
      );
    expect(await contactOf(nina)).toBeNull();
    expect(await contactOf(owner)).toBe(paula.email);
  });
});

/** The company's audit rows, oldest first, read from the table (GET …/audit is tested apart). */
const auditOf = (companyId: number) =>
  api.db
    .select()
    .from(companyAudit)
    .where(
      and(
        eq(companyAudit.companyId, companyId),
        inArray(companyAudit.action, [
          'posting.created',
          'posting.updated',
          'posting.cancelled',
          'posting.started',
          'posting.finished',
          'application.moved',
        ]),
      ),
    )
    .orderBy(asc(companyAudit.id));
