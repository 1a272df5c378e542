import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applicationStatusHistory, jobs, notifications, users } from '@/db/schema';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { smtpMailer } from '@/server/mail/mailer';
import { COALESCE_SECONDS, sendDueMails } from '@/server/services/notifications/mail-outbox';
import type { TUserJob, TUserProject } from '@/types/user';
import { createTestApi, socketFrom, type TJson } from '../helpers/api';
import { mailSubject, startSmtpPeer, type TReceivedMail } from '../helpers/smtp-peer';
import { type TTestUser, createBusinesses, createTalent, createBusiness } from '../helpers/users';
import {
  errorsOf,
  expectRefusal,
  pipelineFixtures,
  type TBoardApplication,
  type TKind,
  type TNotification,
  type TPosting,
} from '../helpers/marketplace';

// The pipeline and lifecycle (docs/api.md "Pipeline and lifecycle" and "Notifications",
// docs/product.md "Pipeline and lifecycle"): the owner moves applicants on the board, a project
// runs recruiting → started → finished, a job recruiting → finished, "nobody is left waiting"
// when a posting closes, and every event is a notification (and, for the key ones, an e-mail in
// the recipient's language, checked here on a real SMTP peer).

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
let bea: TTestUser; // the business that posts
let carl: TTestUser; // another business
let ana: TTestUser; // a talent (en)

const APP_URL = 'http://app.test';
const { applied, shortlisted, hired, rejected, withdrawn } = APPLICATION_STATUS;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  api = await createTestApi({
    mailer: await smtpMailer(smtp.url, 'TalentChain <no-reply@test>'),
    appUrl: APP_URL,
  });
  fx = pipelineFixtures(api.call, () => api.clock.now);
  [bea, carl] = await createBusinesses(api, 'Bea', 'Carl');
  ana = await createTalent(api, { name: 'Ana' });
});
afterAll(async () => {
  await api?.close();
  await smtp?.close();
});
// One account posts, applies and moves here more than a person does in an hour: each test starts
// with fresh rate-limit counters (the limits are tested in flood-limits.test.ts).
beforeEach(async () => api.resetRateLimits());

/** Moves the test clock on by `seconds`, so that rows written next are newer. */
const tick = (seconds = 1) => {
  api.clock.now = new Date(api.clock.now.getTime() + seconds * 1000);
};

/**
 * Lets the coalescing window pass (docs/security.md "Coalescing"): the next move of an
 * application is a notification and an e-mail of its own again.
 */
const afterTheWindow = () => tick(COALESCE_SECONDS);

/** The periodic sweep of the e-mail outbox, at the test clock's time. */
const sweep = () => sendDueMails({ db: api.db, now: api.clock.now, deps: api.deps });

const talent = (opts: { lang?: 'en' | 'es'; name?: string } = {}) => createTalent(api, opts);
const business = (name = 'Owner') => createBusiness(api, { name });

