import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyAudit, notifications, postingReminders, users } from '@/db/schema';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { signAccessToken } from '@/server/auth/tokens';
import { enqueue } from '@/server/queue';
import { DEADLINES_SWEEP, sweepDeadlines } from '@/server/services/discovery/deadlines';
import { createTestApi } from '../helpers/api';
import { joinAs } from '../helpers/companies';
import { expectRefusal, pipelineFixtures, type TKind, type TPosting } from '../helpers/marketplace';
import { drainQueue } from '../helpers/queue';
import { createBusiness, createTalent, type TTestUser } from '../helpers/users';

// The deadline jobs (docs/product.md "Deadlines", docs/architecture.md "Deadline jobs"), driven
// with a fixed clock: the hourly `deadlines.sweep` job is sent and run as a worker would. Each
// step happens once, however often the sweep runs, and again after a transaction that failed.
// The suite runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

const DAY = 24 * 3600 * 1000;
const { shortlisted, hired, rejected } = APPLICATION_STATUS;

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
});
afterAll(async () => api.close());

// Each test starts on days of its own, far after the last one's: what earlier tests left is
// long past every step when this one runs.
let base = Date.UTC(2031, 0, 1);
beforeEach(async () => {
  base += 400 * DAY;
  onDay(0);
  await api.resetRateLimits();
});

/** The date `n` days from the test's first day. */
const day = (n: number) => new Date(base + n * DAY).toISOString().slice(0, 10);
/** Sets the clock to when day `n` is the earliest date anywhere on Earth (13:00 UTC of it). */
function onDay(n: number, hour = 13) {
  api.clock.now = new Date(base + n * DAY + hour * 3600 * 1000);
}

/** The hourly job, as pg-boss hands it to a worker at the clock's time. */
async function runSweep() {
  await enqueue(DEADLINES_SWEEP, {}, { db: api.db });
  await drainQueue(api.deps);
}

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

const remindersOf = (kind: TKind, postingId: number) =>
  api.db
    .select({ step: postingReminders.step })
    .from(postingReminders)
    .where(and(eq(postingReminders.kind, kind), eq(postingReminders.postingId, postingId)))
    .then((rows) => rows.map((r) => r.step).sort());

const notificationsOf = (user: TTestUser, type: string) =>
  api.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, type)));

const mailsTo = (user: TTestUser) => api.outbox.filter((m) => m.to === user.email);

const auditOf = (companyId: number, action: string) =>
  api.db
    .select()
    .from(companyAudit)
    .where(and(eq(companyAudit.companyId, companyId), eq(companyAudit.action, action)));

async function getPosting(kind: TKind, id: number) {
  const r = await api.call('GET', `/${kind}s/${id}`);
  expect(r.status).toBe(200);
  return r.json.data as TPosting & {
    deadline_passed: boolean;
    accepting: boolean;
    job_status_id?: number;
    project_status_id?: number;
  };
}

const statusOf = (p: { job_status_id?: number; project_status_id?: number }) =>
  p.job_status_id ?? p.project_status_id;

describe('when the deadline passes', () => {
  it('a job moves to 2 "in selection" on its own, once; a project stays recruiting; neither takes applications', async () => {
    const owner = await createBusiness(api);
    const talent = await createTalent(api);
    const late = await createTalent(api);
    const job = await fx.postJob(owner.token, { end_date: day(5) });
    const project = await fx.postProject(owner.token, { end_date: day(5) });
    await fx.applyJob(talent.token, job.id);

    // The last day has not ended everywhere yet (11:00 UTC of the next day is still day 5 at UTC-12).
    onDay(6, 11);
    await runSweep();
    expect(statusOf(await getPosting('job', job.id))).toBe(JOB_STATUS.recruiting);
    expect(await getPosting('job', job.id)).toMatchObject({ deadline_passed: false });

    onDay(6);
    await runSweep();
    await runSweep();
    const j = await getPosting('job', job.id);
    expect(statusOf(j)).toBe(JOB_STATUS.inSelection);
    expect(j).toMatchObject({ deadline_passed: true, accepting: false });
    const p = await getPosting('project', project.id);
    expect(statusOf(p)).toBe(PROJECT_STATUS.recruiting);
    expect(p).toMatchObject({ deadline_passed: true, accepting: false });
    // Both were reminded three days before (the first run found them within them).
    expect(await remindersOf('job', job.id)).toEqual(['selection', 'soon']);
    expect(await remindersOf('project', project.id)).toEqual(['soon']);
    // The company's log says it, with no actor.
    const entries = await auditOf(owner.companyId!, 'posting.in_selection');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: null, target: { type: 'job', id: job.id } });

    // Applying after it: 409 closed, on both.
    const lateToken = await tokenNow(late);
    const r1 = await api.call('POST', '/job_applications', {
      token: lateToken,
      body: { job_id: job.id, summary: 'Five years of Node.js.', lang: 'en' },
    });
    expectRefusal(r1, 409, 'closed');
    const r2 = await api.call('POST', '/project_applications', {
      token: lateToken,
      body: {
        project_id: project.id,
        proposal: 'I can build this in two weeks, with three reviews.',
        price_proposal: 100_000,
        weeks: 2,
        lang: 'en',
      },
    });
    expectRefusal(r2, 409, 'closed');

    // The applicant of the job in selection still moves on the board.
    const ownerToken = await tokenNow(owner);
    const board = await fx.board('job', ownerToken, job.id);
    await fx.move('job', ownerToken, board.data[0]!.id, shortlisted);
  });
});

