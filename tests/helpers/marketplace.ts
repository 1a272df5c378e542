import { expect } from 'vitest';
import { earliestToday } from '@/lib/schemas/marketplace';
import type {
  TJob,
  TJobApplication,
  TPage,
  TPostingKind as TKind,
  TProject,
  TProjectApplication,
} from '@/types/marketplace';
import type {
  TBoardCounts,
  TBoardJobApplication,
  TBoardProjectApplication,
} from '@/types/pipeline';
import type { TNotification } from '@/types/user';
import type { TJson } from './api';
import { createTeam } from './companies';
import { createBusiness, createTalent, type TUserStore } from './users';

// Postings, applications and pipeline moves made through the API, shared by the marketplace,
// pipeline, records, proofs and notification tests. Every helper expects the call to succeed and
// says which setup step failed otherwise.

export type TCall = (
  method: string,
  path: string,
  opts?: { body?: unknown; token?: string },
) => Promise<{ status: number; json: TJson }>;

/**
 * An answer of either kind, typed from types/ (docs/api.md's shapes): the fields both kinds share,
 * and each kind's own as optional, so one test can read a project's or a job's.
 */
type TEitherKind<P, J> = Pick<P, keyof P & keyof J> & Partial<P & J>;

export type { TPostingKind as TKind, TPage } from '@/types/marketplace';
export type { TStatusChange as THistory } from '@/types/pipeline';
export type { TNotification } from '@/types/user';
export type TPosting = TEitherKind<TProject, TJob>;
export type TApplication = TEitherKind<TProjectApplication, TJobApplication>;
export type TBoardApplication = TEitherKind<TBoardProjectApplication, TBoardJobApplication>;
export type TBoard = TPage<TBoardApplication> & { counts: TBoardCounts };

const DAY = 24 * 3600 * 1000;

export const PROPOSAL = 'I can build this in two weeks, with three reviews on the way.';

/** The fixtures over one API (`call`), with `now` the API's clock. */
export function pipelineFixtures(call: TCall, now: () => Date) {
  let seq = 0;
  const futureDay = () => earliestToday(new Date(now().getTime() + 30 * DAY));

  async function expectOk(
    what: string,
    method: string,
    path: string,
    token: string,
    body?: unknown,
    status = 200,
  ) {
    const r = await call(method, path, { token, body });
    expect(r.status, `${what}: ${JSON.stringify(r.json)}`).toBe(status);
    return r.json;
  }

  const postProject = async (ownerToken: string, over: Record<string, unknown> = {}) =>
    (
      await expectOk(
        'post a project',
        'POST',
        '/projects',
        ownerToken,
        {
          name: `Pipeline project ${++seq}`,
          summary: 'A logo and a landing page',
          description: 'Vector files and a responsive page.',
          skills: ['Design'],
          budget: 150_000,
          currency: 'USD',
          weeks: 3,
          modality: 'remote',
          country_code: 'PE',
          end_date: futureDay(),
          ...over,
        },
        201,
      )
    ).data as TPosting;

  const postJob = async (ownerToken: string, over: Record<string, unknown> = {}) =>
    (
      await expectOk(
        'post a job',
        'POST',
        '/jobs',
        ownerToken,
        {
          name: `Pipeline job ${++seq}`,
          summary: 'Node.js and PostgreSQL',
          description: 'Build our API.',
          skills: ['Node.js'],
          contract_type: 'full_time',
          min_salary: 300_000,
          max_salary: 500_000,
          currency: 'USD',
          modality: 'remote',
          country_code: 'AR',
          end_date: futureDay(),
          ...over,
        },
        201,
      )
    ).data as TPosting;

  const post = (kind: TKind, ownerToken: string, over: Record<string, unknown> = {}) =>
    ({ project: postProject, job: postJob })[kind](ownerToken, over);

  const applyProject = async (
    talentToken: string,
    projectId: number,
    over: Record<string, unknown> = {},
  ) =>
    (
      await expectOk(
        'apply to a project',
        'POST',
        '/project_applications',
        talentToken,
        {
          project_id: projectId,
          proposal: PROPOSAL,
          price_proposal: 120_000,
          weeks: 2,
          lang: 'en',
          ...over,
        },
        201,
      )
    ).data as TBoardApplication;

  const applyJob = async (talentToken: string, jobId: number, over: Record<string, unknown> = {}) =>
    (
      await expectOk(
        'apply to a job',
        'POST',
        '/job_applications',
        talentToken,
        { job_id: jobId, summary: 'Five years of Node.js in fintech.', lang: 'en', ...over },
        201,
      )
    ).data as TBoardApplication;

  const apply = (kind: TKind, talentToken: string, postingId: number) =>
    ({ project: applyProject, job: applyJob })[kind](talentToken, postingId);

  /** The raw answer of a status change (for refusals). */
  const changeStatus = (kind: TKind, token: string | undefined, body: Record<string, unknown>) =>
    call('POST', `/${kind}_applications/changeApplicationStatus`, {
      token,
      body: { lang: 'en', ...body },
    });

  /** The owner moves an application; answers the board application. */
  async function move(
    kind: TKind,
    ownerToken: string,
    applicationId: number,
    status: number,
    reason?: string,
  ) {
    const body: Record<string, unknown> = { application_id: applicationId, status };
    if (reason !== undefined) body.reason = reason;
    const r = await changeStatus(kind, ownerToken, body);
    expect(r.status, `move ${kind} application to ${status}: ${JSON.stringify(r.json)}`).toBe(200);
    return r.json.data as TBoardApplication;
  }

  const lifecycle = async (path: string, token: string, id: number, lang = 'en') =>
    (await expectOk(path, 'POST', path, token, { id, lang })).data as TPosting;

  const board = async (kind: TKind, ownerToken: string, postingId: number, query = '') =>
    (
      await expectOk(
        'read the board',
        'GET',
        `/${kind}s/${postingId}/applications${query}`,
        ownerToken,
      )
    ).data as TBoard;

  const notificationsOf = async (token: string, query = '?per_page=50') =>
    (await expectOk('list notifications', 'GET', `/notifications${query}`, token))
      .data as TPage<TNotification> & { unread: number };

  return {
    futureDay,
    postProject,
    postJob,
    post,
    applyProject,
    applyJob,
    apply,
    changeStatus,
    move,
    start: (token: string, id: number, lang?: string) =>
      lifecycle('/projects/start', token, id, lang),
    endProject: (token: string, id: number, lang?: string) =>
      lifecycle('/projects/end', token, id, lang),
    endJob: (token: string, id: number, lang?: string) => lifecycle('/jobs/end', token, id, lang),
    board,
    notificationsOf,
  };
}