async function self(user: TTestUser) {
  const r = await api.call('GET', `/users/id/${user.id}`, { token: user.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as {
    projects: TUserProject[];
    jobs: TUserJob[];
    notifications: TNotification[];
  };
}

const selfProject = async (user: TTestUser, projectId: number) =>
  (await self(user)).projects.find((p) => p.id === projectId);

const historyRows = (kind: TKind, applicationId: number) =>
  api.db
    .select()
    .from(applicationStatusHistory)
    .where(
      and(
        eq(applicationStatusHistory.kind, kind),
        eq(applicationStatusHistory.applicationId, applicationId),
      ),
    );

const notificationRows = (userId: number) =>
  api.db.select().from(notifications).where(eq(notifications.userId, userId));

/** The notifications of `user` of one type, newest first, as the API lists them. */
async function notesOf(user: TTestUser, type?: string) {
  const page = await fx.notificationsOf(user.token);
  return type ? page.data.filter((n) => n.type === type) : page.data;
}

const statusOf = (a: TBoardApplication) => a.accepted ?? a.selected;

// ---------------------------------------------------------------------------------------------
// E-mails, as the SMTP peer received them
// ---------------------------------------------------------------------------------------------

/** The decoded text/plain part of a raw message (quoted-printable or base64). */
function mailText(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const part = parts.find((p) => /Content-Type:\s*text\/plain/i.test(p)) ?? raw;
  const [head, ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(head ?? '')?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const soft = body.replace(/=\r?\n/g, '');
    return Buffer.from(
      soft.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    )
      .toString('utf8')
      .replace(/\r\n/g, '\n');
  }
  return body.replace(/\r\n/g, '\n');
}

/** Mails the peer received since `mark` (an index into `smtp.received`). */
const mailsSince = (mark: number) => smtp.received.slice(mark);
const mailTo = (mails: TReceivedMail[], email: string) =>
  mails.filter((m) => m.to.includes(email.toLowerCase()) || m.to.includes(email));

// ---------------------------------------------------------------------------------------------
// Uploads, built as tests/api/uploads.test.ts builds them
// ---------------------------------------------------------------------------------------------

let ipCounter = 0;
const pdf = () => new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1'));

async function uploadCv(name: string) {
  const form = new FormData();
  form.append('file', new Blob([pdf() as BlobPart]), name);
  const res = await api.app.request(
    '/api/file',
    { method: 'POST', body: form },
    socketFrom(`203.0.113.${++ipCounter}`),
  );
  const json = (await res.json()) as TJson;
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json.data as { id: number; url: string; name: string; size: number };
}

// ---------------------------------------------------------------------------------------------

describe("a project's whole life", () => {
  it('apply → shortlist → hire → start → ready to close → finish, on the board, the profile and the notifications', async () => {
    const owner = await business('Beatriz');
    const hiredTalent = await talent({ name: 'Ana' });
    const rejectedTalent = await talent({ name: 'Bruno' });
    const waitingTalent = await talent({ name: 'Ciro' });
    const p = await fx.postProject(owner.token, { name: 'Landing page' });
    expect(p.project_status_id).toBe(PROJECT_STATUS.recruiting);

    // Apply: three talents, oldest first on the board.
    const a = await fx.applyProject(hiredTalent.token, p.id);
    tick();
    const b = await fx.applyProject(rejectedTalent.token, p.id);
    tick();
    const c = await fx.applyProject(waitingTalent.token, p.id);
    tick();
    let board = await fx.board('project', owner.token, p.id);
    expect(board.data.map((x) => x.id)).toEqual([a.id, b.id, c.id]);
    expect(board.counts).toEqual({ 0: 3, 1: 0, 2: 0, 3: 0, 4: 0 });
    expect(board).toMatchObject({ total: 3, page: 1, last_page: 1 });
    expect(board.data[0]).toMatchObject({
      id: a.id,
      project_id: p.id,
      user_id: hiredTalent.id,
      proposal: expect.any(String),
      price_proposal: 120_000,
      weeks: 2,
      accepted: applied,
      reason: null,
      shown_accepted_message: false,
      ready_to_close: false,
      talent: {
        id: hiredTalent.id,
        name: 'Ana',
        last_name: 'Test',
        headline: null,
        avatar_url: null,
      },
      history: [],
    });
    expect((await selfProject(hiredTalent, p.id))?.application.accepted).toBe(applied);

    // Shortlist.
    const shortlistedAnswer = await fx.move('project', owner.token, a.id, shortlisted);
    expect(shortlistedAnswer).toMatchObject({
      id: a.id,
      accepted: shortlisted,
      shown_accepted_message: false,
      talent: { id: hiredTalent.id },
      history: [{ from: applied, to: shortlisted, reason: null, actor_id: owner.id }],
    });
    tick();

    // Reject one, with a reason the talent reads.
    const rejectedAnswer = await fx.move(
      'project',
      owner.token,
      b.id,
      rejected,
      'We need someone onsite.',
    );
    expect(rejectedAnswer).toMatchObject({
      accepted: rejected,
      reason: 'We need someone onsite.',
      history: [{ from: applied, to: rejected, reason: 'We need someone onsite.' }],
    });
    tick();

    // Hire: the congratulations flag goes up.
    const hiredAnswer = await fx.move('project', owner.token, a.id, hired);
    expect(hiredAnswer).toMatchObject({ accepted: hired, shown_accepted_message: true });
    expect(hiredAnswer.history).toEqual([
      {
        from: applied,
        to: shortlisted,
        reason: null,
        actor_id: owner.id,
        // Who moved, by name (docs/api.md "Companies and teams").
        actor: { id: owner.id, name: 'Beatriz', last_name: 'Test' },
        created_at: expect.any(String),
      },
      {
        from: shortlisted,
        to: hired,
        reason: null,
        actor_id: owner.id,
        // Who moved, by name (docs/api.md "Companies and teams").
        actor: { id: owner.id, name: 'Beatriz', last_name: 'Test' },
        created_at: expect.any(String),
      },
    ]);
    expect(Date.parse(hiredAnswer.history[1]!.created_at)).toBeGreaterThan(
      Date.parse(hiredAnswer.history[0]!.created_at),
    );
    tick();

    board = await fx.board('project', owner.token, p.id);
    expect(board.counts).toEqual({ 0: 1, 1: 0, 2: 1, 3: 1, 4: 0 });
    expect(board.data.map((x) => [x.id, x.accepted])).toEqual([
      [a.id, hired],
      [b.id, rejected],
      [c.id, applied],
    ]);
    // One column at a time.
    const hiredColumn = await fx.board('project', owner.token, p.id, '?status=2');
    expect(hiredColumn.data.map((x) => x.id)).toEqual([a.id]);
    expect(hiredColumn.total).toBe(1);
    expect(hiredColumn.counts).toEqual(board.counts);
    expect((await fx.board('project', owner.token, p.id, '?status=1')).data).toEqual([]);

    // The talent's own profile: the project, the application and the one-time congratulations.
    expect(await selfProject(hiredTalent, p.id)).toEqual({
      id: p.id,
      name: 'Landing page',
      project_status_id: PROJECT_STATUS.recruiting,
      application: {
        id: a.id,
        accepted: hired,
        shown_accepted_message: true,
        ready_to_close: false,
        algorand_transaction: null,
        near_transaction: null,
      },
    });
    // Seen: cleared with shown_accepted_message false.
    const cleared = await api.call('PATCH', '/project_applications', {
      token: hiredTalent.token,
      body: { id: a.id, shown_accepted_message: false },
    });
    expect(cleared.status, JSON.stringify(cleared.json)).toBe(200);
    expect(cleared.json.data).toMatchObject({
      id: a.id,
      accepted: hired,
      shown_accepted_message: false,
    });
    expect((await selfProject(hiredTalent, p.id))?.application.shown_accepted_message).toBe(false);

    // Start: 1 → 2; the one still waiting is answered.
    const started = await fx.start(owner.token, p.id);
    expect(started).toMatchObject({ id: p.id, project_status_id: PROJECT_STATUS.started });
    tick();
    expect((await selfProject(hiredTalent, p.id))?.project_status_id).toBe(PROJECT_STATUS.started);
    board = await fx.board('project', owner.token, p.id);
    expect(board.counts).toEqual({ 0: 0, 1: 0, 2: 1, 3: 2, 4: 0 });
    expect(board.data.find((x) => x.id === c.id)).toMatchObject({
      accepted: rejected,
      reason: 'Position closed.',
      history: [{ from: applied, to: rejected, reason: 'Position closed.', actor_id: owner.id }],
    });
    // The earlier rejection keeps its own reason.
    expect(board.data.find((x) => x.id === b.id)?.reason).toBe('We need someone onsite.');

    // Ready to close: the answer's message is in the body's language; again answers the same.
    const ready = await api.call('POST', '/project_applications/readytoclose', {
      token: hiredTalent.token,
      body: { id: a.id, lang: 'es' },
    });
    expect(ready.status, JSON.stringify(ready.json)).toBe(200);
    expect(ready.json.data).toEqual({
      id: a.id,
      ready_to_close: true,
      message: 'Avisamos a la empresa que el trabajo está listo para cerrar.',
    });
    tick();
    const again = await api.call('POST', '/project_applications/readytoclose', {
      token: hiredTalent.token,
      body: { id: a.id, lang: 'en' },
    });
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual({
      id: a.id,
      ready_to_close: true,
      message: 'The business has been told that the work is ready to close.',
    });
    const readyNotes = await notesOf(owner, 'ready_to_close');
    expect(readyNotes).toHaveLength(1);
    expect(readyNotes[0]).toMatchObject({
      message: expect.stringContaining('Ana Test marked “Landing page” ready to close'),
      message_es: expect.stringContaining('Ana Test marcó “Landing page” como listo para cerrar'),
      link: `/business/projects/${p.id}/applicants`,
      been_clicked: false,
    });
    expect((await selfProject(hiredTalent, p.id))?.application.ready_to_close).toBe(true);
    expect((await fx.board('project', owner.token, p.id, '?status=2')).data[0]).toMatchObject({
      ready_to_close: true,
    });

    // Finish: 2 → 3.
    const finished = await fx.endProject(owner.token, p.id);
    expect(finished).toMatchObject({ id: p.id, project_status_id: PROJECT_STATUS.finished });
    expect(await selfProject(hiredTalent, p.id)).toMatchObject({
      project_status_id: PROJECT_STATUS.finished,
      application: { accepted: hired, ready_to_close: true, shown_accepted_message: false },
    });
    // Finished work a talent was hired for is public now.
    const pub = await api.call('GET', `/users/id/${hiredTalent.id}`, { token: carl.token });
    expect((pub.json.data as { projects: { id: number }[] }).projects.map((x) => x.id)).toContain(
      p.id,
    );

    // What the hired talent was told, newest first: "hired" replaced "shortlisted", a move of
    // the same application within the coalescing window.
    const talentNotes = await notesOf(hiredTalent);
    expect(talentNotes.map((n) => n.type)).toEqual([
      'project_finished',
      'project_started',
      'application_status', // hired
    ]);
    expect(talentNotes.every((n) => n.link === `/projects/${p.id}`)).toBe(true);
    expect(talentNotes[2]!.message).toBe('Congratulations! You were hired for “Landing page”.');
    // The owner heard of each application.
    expect((await notesOf(owner, 'application_new')).length).toBe(3);
  });

  it('hiring sets the congratulations flag; moving away from hired clears it', async () => {
    const p = await fx.postProject(bea.token);
    const t = await talent();
    const a = await fx.applyProject(t.token, p.id);
    expect((await fx.move('project', bea.token, a.id, hired)).shown_accepted_message).toBe(true);
    expect((await selfProject(t, p.id))?.application.shown_accepted_message).toBe(true);
    expect((await fx.move('project', bea.token, a.id, shortlisted)).shown_accepted_message).toBe(
      false,
    );
    expect((await selfProject(t, p.id))?.application.shown_accepted_message).toBe(false);
    // Hired again: shown once more.
    expect((await fx.move('project', bea.token, a.id, hired)).shown_accepted_message).toBe(true);
  });

  it('applicants move between applied, shortlisted, hired and rejected in any direction', async () => {
    const p = await fx.postProject(bea.token);
    const t = await talent();
    const a = await fx.applyProject(t.token, p.id);
    const path = [rejected, applied, hired, rejected, shortlisted, applied, rejected, hired];
    let from: number = applied;
    for (const to of path) {
      const moved = await fx.move(
        'project',
        bea.token,
        a.id,
        to,
        to === rejected ? `No (${from})` : undefined,
      );
      expect(moved.accepted).toBe(to);
      // A reason belongs to a rejection only.
      expect(moved.reason).toBe(to === rejected ? `No (${from})` : null);
      from = to;
      tick();
    }
    const history = (await fx.board('project', bea.token, p.id)).data[0]!.history;
    expect(history.map((h) => [h.from, h.to])).toEqual(
      path.map((to, i) => [i === 0 ? applied : path[i - 1], to]),
    );
    expect(history.every((h) => h.actor_id === bea.id)).toBe(true);
  });

  it('the board lists withdrawals with their history and pages oldest first', async () => {
    const p = await fx.postProject(bea.token);
    const talents = await Promise.all([talent(), talent(), talent()]);
    const apps: TBoardApplication[] = [];
    for (const t of talents) {
      apps.push(await fx.applyProject(t.token, p.id));
      tick();
    }
    const w = await api.call('DELETE', '/project_applications', {
      token: talents[1]!.token,
      body: { id: apps[1]!.id },
    });
    expect(w.status).toBe(200);
    const page2 = await fx.board('project', bea.token, p.id, '?per_page=2&page=2');
    expect(page2).toMatchObject({ total: 3, page: 2, per_page: 2, last_page: 2 });
    expect(page2.data.map((x) => x.id)).toEqual([apps[2]!.id]);
    expect(page2.counts).toEqual({ 0: 2, 1: 0, 2: 0, 3: 0, 4: 1 });
    const withdrawnColumn = await fx.board('project', bea.token, p.id, '?status=4');
    expect(withdrawnColumn.data).toHaveLength(1);
    expect(withdrawnColumn.data[0]).toMatchObject({
      id: apps[1]!.id,
      accepted: withdrawn,
      history: [{ from: applied, to: withdrawn, reason: null, actor_id: talents[1]!.id }],
    });
  });
});

describe("a job's whole life", () => {
  it('apply with a CV → select → POST /jobs/end → job_status_id 3', async () => {
    const owner = await business();
    const t = await talent({ name: 'Julia' });
    const other = await talent();
    const job = await fx.postJob(owner.token, { name: 'Backend developer' });
    expect(job.job_status_id).toBe(JOB_STATUS.recruiting);

    const cv = await uploadCv('julia-cv.pdf');
    const a = await fx.applyJob(t.token, job.id, { file_id: cv.id, experience: 'Payments API.' });
    tick();
    const o = await fx.applyJob(other.token, job.id);
    tick();

    let board = await fx.board('job', owner.token, job.id);
    expect(board.counts).toEqual({ 0: 2, 1: 0, 2: 0, 3: 0, 4: 0 });
    expect(board.data[0]).toMatchObject({
      id: a.id,
      job_id: job.id,
      user_id: t.id,
      summary: 'Five years of Node.js in fintech.',
      experience: 'Payments API.',
      selected: applied,
      file: { id: cv.id, url: cv.url, name: 'julia-cv.pdf', size: cv.size },
      talent: { id: t.id, name: 'Julia' },
      history: [],
    });
    // The CV the board links to is served.
    const served = await api.app.request(cv.url, {}, socketFrom());
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdf());

    const selected = await fx.move('job', owner.token, a.id, hired);
    expect(selected).toMatchObject({
      selected: hired,
      history: [{ from: applied, to: hired, actor_id: owner.id }],
    });
    expect(selected).not.toHaveProperty('shown_accepted_message');
    tick();

    const ended = await fx.endJob(owner.token, job.id);
    expect(ended).toMatchObject({ id: job.id, job_status_id: JOB_STATUS.finished });
    board = await fx.board('job', owner.token, job.id);
    expect(board.counts).toEqual({ 0: 0, 1: 0, 2: 1, 3: 1, 4: 0 });
    expect(board.data.find((x) => x.id === o.id)).toMatchObject({
      selected: rejected,
      reason: 'Position closed.',
    });
    expect((await self(t)).jobs.find((j) => j.id === job.id)).toMatchObject({
      job_status_id: JOB_STATUS.finished,
      application: { id: a.id, selected: hired },
    });
    expect((await notesOf(t)).map((n) => n.type)).toEqual(['job_finished', 'application_status']);
    expect((await notesOf(t, 'job_finished'))[0]).toMatchObject({
      link: `/jobs/${job.id}`,
      message:
        'The selection for “Backend developer” is finished, and you were hired. Welcome aboard!',
    });
  });
});

describe('a job in selection (status 2, from earlier data)', () => {
  it('still recruits: "project 1; job 1 or 2" — applicants move, and it finishes', async () => {
    const { posting, application } = await postingWithApplicant('job');
    const other = await fx.applyJob((await talent()).token, posting.id);
    await api.db
      .update(jobs)
      .set({ jobStatusId: JOB_STATUS.inSelection })
      .where(eq(jobs.id, posting.id));
    expect(await fx.move('job', bea.token, application.id, shortlisted)).toMatchObject({
      selected: shortlisted,
    });
    expect(await fx.move('job', bea.token, application.id, hired)).toMatchObject({
      selected: hired,
    });
    const ended = await fx.endJob(bea.token, posting.id);
    expect(ended.job_status_id).toBe(JOB_STATUS.finished);
    const board = await fx.board('job', bea.token, posting.id);
    expect(board.data.find((x) => x.id === other.id)).toMatchObject({
      selected: rejected,
      reason: 'Position closed.',
    });
  });
});

describe('two requests at once', () => {
  it('the same move twice at once changes the application once', async () => {
    const { posting, t, application } = await postingWithApplicant('project');
    const results = await Promise.all(
      [0, 1].map(() =>
        fx.changeStatus('project', bea.token, { application_id: application.id, status: hired }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.json.code).toBe('invalid_transition');
    const row = await expectUnchanged('project', posting.id, application.id, hired);
    expect(row.history).toHaveLength(1);
    expect(await notesOf(t, 'application_status')).toHaveLength(1);
  });

  it('start and un-hiring the only hire at once: never a started project without a hire, nor a move on a started one', async () => {
    for (let round = 0; round < 4; round++) {
      const { posting, application } = await postingWithApplicant('project');
      await fx.move('project', bea.token, application.id, hired);
      const requests = [
        () => lifecycleCall('/projects/start', bea.token, posting.id),
        () =>
          fx.changeStatus('project', bea.token, {
            application_id: application.id,
            status: rejected,
            reason: 'Changed our plans.',
          }),
      ];
      // Both orders of sending.
      const [start, unhire] =
        round % 2 === 0
          ? await Promise.all([requests[0]!(), requests[1]!()])
          : await Promise.all([requests[1]!(), requests[0]!()]).then(([u, s]) => [s!, u!]);
      const projectStatus = (
        (await api.call('GET', `/projects/${posting.id}`)).json.data as TPosting
      ).project_status_id;
      const row = await expectUnchanged(
        'project',
        posting.id,
        application.id,
        unhire!.status === 200 ? rejected : hired,
      );
      // Exactly one of them happened.
      expect([start!.status, unhire!.status].sort(), JSON.stringify([start, unhire])).toEqual([
        200, 409,
      ]);
      if (start!.status === 200) {
        expect(projectStatus).toBe(PROJECT_STATUS.started);
        expect(row.accepted).toBe(hired);
        expect(unhire!.json.code).toBe('closed');
      } else {
        expect(projectStatus).toBe(PROJECT_STATUS.recruiting);
        expect(row.accepted).toBe(rejected);
        expect(start!.json.code).toBe('invalid_transition');
      }
    }
  });

  it('an application sent while its posting starts is refused, or closed with the others: never left waiting', async () => {
    for (let round = 0; round < 6; round++) {
      const { posting, application } = await postingWithApplicant('project');
      await fx.move('project', bea.token, application.id, hired);
      const late = await talent();
      const body = {
        project_id: posting.id,
        proposal: 'I can start tomorrow and deliver in two weeks.',
        price_proposal: 90_000,
        weeks: 2,
      };
      const [start, apply] = await Promise.all([
        lifecycleCall('/projects/start', bea.token, posting.id),
        api.call('POST', '/project_applications', { token: late.token, body }),
      ]);
      expect(start.status, JSON.stringify(start.json)).toBe(200);
      if (apply.status === 409) {
        expect(apply.json.code).toBe('closed');
        continue;
      }
      expect(apply.status, JSON.stringify(apply.json)).toBe(201);
      // It landed before the start: the start closed it with everyone else still waiting.
      const board = await fx.board('project', bea.token, posting.id);
      const mine = board.data.find((a) => a.user_id === late.id)!;
      expect(mine.accepted).toBe(rejected);
      expect(mine.reason).toBe('Position closed.');
    }
  });

  it('cancelling tells a talent already hired that the work is off, by notification and e-mail', async () => {
    const { posting, t, application } = await postingWithApplicant('project');
    await fx.move('project', bea.token, application.id, hired);
    afterTheWindow(); // the hire's own e-mail holds back no other
    const mark = smtp.received.length;
    const r = await api.call('DELETE', '/projects', { token: bea.token, body: { id: posting.id } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const [note] = await notesOf(t, 'posting_closed');
    expect(note?.message).toContain('was cancelled by the business');
    expect(note?.message_es).toContain('La empresa canceló');
    expect(mailTo(mailsSince(mark), t.email)).toHaveLength(1);
    // The hire stays in the history; nothing else moves it.
    const row = (await fx.board('project', bea.token, posting.id)).data[0]!;
    expect(statusOf(row)).toBe(hired);
  });

  it('cancel and start at once: one wins, and nobody is answered twice', async () => {
    const { posting, application } = await postingWithApplicant('project');
    const waiting = await talent();
    const w = await fx.applyProject(waiting.token, posting.id);
    await fx.move('project', bea.token, application.id, hired);
    const [start, cancel] = await Promise.all([
      lifecycleCall('/projects/start', bea.token, posting.id),
      api.call('DELETE', '/projects', { token: bea.token, body: { id: posting.id } }),
    ]);
    expect([start.status, cancel.status].sort()).toEqual([200, 409]);
    const status = ((await api.call('GET', `/projects/${posting.id}`)).json.data as TPosting)
      .project_status_id;
    expect(status).toBe(start.status === 200 ? PROJECT_STATUS.started : PROJECT_STATUS.cancelled);
    const row = (await fx.board('project', bea.token, posting.id)).data.find((x) => x.id === w.id)!;
    expect(row.history).toHaveLength(1);
    expect(await notesOf(waiting, 'posting_closed')).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Refusals
// ---------------------------------------------------------------------------------------------

/** A recruiting posting of `kind` by bea with one application by a fresh talent. */
async function postingWithApplicant(kind: TKind) {
  const posting = await fx.post(kind, bea.token);
  const t = await talent();
  const application = await fx.apply(kind, t.token, posting.id);
  return { posting, t, application };
}

/** A project by bea with a hired talent, started. */
async function startedProject() {
  const { posting, t, application } = await postingWithApplicant('project');
  await fx.move('project', bea.token, application.id, hired);
  await fx.start(bea.token, posting.id);
  return { posting, t, application };
}

/** Expects the application's status and history length unchanged by a refused call. */
async function expectUnchanged(kind: TKind, postingId: number, id: number, status: number) {
  const board = await fx.board(kind, bea.token, postingId);
  const row = board.data.find((x) => x.id === id)!;
  expect(statusOf(row)).toBe(status);
  return row;
}

const lifecycleCall = (path: string, token: string, id: number) =>
  api.call('POST', path, { token, body: { id, lang: 'en' } });

describe('refused transitions', () => {
  it.each(['project', 'job'] as const)(
    '%s: a talent cannot call changeApplicationStatus (403)',
    async (kind) => {
      const { posting, t, application } = await postingWithApplicant(kind);
      const r = await fx.changeStatus(kind, t.token, { application_id: application.id, status: 2 });
      expectRefusal(r, 403, 'forbidden');
      await expectUnchanged(kind, posting.id, application.id, applied);
    },
  );

  it.each(['project', 'job'] as const)(
    '%s: status 4 is the talent’s own, never the owner’s (400 on status)',
    async (kind) => {
      const { posting, application } = await postingWithApplicant(kind);
      const r = await fx.changeStatus(kind, bea.token, {
        application_id: application.id,
        status: withdrawn,
      });
      expectRefusal(r, 400, 'invalid_input');
      expect(errorsOf(r.json)).toEqual([
        expect.objectContaining({ path: 'status', code: 'choice' }),
      ]);
      const row = await expectUnchanged(kind, posting.id, application.id, applied);
      expect(row.history).toEqual([]);
    },
  );

  it.each(['project', 'job'] as const)(
    '%s: moving to the status it has is invalid_transition (409)',
    async (kind) => {
      const { posting, application } = await postingWithApplicant(kind);
      expectRefusal(
        await fx.changeStatus(kind, bea.token, { application_id: application.id, status: applied }),
        409,
        'invalid_transition',
      );
      await fx.move(kind, bea.token, application.id, shortlisted);
      expectRefusal(
        await fx.changeStatus(kind, bea.token, {
          application_id: application.id,
          status: shortlisted,
        }),
        409,
        'invalid_transition',
      );
      const row = await expectUnchanged(kind, posting.id, application.id, shortlisted);
      expect(row.history).toHaveLength(1);
    },
  );

  it.each(['project', 'job'] as const)(
    '%s: a withdrawn application does not move (409 invalid_transition)',
    async (kind) => {
      const { posting, t, application } = await postingWithApplicant(kind);
      const w = await api.call('DELETE', `/${kind}_applications`, {
        token: t.token,
        body: { id: application.id },
      });
      expect(w.status).toBe(200);
      for (const status of [applied, shortlisted, hired]) {
        expectRefusal(
          await fx.changeStatus(kind, bea.token, { application_id: application.id, status }),
          409,
          'invalid_transition',
        );
      }
      expectRefusal(
        await fx.changeStatus(kind, bea.token, {
          application_id: application.id,
          status: rejected,
          reason: 'Too late.',
        }),
        409,
        'invalid_transition',
      );
      const row = await expectUnchanged(kind, posting.id, application.id, withdrawn);
      expect(row.history.map((h) => h.to)).toEqual([withdrawn]);
    },
  );

  it.each(['project', 'job'] as const)(
    '%s: rejecting needs a reason (400 on reason)',
    async (kind) => {
      const { posting, application } = await postingWithApplicant(kind);
      for (const reason of [undefined, null, '', '   ']) {
        const body: Record<string, unknown> = { application_id: application.id, status: rejected };
        if (reason !== undefined) body.reason = reason;
        const r = await fx.changeStatus(kind, bea.token, body);
        expectRefusal(r, 400, 'invalid_input');
        expect(errorsOf(r.json)).toEqual([
          expect.objectContaining({ path: 'reason', code: 'required' }),
        ]);
      }
      const row = await expectUnchanged(kind, posting.id, application.id, applied);
      expect(row.history).toEqual([]);
      expect(await notificationRows(application.user_id)).toEqual([]);
    },
  );

  it('nothing moves on a started, finished or cancelled posting (409 closed)', async () => {
    // Started project: the hired talent cannot be moved back, nor anyone else.
    const s = await startedProject();
    for (const status of [applied, shortlisted]) {
      expectRefusal(
        await fx.changeStatus('project', bea.token, {
          application_id: s.application.id,
          status,
        }),
        409,
        'closed',
      );
    }
    // Finished project.
    await fx.endProject(bea.token, s.posting.id);
    expectRefusal(
      await fx.changeStatus('project', bea.token, {
        application_id: s.application.id,
        status: rejected,
        reason: 'Changed my mind.',
      }),
      409,
      'closed',
    );
    await expectUnchanged('project', s.posting.id, s.application.id, hired);

    // Cancelled project and job: their applicants were rejected on closing, and stay so.
    for (const kind of ['project', 'job'] as const) {
      const c = await postingWithApplicant(kind);
      const del = await api.call('DELETE', `/${kind}s`, {
        token: bea.token,
        body: { id: c.posting.id },
      });
      expect(del.status).toBe(200);
      expectRefusal(
        await fx.changeStatus(kind, bea.token, {
          application_id: c.application.id,
          status: hired,
        }),
        409,
        'closed',
      );
      await expectUnchanged(kind, c.posting.id, c.application.id, rejected);
    }

    // Finished job.
    const j = await postingWithApplicant('job');
    await fx.move('job', bea.token, j.application.id, hired);
    await fx.endJob(bea.token, j.posting.id);
    expectRefusal(
      await fx.changeStatus('job', bea.token, {
        application_id: j.application.id,
        status: shortlisted,
      }),
      409,
      'closed',
    );
    await expectUnchanged('job', j.posting.id, j.application.id, hired);
  });

  it('starting a project needs a hired applicant (409 invalid_transition)', async () => {
    const empty = await fx.postProject(bea.token);
    expectRefusal(
      await lifecycleCall('/projects/start', bea.token, empty.id),
      409,
      'invalid_transition',
    );
    const { posting, application } = await postingWithApplicant('project');
    await fx.move('project', bea.token, application.id, shortlisted);
    expectRefusal(
      await lifecycleCall('/projects/start', bea.token, posting.id),
      409,
      'invalid_transition',
    );
    // Nothing changed: still recruiting, the shortlisted one still waiting.
    const after = await api.call('GET', `/projects/${posting.id}`);
    expect((after.json.data as TPosting).project_status_id).toBe(PROJECT_STATUS.recruiting);
    await expectUnchanged('project', posting.id, application.id, shortlisted);
  });

  it('a project starts once (409 invalid_transition the second time)', async () => {
    const { posting } = await startedProject();
    const again = await lifecycleCall('/projects/start', bea.token, posting.id);
    expectRefusal(again, 409, 'invalid_transition');
  });

  it('finishing a project needs it started (409 invalid_transition on a recruiting one)', async () => {
    const { posting, application } = await postingWithApplicant('project');
    await fx.move('project', bea.token, application.id, hired);
    expectRefusal(
      await lifecycleCall('/projects/end', bea.token, posting.id),
      409,
      'invalid_transition',
    );
    const after = await api.call('GET', `/projects/${posting.id}`);
    expect((after.json.data as TPosting).project_status_id).toBe(PROJECT_STATUS.recruiting);
  });

  it('finishing a job needs one hired (409 invalid_transition)', async () => {
    const empty = await fx.postJob(bea.token);
    expectRefusal(await lifecycleCall('/jobs/end', bea.token, empty.id), 409, 'invalid_transition');
    const { posting, application } = await postingWithApplicant('job');
    await fx.move('job', bea.token, application.id, shortlisted);
    expectRefusal(
      await lifecycleCall('/jobs/end', bea.token, posting.id),
      409,
      'invalid_transition',
    );
    const after = await api.call('GET', `/jobs/${posting.id}`);
    expect((after.json.data as TPosting).job_status_id).toBe(JOB_STATUS.recruiting);
    await expectUnchanged('job', posting.id, application.id, shortlisted);
  });

  it('ready to close needs the caller hired on a started project', async () => {
    // Hired, but the project still recruits.
    const { posting, t, application } = await postingWithApplicant('project');
    await fx.move('project', bea.token, application.id, hired);
    const early = await lifecycleCall(
      '/project_applications/readytoclose',
      t.token,
      application.id,
    );
    expectRefusal(early, 409, 'invalid_transition');

    // On a started project, an applicant who was not hired (rejected when it started).
    const loser = await talent();
    const la = await fx.applyProject(loser.token, posting.id);
    await fx.start(bea.token, posting.id);
    const notHired = await lifecycleCall('/project_applications/readytoclose', loser.token, la.id);
    expectRefusal(notHired, 409, 'invalid_transition');
    // Another talent's application: not found, like a missing one.
    const other = await lifecycleCall(
      '/project_applications/readytoclose',
      loser.token,
      application.id,
    );
    expectRefusal(other, 404, 'not_found');
    expect((await selfProject(t, posting.id))?.application.ready_to_close).toBe(false);
    expect((await selfProject(loser, posting.id))?.application.ready_to_close).toBe(false);
    // Nobody told the owner anything was ready.
    expect(
      (await notificationRows(bea.id)).filter(
        (n) =>
          n.type === 'ready_to_close' && n.link === `/business/projects/${posting.id}/applicants`,
      ),
    ).toEqual([]);
  });

  it('hiring on a finished posting is refused (409 closed)', async () => {
    // A project: a second applicant was rejected on start; hiring them after the end is refused.
    const { posting, application } = await postingWithApplicant('project');
    const late = await talent();
    const la = await fx.applyProject(late.token, posting.id);
    await fx.move('project', bea.token, application.id, hired);
    await fx.start(bea.token, posting.id);
    await fx.endProject(bea.token, posting.id);
    expectRefusal(
      await fx.changeStatus('project', bea.token, { application_id: la.id, status: hired }),
      409,
      'closed',
    );
    await expectUnchanged('project', posting.id, la.id, rejected);
    // A job likewise.
    const j = await postingWithApplicant('job');
    const jl = await fx.applyJob((await talent()).token, j.posting.id);
    await fx.move('job', bea.token, j.application.id, hired);
    await fx.endJob(bea.token, j.posting.id);
    expectRefusal(
      await fx.changeStatus('job', bea.token, { application_id: jl.id, status: hired }),
      409,
      'closed',
    );
    await expectUnchanged('job', j.posting.id, jl.id, rejected);
  });

  it('no transition out of finished or cancelled', async () => {
    // A finished project.
    const { posting: fp } = await startedProject();
    await fx.endProject(bea.token, fp.id);
    expectRefusal(await lifecycleCall('/projects/start', bea.token, fp.id), 409, 'closed');
    expectRefusal(await lifecycleCall('/projects/end', bea.token, fp.id), 409, 'closed');
    expectRefusal(
      await api.call('DELETE', '/projects', { token: bea.token, body: { id: fp.id } }),
      409,
      'closed',
    );
    expectRefusal(
      await api.call('PATCH', '/projects', { token: bea.token, body: { id: fp.id, weeks: 9 } }),
      409,
      'closed',
    );
    expect(
      ((await api.call('GET', `/projects/${fp.id}`)).json.data as TPosting).project_status_id,
    ).toBe(PROJECT_STATUS.finished);

    // A finished job.
    const j = await postingWithApplicant('job');
    await fx.move('job', bea.token, j.application.id, hired);
    await fx.endJob(bea.token, j.posting.id);
    expectRefusal(await lifecycleCall('/jobs/end', bea.token, j.posting.id), 409, 'closed');
    expectRefusal(
      await api.call('DELETE', '/jobs', { token: bea.token, body: { id: j.posting.id } }),
      409,
      'closed',
    );
    expect(
      ((await api.call('GET', `/jobs/${j.posting.id}`)).json.data as TPosting).job_status_id,
    ).toBe(JOB_STATUS.finished);

    // A cancelled project (with a hired talent, so that only the status stands in the way).
    const cp = await postingWithApplicant('project');
    await fx.move('project', bea.token, cp.application.id, hired);
    expect(
      (await api.call('DELETE', '/projects', { token: bea.token, body: { id: cp.posting.id } }))
        .status,
    ).toBe(200);
    for (const path of ['/projects/start', '/projects/end']) {
      expectRefusal(await lifecycleCall(path, bea.token, cp.posting.id), 409, 'closed');
    }
    expectRefusal(
      await api.call('DELETE', '/projects', { token: bea.token, body: { id: cp.posting.id } }),
      409,
      'closed',
    );
    expect(
      ((await api.call('GET', `/projects/${cp.posting.id}`)).json.data as TPosting)
        .project_status_id,
    ).toBe(PROJECT_STATUS.cancelled);

    // A cancelled job, with a hired talent.
    const cj = await postingWithApplicant('job');
    await fx.move('job', bea.token, cj.application.id, hired);
    expect(
      (await api.call('DELETE', '/jobs', { token: bea.token, body: { id: cj.posting.id } })).status,
    ).toBe(200);
    expectRefusal(await lifecycleCall('/jobs/end', bea.token, cj.posting.id), 409, 'closed');
    expect(
      ((await api.call('GET', `/jobs/${cj.posting.id}`)).json.data as TPosting).job_status_id,
    ).toBe(JOB_STATUS.cancelled);
  });

  it.each(['project', 'job'] as const)(
    '%s: the talent cannot withdraw after being hired (409 closed)',
    async (kind) => {
      const { posting, t, application } = await postingWithApplicant(kind);
      await fx.move(kind, bea.token, application.id, hired);
      const r = await api.call('DELETE', `/${kind}_applications`, {
        token: t.token,
        body: { id: application.id },
      });
      expectRefusal(r, 409, 'closed');
      const row = await expectUnchanged(kind, posting.id, application.id, hired);
      expect(row.history.map((h) => h.to)).toEqual([hired]);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Nobody is left waiting
// ---------------------------------------------------------------------------------------------

describe('nobody is left waiting (with a real SMTP peer)', () => {
  /**
   * A posting of `kind` by a fresh owner with three open applicants (applied, shortlisted,
   * applied; the second one writes Spanish) and, around them, applications that are not open:
   * `hired` (if asked), one withdrawn and one rejected earlier with its own reason.
   */
  async function postingWithWaiting(kind: TKind, withHire: boolean) {
    const owner = await business();
    const posting = await fx.post(kind, owner.token);
    const open = [
      await talent({ name: 'Olga' }),
      await talent({ name: 'Elena', lang: 'es' }),
      await talent({ name: 'Omar' }),
    ];
    const openApps: TBoardApplication[] = [];
    for (const t of open) openApps.push(await fx.apply(kind, t.token, posting.id));
    await fx.move(kind, owner.token, openApps[1]!.id, shortlisted);

    const gone = await talent();
    const goneApp = await fx.apply(kind, gone.token, posting.id);
    expect(
      (
        await api.call('DELETE', `/${kind}_applications`, {
          token: gone.token,
          body: { id: goneApp.id },
        })
      ).status,
    ).toBe(200);
    const turnedDown = await talent();
    const turnedDownApp = await fx.apply(kind, turnedDown.token, posting.id);
    await fx.move(kind, owner.token, turnedDownApp.id, rejected, 'Not the right profile.');

    let hiredTalent: TTestUser | undefined;
    let hiredApp: TBoardApplication | undefined;
    if (withHire) {
      hiredTalent = await talent({ name: 'Hugo' });
      hiredApp = await fx.apply(kind, hiredTalent.token, posting.id);
      await fx.move(kind, owner.token, hiredApp.id, hired);
    }
    // The e-mails of these moves hold back none of the closing's; the withdrawal's e-mail to the
    // owner, held back by the window after the application's, leaves now.
    afterTheWindow();
    await sweep();
    return {
      owner,
      posting,
      open,
      openApps,
      others: [
        { user: gone, app: goneApp, status: withdrawn, reason: null },
        {
          user: turnedDown,
          app: turnedDownApp,
          status: rejected,
          reason: 'Not the right profile.',
        },
        ...(hiredApp ? [{ user: hiredTalent!, app: hiredApp, status: hired, reason: null }] : []),
      ],
      hiredTalent,
    };
  }

  /** Checks the rejections, history, notifications and e-mails of a closing. */
  async function expectEveryoneAnswered(
    kind: TKind,
    f: Awaited<ReturnType<typeof postingWithWaiting>>,
    mails: TReceivedMail[],
    historyBefore: Map<number, number>,
  ) {
    const board = await fx.board(kind, f.owner.token, f.posting.id);
    const byId = new Map(board.data.map((x) => [x.id, x]));
    // Exactly the three open ones were rejected, each with the reason in their language.
    f.openApps.forEach((app, i) => {
      const row = byId.get(app.id)!;
      const es = i === 1;
      expect(statusOf(row)).toBe(rejected);
      expect(row.reason).toBe(es ? 'Puesto cerrado.' : 'Position closed.');
      const last = row.history.at(-1)!;
      expect(row.history).toHaveLength(historyBefore.get(app.id)! + 1);
      expect(last).toMatchObject({
        from: es ? shortlisted : applied,
        to: rejected,
        reason: es ? 'Puesto cerrado.' : 'Position closed.',
        actor_id: f.owner.id,
      });
    });
    // The others are as they were.
    for (const o of f.others) {
      const row = byId.get(o.app.id)!;
      expect(statusOf(row)).toBe(o.status);
      expect(row.reason).toBe(o.reason);
      expect(row.history).toHaveLength(historyBefore.get(o.app.id)!);
    }
    // Three history rows in all were written by the closing.
    const added = [...byId.values()].reduce(
      (n, row) => n + row.history.length - historyBefore.get(row.id)!,
      0,
    );
    expect(added).toBe(3);

    // Three posting_closed notifications, one per open applicant, in both languages.
    const postingLink = `/${kind}s/${f.posting.id}`;
    for (const t of f.open) {
      const notes = await notesOf(t, 'posting_closed');
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        message: expect.stringContaining('Reason: Position closed.'),
        message_es: expect.stringContaining('Motivo: Puesto cerrado.'),
        link: postingLink,
        been_clicked: false,
      });
      expect(notes[0]!.message).toContain(f.posting.name);
    }
    for (const o of f.others) expect(await notesOf(o.user, 'posting_closed')).toEqual([]);

    // Three e-mails about the closing, each in its recipient's language, with the link.
    const closingMails = mails.filter((m) =>
      /Position closed\.|Puesto cerrado\./.test(mailText(m.raw)),
    );
    expect(closingMails).toHaveLength(3);
    f.open.forEach((t, i) => {
      const mine = mailTo(closingMails, t.email);
      expect(mine, t.email).toHaveLength(1);
      const text = mailText(mine[0]!.raw);
      if (i === 1) {
        expect(text).toContain(`“${f.posting.name}” se cerró`);
        expect(text).toContain('Motivo: Puesto cerrado.');
        expect(text).toContain('Ábrelo en TalentChain:');
        expect(text).toContain(`${APP_URL}/es${postingLink}`);
        expect(text).not.toContain('Position closed.');
        expect(mailSubject(mine[0]!.raw)).toMatch(/^TalentChain: “.*” se cerró/);
      } else {
        expect(text).toContain(`“${f.posting.name}” is closed`);
        expect(text).toContain('Reason: Position closed.');
        expect(text).toContain('Open it on TalentChain:');
        expect(text).toContain(`${APP_URL}${postingLink}\n`);
        expect(text).not.toContain('Puesto cerrado.');
        expect(mailSubject(mine[0]!.raw)).toMatch(/^TalentChain: “.*” is closed/);
      }
    });
    // Nobody else got a closing e-mail.
    for (const o of f.others) expect(mailTo(closingMails, o.user.email)).toEqual([]);
  }

  const historyCounts = async (kind: TKind, f: Awaited<ReturnType<typeof postingWithWaiting>>) =>
    new Map(
      (await fx.board(kind, f.owner.token, f.posting.id)).data.map((x) => [x.id, x.history.length]),
    );

  it.each(['project', 'job'] as const)(
    'cancelling a %s (DELETE) rejects the three still waiting, notifies and e-mails each in their language',
    async (kind) => {
      const f = await postingWithWaiting(kind, false);
      const before = await historyCounts(kind, f);
      const mark = smtp.received.length;
      const r = await api.call('DELETE', `/${kind}s`, {
        token: f.owner.token,
        body: { id: f.posting.id },
      });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.data).toMatchObject({
        id: f.posting.id,
        [`${kind}_status_id`]: 4,
        applications_count: 4, // not withdrawn
      });
      const mails = mailsSince(mark);
      // Cancelling sends nothing but the three closing e-mails.
      expect(mails).toHaveLength(3);
      await expectEveryoneAnswered(kind, f, mails, before);
      expect(await historyRows(kind, f.openApps[0]!.id)).toHaveLength(1);
    },
  );

  it('starting a project rejects the three still waiting; the hired talent hears it started', async () => {
    const f = await postingWithWaiting('project', true);
    const before = await historyCounts('project', f);
    const mark = smtp.received.length;
    await fx.start(f.owner.token, f.posting.id);
    const mails = mailsSince(mark);
    await expectEveryoneAnswered('project', f, mails, before);
    expect(mails).toHaveLength(4);
    const startedMail = mailTo(mails, f.hiredTalent!.email);
    expect(startedMail).toHaveLength(1);
    expect(mailText(startedMail[0]!.raw)).toContain(`“${f.posting.name}” has started.`);
    expect((await notesOf(f.hiredTalent!, 'project_started'))[0]).toMatchObject({
      link: `/projects/${f.posting.id}`,
    });
    // Finishing later finds nobody waiting: only the hired talent is told, by e-mail once the
    // window after the start's e-mail has passed.
    const mark2 = smtp.received.length;
    await fx.endProject(f.owner.token, f.posting.id);
    expect(mailsSince(mark2)).toEqual([]);
    afterTheWindow();
    await sweep(); // (which also sends what earlier tests left pending)
    const finishMails = mailsSince(mark2).filter((m) =>
      mailText(m.raw).includes(`“${f.posting.name}”`),
    );
    expect(finishMails.map((m) => m.to)).toEqual([[f.hiredTalent!.email.toLowerCase()]]);
    expect(mailText(finishMails[0]!.raw)).toContain('is finished. Thank you for your work!');
    for (const t of f.open) expect(await notesOf(t, 'posting_closed')).toHaveLength(1);
  });

  it('finishing a job rejects the three still waiting; the hired talent hears it finished', async () => {
    const f = await postingWithWaiting('job', true);
    const before = await historyCounts('job', f);
    const mark = smtp.received.length;
    await fx.endJob(f.owner.token, f.posting.id);
    const mails = mailsSince(mark);
    await expectEveryoneAnswered('job', f, mails, before);
    expect(mails).toHaveLength(4);
    expect(mailText(mailTo(mails, f.hiredTalent!.email)[0]!.raw)).toContain('Welcome aboard!');
  });

  it('a status change e-mails the talent in their own language, whatever the owner’s lang', async () => {
    const p = await fx.postProject(bea.token, { name: 'Diseño de logo' });
    const es = await talent({ lang: 'es' });
    const en = await talent();
    const esApp = await fx.applyProject(es.token, p.id);
    const enApp = await fx.applyProject(en.token, p.id);

    let mark = smtp.received.length;
    // The owner writes in English; the talent reads Spanish.
    const r = await fx.changeStatus('project', bea.token, {
      application_id: esApp.id,
      status: shortlisted,
      lang: 'en',
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      message: 'Data saved successfully',
      message_es: 'Datos guardados correctamente',
    });
    let mails = mailsSince(mark);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([es.email.toLowerCase()]);
    let text = mailText(mails[0]!.raw);
    expect(text).toContain(
      'Buenas noticias: tu postulación a “Diseño de logo” quedó preseleccionada.',
    );
    expect(text).toContain(`${APP_URL}/es/projects/${p.id}`);
    expect(mailSubject(mails[0]!.raw)).toBe(
      'TalentChain: Buenas noticias: tu postulación a “Diseño de logo” quedó preseleccionada.',
    );

    // The English talent, rejected with a reason (the owner asks in Spanish).
    mark = smtp.received.length;
    await fx.changeStatus('project', bea.token, {
      application_id: enApp.id,
      status: rejected,
      reason: 'Buscamos otro estilo.',
      lang: 'es',
    });
    mails = mailsSince(mark);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([en.email.toLowerCase()]);
    text = mailText(mails[0]!.raw);
    expect(text).toContain('Your application to “Diseño de logo” was not selected.');
    expect(text).toContain('Reason: Buscamos otro estilo.');
    expect(text).toContain(`${APP_URL}/projects/${p.id}\n`);
    expect(mailSubject(mails[0]!.raw)).toBe(
      'TalentChain: Your application to “Diseño de logo” was not selected.',
    );

    // A talent who switches language later gets the next e-mail in the new one.
    await api.db.update(users).set({ lang: 'es' }).where(eq(users.id, en.id));
    afterTheWindow();
    mark = smtp.received.length;
    await fx.move('project', bea.token, enApp.id, hired);
    text = mailText(mailsSince(mark)[0]!.raw);
    expect(text).toContain('¡Felicitaciones!');
    expect(text).toContain(`${APP_URL}/es/projects/${p.id}`);
  });
});

// ---------------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------------

describe('notifications', () => {
  it('application_new goes to the owner when a talent applies', async () => {
    const owner = await business();
    const t = await talent({ name: 'Nina' });
    const p = await fx.postProject(owner.token, { name: 'Mobile app' });
    const j = await fx.postJob(owner.token, { name: 'QA engineer' });
    const mark = smtp.received.length;
    await fx.applyProject(t.token, p.id);
    tick();
    await fx.applyJob(t.token, j.id);
    const notes = await notesOf(owner);
    expect(notes).toEqual([
      {
        id: expect.any(Number),
        type: 'application_new',
        message: 'Nina Test applied to “QA engineer”.',
        message_es: 'Nina Test se postuló a “QA engineer”.',
        link: `/business/jobs/${j.id}/applicants`,
        been_clicked: false,
        created_at: expect.any(String),
      },
      {
        id: expect.any(Number),
        type: 'application_new',
        message: 'Nina Test applied to “Mobile app”.',
        message_es: 'Nina Test se postuló a “Mobile app”.',
        link: `/business/projects/${p.id}/applicants`,
        been_clicked: false,
        created_at: expect.any(String),
      },
    ]);
    // The owner is e-mailed too, one e-mail per application (the "new applicants" kind,
    // docs/product.md "E-mail that respects people"); the talent is told nothing.
    const mails = mailsSince(mark);
    expect(mails.map((m) => m.to)).toEqual([
      [owner.email.toLowerCase()],
      [owner.email.toLowerCase()],
    ]);
    expect(mailSubject(mails[0]!.raw)).toBe('TalentChain: Nina Test applied to “Mobile app”.');
    expect(await notesOf(t)).toEqual([]);
  });

  it('application_status goes to the talent, with the reason of a rejection', async () => {
    const t = await talent();
    const p = await fx.postProject(bea.token, { name: 'Brand book' });
    const a = await fx.applyProject(t.token, p.id);
    await fx.move('project', bea.token, a.id, shortlisted);
    afterTheWindow();
    await fx.move('project', bea.token, a.id, rejected, 'The budget was cut.');
    const notes = await notesOf(t, 'application_status');
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatchObject({
      message: 'Your application to “Brand book” was not selected.\nReason: The budget was cut.',
      message_es: 'Tu postulación a “Brand book” no fue seleccionada.\nMotivo: The budget was cut.',
      link: `/projects/${p.id}`,
    });
    expect(notes[1]).toMatchObject({
      message: 'Good news: your application to “Brand book” was shortlisted.',
      message_es: 'Buenas noticias: tu postulación a “Brand book” quedó preseleccionada.',
    });
    // The owner is not notified of their own moves.
    expect((await notificationRows(bea.id)).filter((n) => n.type === 'application_status')).toEqual(
      [],
    );
  });

  it('GET /notifications is newest first, page by page, with unread; PATCH /notifications/clicked marks one', async () => {
    const owner = await business();
    const p = await fx.postProject(owner.token);
    const names = ['T1', 'T2', 'T3', 'T4', 'T5'];
    for (const name of names) {
      await fx.applyProject((await talent({ name })).token, p.id);
      tick();
    }
    const all = await fx.notificationsOf(owner.token);
    expect(all).toMatchObject({ total: 5, page: 1, last_page: 1, unread: 5 });
    expect(all.data.map((n) => n.message.split(' ')[0])).toEqual([...names].reverse());
    const times = all.data.map((n) => Date.parse(n.created_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const page1 = await fx.notificationsOf(owner.token, '?per_page=2&page=1');
    const page2 = await fx.notificationsOf(owner.token, '?per_page=2&page=2');
    const page3 = await fx.notificationsOf(owner.token, '?per_page=2&page=3');
    const page4 = await fx.notificationsOf(owner.token, '?per_page=2&page=4');
    expect(page2).toMatchObject({ total: 5, page: 2, per_page: 2, last_page: 3, unread: 5 });
    expect([...page1.data, ...page2.data, ...page3.data].map((n) => n.id)).toEqual(
      all.data.map((n) => n.id),
    );
    expect(page4).toMatchObject({ data: [], total: 5 });

    // Open the second newest.
    const target = all.data[1]!;
    const clicked = await api.call('PATCH', '/notifications/clicked', {
      token: owner.token,
      body: { id: target.id },
    });
    expect(clicked.status, JSON.stringify(clicked.json)).toBe(200);
    expect(clicked.json.data).toEqual({ ...target, been_clicked: true });
    let after = await fx.notificationsOf(owner.token);
    expect(after.unread).toBe(4);
    expect(after.data.map((n) => n.been_clicked)).toEqual([false, true, false, false, false]);
    // Opening it again changes nothing.
    const twice = await api.call('PATCH', '/notifications/clicked', {
      token: owner.token,
      body: { id: target.id },
    });
    expect(twice.status).toBe(200);
    after = await fx.notificationsOf(owner.token);
    expect(after.unread).toBe(4);

    // Another user's notification is not found, like a missing one; nothing changes.
    for (const token of [carl.token, ana.token]) {
      const r = await api.call('PATCH', '/notifications/clicked', {
        token,
        body: { id: all.data[0]!.id },
      });
      expectRefusal(r, 404, 'not_found');
    }
    expectRefusal(
      await api.call('PATCH', '/notifications/clicked', {
        token: owner.token,
        body: { id: 2_000_000_000 },
      }),
      404,
      'not_found',
    );
    expect((await fx.notificationsOf(owner.token)).unread).toBe(4);
    // Nobody else sees them.
    expect((await fx.notificationsOf(carl.token)).data.map((n) => n.id)).not.toContain(
      all.data[0]!.id,
    );
  });

  it('the sign-in answer carries the user’s notifications, newest first', async () => {
    const t = await createTalent(api, { password: 'a long password 1' });
    const p = await fx.postProject(bea.token, { name: 'Sign-in project' });
    const a = await fx.applyProject(t.token, p.id);
    for (const status of [shortlisted, applied, hired]) {
      await fx.move('project', bea.token, a.id, status);
      afterTheWindow();
    }
    const r = await api.login(t.email, 'a long password 1');
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const user = r.json.data as { notifications: TNotification[] };
    expect(user.notifications.map((n) => n.message)).toEqual([
      'Congratulations! You were hired for “Sign-in project”.',
      'Your application to “Sign-in project” is under review again.',
      'Good news: your application to “Sign-in project” was shortlisted.',
    ]);
    const ids = user.notifications.map((n) => n.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    // The same as GET /notifications and the user's own GET /users/id/{id}.
    expect((await fx.notificationsOf(t.token)).data).toEqual(user.notifications);
    expect((await self(t)).notifications).toEqual(user.notifications);
    // Others never see them.
    const pub = await api.call('GET', `/users/id/${t.id}`, { token: bea.token });
    expect(pub.json.data).not.toHaveProperty('notifications');
  });
});