describe('three days before the deadline', () => {
  it.each([
    ['en', 'Applications to “', `close on `, 'Review your applicants before then.'],
    ['es', 'Las postulaciones a “', 'cierran el ', 'Revisa a tus postulantes antes de esa fecha.'],
  ] as const)(
    'the company’s recipients are told once, e-mailed per their preferences (%s)',
    async (lang, start, close, end) => {
      const owner = await createBusiness(api, { lang });
      const recruiter = await joinAs(api, owner.companyId!, 'recruiter', 'Rita Recruiter');
      const off = await api.call('PATCH', '/me/email_preferences', {
        token: recruiter.token,
        body: { new_applicants: 'off' },
      });
      expect(off.status).toBe(200);
      const job = await fx.postJob(owner.token, { end_date: day(20), name: `Backend ${lang}` });

      onDay(16);
      await runSweep();
      expect(await notificationsOf(owner, 'deadline_soon')).toEqual([]);

      onDay(17);
      const mailsBefore = mailsTo(owner).length;
      await runSweep();
      await runSweep();
      onDay(18);
      await runSweep();
      for (const who of [owner, recruiter]) {
        const notes = await notificationsOf(who, 'deadline_soon');
        expect(notes).toHaveLength(1);
        expect(notes[0]!.link).toBe(`/business/jobs/${job.id}/applicants`);
        expect(notes[0]!.message).toContain(`Applications to “Backend ${lang}” close on `);
        expect(notes[0]!.messageEs).toContain(`Las postulaciones a “Backend ${lang}” cierran el `);
      }
      // The owner takes new-applicant e-mails at once, in their language; the recruiter none.
      const mails = mailsTo(owner).slice(mailsBefore);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(start);
      expect(mails[0]!.text).toContain(close);
      expect(mails[0]!.text).toContain(end);
      expect(mailsTo(recruiter)).toEqual([]);
      expect(await remindersOf('job', job.id)).toEqual(['soon']);
    },
  );
});