/** What a marketplace scene is made over: createTestApi()'s API, or a test's own calls and database. */
export type TMarketApi = TUserStore & { call: TCall };

/**
 * The scene most marketplace tests start from: a business (signed in) with a posting of `kind`
 * (a project unless told) and a talent (signed in) who applied to it. `fx` are the fixtures to post
 * and apply with (fresh ones over `on` unless given); `business`, `talent` and `posting` are
 * passed on to createUser and the posting's body.
 */
export async function businessTalentApplication(
  on: TMarketApi,
  opts: {
    kind?: TKind;
    fx?: ReturnType<typeof pipelineFixtures>;
    business?: Parameters<typeof createBusiness>[1];
    talent?: Parameters<typeof createTalent>[1];
    posting?: Record<string, unknown>;
  } = {},
) {
  const kind = opts.kind ?? 'project';
  const fx = opts.fx ?? pipelineFixtures(on.call, on.deps.now);
  const business = await createBusiness(on, opts.business);
  const talent = await createTalent(on, opts.talent);
  const posting = await fx.post(kind, business.token, opts.posting);
  const application = await fx.apply(kind, talent.token, posting.id);
  return { business, talent, posting, application };
}

/** A refusal: the status, `status: false`, the code and both messages. */
export function expectRefusal(r: { status: number; json: TJson }, status: number, code: string) {
  expect(r.status, JSON.stringify(r.json)).toBe(status);
  expect(r.json).toMatchObject({
    status: false,
    code,
    message: expect.any(String),
    message_es: expect.any(String),
  });
}

/** The field errors of a refusal. */
export const errorsOf = (json: TJson) =>
  (json.errors ?? []) as { path: string; code: string; params?: Record<string, unknown> }[];

/**
 * The scene of the team's calls on one application (the workbench's, the conversations'): a
 * team (createTeam: owner, admin, recruiter, a business of another company, a talent), a posting
 * of `kind` by its owner, and a talent who applied to it.
 */
export async function teamApplication(
  on: TMarketApi,
  fx: ReturnType<typeof pipelineFixtures>,
  kind: TKind,
  prefix: string,
) {
  const team = await createTeam(on, { prefix });
  const posting = await fx.post(kind, team.owner.token);
  const applicant = await createTalent(on, { name: `${prefix} Applicant` });
  const application = await fx.apply(kind, applicant.token, posting.id);
  return { ...team, kind, posting, application, applicant };
}

/** Who calls in an authorization table of the team's calls, in the columns' order. */
export const TEAM_CALLERS = [
  'applicant',
  'owner',
  'admin',
  'recruiter',
  'outsider',
  'talent',
  'anonymous',
] as const;
export type TTeamCaller = (typeof TEAM_CALLERS)[number];

/** The caller's token in a teamApplication scene (none for `anonymous`). */
export const tokenOf = (
  s: Awaited<ReturnType<typeof teamApplication>>,
  caller: TTeamCaller,
): string | undefined => (caller === 'anonymous' ? undefined : s[caller].token);