describe('applicants waiting 14 days without a move', () => {
  it('the company is told how many, at most once per posting per 14 days, in both languages', async () => {
    const owner = await createBusiness(api);
    const [t1, t2, t3] = [
      await createTalent(api),
      await createTalent(api),
      await createTalent(api),
    ];
    const project = await fx.postProject(owner.token, { end_date: day(100), name: 'Logo' });
    const a1 = await fx.applyProject(t1.token, project.id);
    await fx.applyProject(t2.token, project.id);
    onDay(5);
    await fx.applyProject(t3.token, project.id);

    // 14 days less an hour: nobody has waited 14 days yet.
    api.clock.now = new Date(base + 14 * DAY + 12 * 3600 * 1000);
    await runSweep();
    expect(await notificationsOf(owner, 'applicants_waiting')).toEqual([]);

    onDay(14);
    await runSweep();
    await runSweep();
    let notes = await notificationsOf(owner, 'applicants_waiting');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toBe(
      '2 applicants to “Logo” have waited 14 days or more without an answer.',
    );
    expect(notes[0]!.messageEs).toBe(
      '2 postulantes a “Logo” llevan 14 días o más esperando una respuesta.',
    );
    expect(notes[0]!.link).toBe(`/business/projects/${project.id}/applicants`);

    // A move answers one of them; within the next 14 days nothing more is said.
    await fx.move('project', await tokenNow(owner), a1.id, shortlisted);
    onDay(27);
    await runSweep();
    expect(await notificationsOf(owner, 'applicants_waiting')).toHaveLength(1);

    // 14 days after the reminder: t2 and t3 still wait (t1 was moved).
    onDay(28);
    await runSweep();
    await runSweep();
    notes = await notificationsOf(owner, 'applicants_waiting');
    expect(notes).toHaveLength(2);
    expect(notes.map((n) => n.message)).toContain(
      '2 applicants to “Logo” have waited 14 days or more without an answer.',
    );
    expect(await remindersOf('project', project.id)).toEqual([
      `waiting:${day(14)}`,
      `waiting:${day(28)}`,
    ]);
  });

  it('one applicant is named in the singular', async () => {
    const owner = await createBusiness(api);
    const t1 = await createTalent(api);
    const job = await fx.postJob(owner.token, { end_date: day(100), name: 'API' });
    await fx.applyJob(t1.token, job.id);
    onDay(15);
    await runSweep();
    const [note] = await notificationsOf(owner, 'applicants_waiting');
    expect(note!.message).toBe(
      '1 applicant to “API” has waited 14 days or more without an answer.',
    );
    expect(note!.messageEs).toBe(
      '1 postulante a “API” lleva 14 días o más esperando una respuesta.',
    );
  });

  it('a posting without a deadline reminds too', async () => {
    const owner = await createBusiness(api);
    const talent = await createTalent(api);
    const job = await fx.postJob(owner.token, { end_date: null, name: 'Open-ended' });
    await fx.applyJob(talent.token, job.id);
    onDay(13);
    await runSweep();
    expect(await notificationsOf(owner, 'applicants_waiting')).toEqual([]);
    onDay(15);
    await runSweep();
    expect(await remindersOf('job', job.id)).toEqual([`waiting:${day(15)}`]);
    expect(await notificationsOf(owner, 'applicants_waiting')).toHaveLength(1);
    expect(statusOf(await getPosting('job', job.id))).toBe(JOB_STATUS.recruiting);
  });
});

describe('30 days past the deadline with nobody hired', () => {
  it('the posting closes as when its business closes it: everyone waiting told "Position closed." in their language, the company told, once', async () => {
    const owner = await createBusiness(api);
    const en = await createTalent(api, { lang: 'en' });
    const es = await createTalent(api, { lang: 'es' });
    const project = await fx.postProject(owner.token, { end_date: day(3), name: 'Brand' });
    await fx.applyProject(en.token, project.id);
    await fx.applyProject(es.token, project.id);

    onDay(33);
    await runSweep();
    expect(statusOf(await getPosting('project', project.id))).toBe(PROJECT_STATUS.recruiting);

    onDay(34);
    await runSweep();
    await runSweep();
    expect(statusOf(await getPosting('project', project.id))).toBe(PROJECT_STATUS.cancelled);
    const board = await fx.board('project', await tokenNow(owner), project.id);
    const reasons = Object.fromEntries(
      board.data.map((a) => [
        a.user_id,
        { status: (a as { accepted: number }).accepted, reason: a.reason },
      ]),
    );
    expect(reasons[en.id]).toEqual({ status: rejected, reason: 'Position closed.' });
    expect(reasons[es.id]).toEqual({ status: rejected, reason: 'Puesto cerrado.' });
    for (const talent of [en, es]) {
      const notes = await notificationsOf(talent, 'posting_closed');
      expect(notes).toHaveLength(1);
      expect(notes[0]!.message).toBe(
        '“Brand” is closed, so your application was not selected. Thank you for applying.\nReason: Position closed.',
      );
      expect(notes[0]!.messageEs).toContain('Motivo: Puesto cerrado.');
    }
    const mailEs = mailsTo(es).at(-1)!;
    expect(mailEs.text).toContain('Puesto cerrado.');
    const told = await notificationsOf(owner, 'posting_expired');
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('“Brand” was closed on its own');
    expect(told[0]!.messageEs).toContain('“Brand” se cerró sola');
    expect(await auditOf(owner.companyId!, 'posting.expired')).toHaveLength(1);
    // (It had been reminded of its waiting applicants on the way.)
    expect(await remindersOf('project', project.id)).toContain('expired');
  });

  it('a posting with someone hired stays as it is', async () => {
    const owner = await createBusiness(api);
    const talent = await createTalent(api);
    const job = await fx.postJob(owner.token, { end_date: day(3) });
    const a = await fx.applyJob(talent.token, job.id);
    await fx.move('job', owner.token, a.id, hired);
    onDay(40);
    await runSweep();
    expect(statusOf(await getPosting('job', job.id))).toBe(JOB_STATUS.inSelection);
    expect(await remindersOf('job', job.id)).toEqual(['selection']);
  });
});

describe('a step whose transaction failed', () => {
  it('is taken again by the next run and happens once', async () => {
    const owner = await createBusiness(api);
    const t1 = await createTalent(api);
    const first = await fx.postJob(owner.token, { end_date: day(3), name: 'First' });
    const second = await fx.postJob(owner.token, { end_date: day(3), name: 'Second' });
    await fx.applyJob(t1.token, first.id);
    onDay(34);
    let crashes = 0;
    const crashOnFirst = {
      inStep: (step: string, _kind: string, id: number) => {
        if (id === first.id && step === 'expired') {
          crashes += 1;
          throw new Error('the server stopped here');
        }
      },
    };
    const run1 = await sweepDeadlines(api.deps, crashOnFirst);
    expect(crashes).toBe(1);
    expect(run1.failed).toBe(1);
    // Its effect was undone with its row: in selection (its own step), not closed, nobody told.
    expect(statusOf(await getPosting('job', first.id))).toBe(JOB_STATUS.inSelection);
    expect(await remindersOf('job', first.id)).not.toContain('expired');
    expect(await notificationsOf(t1, 'posting_closed')).toEqual([]);
    // The other posting's steps went on.
    expect(statusOf(await getPosting('job', second.id))).toBe(JOB_STATUS.cancelled);

    // The next run (the job's retry, or the next hour) takes it, once.
    await runSweep();
    await runSweep();
    expect(statusOf(await getPosting('job', first.id))).toBe(JOB_STATUS.cancelled);
    expect((await remindersOf('job', first.id)).filter((s) => s === 'expired')).toEqual([
      'expired',
    ]);
    expect(await notificationsOf(t1, 'posting_closed')).toHaveLength(1);
    expect(await notificationsOf(owner, 'posting_expired')).toHaveLength(2);
  });

  it('two sweeps at once take each step once', async () => {
    const owner = await createBusiness(api);
    const talent = await createTalent(api);
    const passed = await fx.postJob(owner.token, { end_date: day(3) });
    const soon = await fx.postProject(owner.token, { end_date: day(17) });
    await fx.applyProject(talent.token, soon.id);
    onDay(15);
    await Promise.all([sweepDeadlines(api.deps), sweepDeadlines(api.deps)]);
    expect(await auditOf(owner.companyId!, 'posting.in_selection')).toHaveLength(1);
    expect(await remindersOf('job', passed.id)).toEqual(['selection']);
    expect(await remindersOf('project', soon.id)).toEqual(['soon', `waiting:${day(15)}`]);
    expect(await notificationsOf(owner, 'deadline_soon')).toHaveLength(1);
    expect(await notificationsOf(owner, 'applicants_waiting')).toHaveLength(1);
  });
});

describe('nothing happens', () => {
  it('for postings without a deadline (no applicant waiting) or already closed', async () => {
    const owner = await createBusiness(api);
    const talent = await createTalent(api);
    const open = await fx.postJob(owner.token, { end_date: null });
    const cancelled = await fx.postProject(owner.token, { end_date: day(3) });
    await fx.applyProject(talent.token, cancelled.id);
    const r = await api.call('DELETE', '/projects', {
      token: owner.token,
      body: { id: cancelled.id },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const before = (await notificationsOf(talent, 'posting_closed')).length;
    for (const n of [1, 2, 10, 20, 40, 80]) {
      onDay(n);
      await runSweep();
    }
    expect(statusOf(await getPosting('job', open.id))).toBe(JOB_STATUS.recruiting);
    expect(await getPosting('job', open.id)).toMatchObject({ deadline_passed: false });
    expect(await remindersOf('job', open.id)).toEqual([]);
    expect(await remindersOf('project', cancelled.id)).toEqual([]);
    expect(await notificationsOf(talent, 'posting_closed')).toHaveLength(before);
    for (const type of ['deadline_soon', 'applicants_waiting', 'posting_expired']) {
      expect(await notificationsOf(owner, type), type).toEqual([]);
    }
  });
});
