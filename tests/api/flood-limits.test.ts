import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationStatusHistory,
  jobs,
  mailOutbox,
  notifications,
  projectApplications,
  projects,
} from '@/db/schema';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { sendDueMails } from '@/server/services/notifications/mail-outbox';
import { companySubject, RATE_LIMITS, takeRateLimits } from '@/server/services/rate-limit';
import { createTestApi } from '../helpers/api';
import { createBusiness, createTalent } from '../helpers/users';
import { expectRefusal, pipelineFixtures, type TKind } from '../helpers/marketplace';

// The limits that keep one account from flooding others (docs/security.md "Rate limits"):
// postings per company and per address, applications per talent and per address, status
// changes per application and per company. A refused request answers 429 with Retry-After and a
// message in both languages, and writes nothing. Each test uses its own accounts and addresses.

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
});
afterAll(async () => api.close());

const HOUR = 3600;
const minutes = (n: number) => {
  api.clock.now = new Date(api.clock.now.getTime() + n * 60_000);
};
const business = () => createBusiness(api);
const talent = () => createTalent(api);

let seq = 0;
const DAY = 24 * 3600 * 1000;
const deadline = () => new Date(api.clock.now.getTime() + 30 * DAY).toISOString().slice(0, 10);
const postingBody = (kind: TKind) =>
  kind === 'project'
    ? {
        name: `Flood project ${++seq}`,
        summary: 'A landing page',
        description: 'Responsive.',
        skills: ['Design'],
        budget: 100_000,
        currency: 'USD',
        weeks: 2,
        modality: 'remote',
        end_date: deadline(),
      }
    : {
        name: `Flood job ${++seq}`,
        summary: 'Node.js',
        description: 'Our API.',
        skills: ['Node.js'],
        contract_type: 'full_time',
        min_salary: 100_000,
        max_salary: 200_000,
        currency: 'USD',
        modality: 'remote',
        end_date: deadline(),
      };

const post = (kind: TKind, token: string, ip: string) =>
  api.call('POST', `/${kind}s`, { token, body: postingBody(kind), ip });

const apply = (token: string, projectId: number, ip: string) =>
  api.call('POST', '/project_applications', {
    token,
    body: {
      project_id: projectId,
      proposal: 'I can build this in two weeks, with reviews on the way.',
      price_proposal: 90_000,
      weeks: 2,
      lang: 'en',
    },
    ip,
  });

/** A 429 with Retry-After (in seconds) and the limit's own words in both languages. */
function expectLimited(
  r: Awaited<ReturnType<typeof api.call>>,
  retryAfter: number,
  words: { en: RegExp; es: RegExp },
) {
  expectRefusal(r, 429, 'rate_limited');
  expect(r.res.headers.get('retry-after')).toBe(String(retryAfter));
  expect(r.json.message).toMatch(words.en);
  expect(r.json.message_es).toMatch(words.es);
}

/** A status change, answered whole (its headers too). */
const changeStatus = (token: string, body: Record<string, unknown>) =>
  api.call('POST', '/project_applications/changeApplicationStatus', {
    token,
    body: { lang: 'en', ...body },
  });

const POSTINGS = { en: /Too many postings/, es: /Demasiadas publicaciones/ };
const APPLICATIONS = { en: /Too many applications/, es: /Demasiadas postulaciones/ };
const MOVES = { en: /Too many status changes/, es: /Demasiados cambios de estado/ };

const postingsOf = async (ownerId: number) =>
  (await api.db.select().from(projects).where(eq(projects.ownerId, ownerId))).length +
  (await api.db.select().from(jobs).where(eq(jobs.ownerId, ownerId))).length;

describe('postings', () => {
  it('a company posts 20 projects and jobs an hour; the 21st is 429 with Retry-After, and nothing is written', async () => {
    expect(RATE_LIMITS.postingsPerCompany).toEqual({ max: 20, windowSeconds: HOUR });
    const biz = await business();
    for (let i = 0; i < 20; i++) {
      const r = await post(i % 2 ? 'job' : 'project', biz.token, '10.1.0.1');
      expect(r.status, JSON.stringify(r.json)).toBe(201);
    }
    minutes(10);
    expectLimited(await post('project', biz.token, '10.1.0.1'), 50 * 60, POSTINGS);
    // Projects and jobs share the count, and another address is no way around it.
    expectLimited(await post('job', biz.token, '10.1.0.2'), 50 * 60, POSTINGS);
    expect(await postingsOf(biz.id)).toBe(20);
    // Another company at the same address is not held back.
    expect((await post('project', (await business()).token, '10.1.0.1')).status).toBe(201);
    // The refusals did not move the window: once it ends, the company posts again.
    minutes(50);
    expect((await post('job', biz.token, '10.1.0.1')).status).toBe(201);
    expect(await postingsOf(biz.id)).toBe(21);
  });

  it('a posting refused for its input (400) is not counted', async () => {
    const biz = await business();
    for (let i = 0; i < 25; i++) {
      const r = await api.call('POST', '/projects', {
        token: biz.token,
        body: { ...postingBody('project'), country_code: 'XX' },
        ip: '10.1.1.1',
      });
      expect(r.status).toBe(400);
    }
    expect((await post('project', biz.token, '10.1.1.1')).status).toBe(201);
  });

  it('a posting refused by one limit counts on none: the address is not spent by a company over its own', async () => {
    const biz = await business();
    for (let i = 0; i < 20; i++)
      expect((await post('project', biz.token, '10.1.3.1')).status).toBe(201);
    // 181 refusals: counted on the address, they would take it past its 200.
    for (let i = 0; i < 181; i++)
      expect((await post('project', biz.token, '10.1.3.1')).status).toBe(429);
    expect((await post('project', (await business()).token, '10.1.3.1')).status).toBe(201);
  }, 60_000);

  it('one address posts at most 200 an hour whichever companies post, and other addresses go on', async () => {
    expect(RATE_LIMITS.postingsPerAddress).toEqual({ max: 200, windowSeconds: HOUR });
    for (let b = 0; b < 10; b++) {
      const biz = await business();
      for (let i = 0; i < 20; i++) {
        const r = await post('project', biz.token, '10.1.2.1');
        expect(r.status, JSON.stringify(r.json)).toBe(201);
      }
    }
    const late = await business();
    expectLimited(await post('project', late.token, '10.1.2.1'), HOUR, POSTINGS);
    expect(await postingsOf(late.id)).toBe(0);
    expect((await post('project', late.token, '10.1.2.2')).status).toBe(201);
  }, 120_000);
});

describe('applications', () => {
  /** `n` recruiting projects of fresh businesses (20 each), posted from their own address. */
  async function projectsToApply(n: number) {
    const ids: number[] = [];
    while (ids.length < n) {
      const biz = await business();
      for (let i = 0; i < 20 && ids.length < n; i++) {
        const r = await post('project', biz.token, `10.2.9.${biz.id % 250}`);
        expect(r.status, JSON.stringify(r.json)).toBe(201);
        ids.push((r.json.data as { id: number }).id);
      }
    }
    return ids;
  }
  let targets: number[];
  beforeAll(async () => {
    targets = await projectsToApply(31);
  });

  const applicationsOf = async (userId: number) =>
    (await api.db.select().from(projectApplications).where(eq(projectApplications.userId, userId)))
      .length;
  const newApplicationNotes = async (projectId: number) =>
    (
      await api.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.type, 'application_new'),
            eq(notifications.link, `/business/projects/${projectId}/applicants`),
          ),
        )
    ).length;

  it('a talent sends 30 applications an hour; the 31st is 429 with Retry-After, writes nothing and notifies nobody', async () => {
    expect(RATE_LIMITS.applicationsPerTalent).toEqual({ max: 30, windowSeconds: HOUR });
    const t = await talent();
    for (const id of targets.slice(0, 30)) {
      const r = await apply(t.token, id, '10.2.0.1');
      expect(r.status, JSON.stringify(r.json)).toBe(201);
    }
    minutes(1);
    const last = targets[30]!;
    const notesBefore = await newApplicationNotes(last);
    expectLimited(await apply(t.token, last, '10.2.0.1'), 59 * 60, APPLICATIONS);
    expectLimited(await apply(t.token, last, '10.2.0.2'), 59 * 60, APPLICATIONS);
    expect(await applicationsOf(t.id)).toBe(30);
    expect(await newApplicationNotes(last)).toBe(notesBefore);
    // Refused, not "already applied": once the window ends, the application goes through.
    minutes(59);
    expect((await apply(t.token, last, '10.2.0.1')).status).toBe(201);
  });

  it('a repeat (409 already_applied) is not counted', async () => {
    const t = await talent();
    expect((await apply(t.token, targets[0]!, '10.2.1.1')).status).toBe(201);
    for (let i = 0; i < 35; i++) {
      expect((await apply(t.token, targets[0]!, '10.2.1.1')).status).toBe(409);
    }
    for (const id of targets.slice(1, 30)) {
      expect((await apply(t.token, id, '10.2.1.1')).status).toBe(201);
    }
    expect((await apply(t.token, targets[30]!, '10.2.1.1')).status).toBe(429);
  });

  it('one address sends at most 300 applications an hour (a campus shares one), and other addresses go on', async () => {
    expect(RATE_LIMITS.applicationsPerAddress).toEqual({ max: 300, windowSeconds: HOUR });
    for (let n = 0; n < 10; n++) {
      const t = await talent();
      for (const id of targets.slice(0, 30)) {
        const r = await apply(t.token, id, '10.2.2.1');
        expect(r.status, JSON.stringify(r.json)).toBe(201);
      }
    }
    const late = await talent();
    expectLimited(await apply(late.token, targets[0]!, '10.2.2.1'), HOUR, APPLICATIONS);
    expect(await applicationsOf(late.id)).toBe(0);
    expect((await apply(late.token, targets[0]!, '10.2.2.2')).status).toBe(201);
  }, 120_000);
});

describe('status changes', () => {
  const { applied, shortlisted, hired, rejected } = APPLICATION_STATUS;
  const historyOf = async (applicationId: number) =>
    api.db
      .select()
      .from(applicationStatusHistory)
      .where(
        and(
          eq(applicationStatusHistory.kind, 'project'),
          eq(applicationStatusHistory.applicationId, applicationId),
        ),
      );

  it('400 moves of one applicant in 7 s: 20 pass, one notification and one e-mail at once, one more e-mail with the latest state when the window ends', async () => {
    expect(RATE_LIMITS.statusChangesPerApplication).toEqual({ max: 20, windowSeconds: HOUR });
    const owner = await business();
    const t = await talent();
    const p = await fx.postProject(owner.token);
    const a = await fx.applyProject(t.token, p.id);
    const mailsBefore = api.outbox.length;
    const answers: number[] = [];
    for (let i = 0; i < 400; i++) {
      // Rejected with the owner's own words, back to applied, rejected again…
      const reject = i % 2 === 0;
      const r = await fx.changeStatus('project', owner.token, {
        application_id: a.id,
        status: reject ? rejected : applied,
        ...(reject && { reason: `Spam number ${i}, reply now!` }),
      });
      answers.push(r.status);
      api.clock.now = new Date(api.clock.now.getTime() + 17); // 400 in 7 s
    }
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(200));
    // Every rejection after them is 429; the moves back to "applied", where it already is since
    // nothing moved it, are 409.
    expect(answers.filter((s, i) => i >= 20 && i % 2 === 0).every((s) => s === 429)).toBe(true);
    expect(answers.filter((s, i) => i >= 20 && i % 2 === 1).every((s) => s === 409)).toBe(true);
    const refused = await changeStatus(owner.token, {
      application_id: a.id,
      status: hired,
    });
    expectLimited(refused, HOUR - 6, MOVES); // 6.8 s into the hour

    // The 20 moves are in the history; the refused ones wrote nothing.
    expect(await historyOf(a.id)).toHaveLength(20);
    const board = await fx.board('project', owner.token, p.id);
    expect(board.data[0]).toMatchObject({ accepted: applied, reason: null });
    // One notification, with the latest state.
    const notes = (await fx.notificationsOf(t.token)).data;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: 'application_status',
      message: `Your application to “${p.name}” is under review again.`,
      been_clicked: false,
    });
    // One e-mail at once (the first move's), one pending.
    const sent = api.outbox.slice(mailsBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Spam number 0');
    minutes(9);
    await sendDueMails({ db: api.db, now: api.clock.now, deps: api.deps });
    expect(api.outbox.length - mailsBefore).toBe(1);
    minutes(1);
    await sendDueMails({ db: api.db, now: api.clock.now, deps: api.deps });
    const later = api.outbox.slice(mailsBefore + 1);
    expect(later).toHaveLength(1);
    expect(later[0]!.to).toBe(t.email);
    expect(later[0]!.text).toContain('is under review again');
    expect(later[0]!.text).not.toContain('Spam');
  }, 120_000);

  it('a refused move writes nothing: status, history, notification and e-mail stay as they were', async () => {
    const owner = await business();
    const t = await talent();
    const p = await fx.postProject(owner.token);
    const a = await fx.applyProject(t.token, p.id);
    const limit = RATE_LIMITS.statusChangesPerApplication.max;
    for (let i = 0; i < limit; i++)
      await fx.move('project', owner.token, a.id, i % 2 ? applied : shortlisted);
    const before = {
      notes: await fx.notificationsOf(t.token),
      outbox: await api.db.select().from(mailOutbox).where(eq(mailOutbox.userId, t.id)),
    };
    const r = await fx.changeStatus('project', owner.token, {
      application_id: a.id,
      status: rejected,
      reason: 'Never sent.',
    });
    expect(r.status).toBe(429);
    expect(await historyOf(a.id)).toHaveLength(limit);
    expect((await fx.board('project', owner.token, p.id)).data[0]).toMatchObject({
      accepted: applied,
    });
    expect(await fx.notificationsOf(t.token)).toEqual(before.notes);
    expect(await api.db.select().from(mailOutbox).where(eq(mailOutbox.userId, t.id))).toEqual(
      before.outbox,
    );
    // The company's other applicants still move, and this one again once the hour is over.
    const other = await fx.applyProject((await talent()).token, p.id);
    await fx.move('project', owner.token, other.id, shortlisted);
    minutes(60);
    await fx.move('project', owner.token, a.id, hired);
  });

  it('a company moves 1,000 times an hour across its applicants; then every move is 429, and other companies go on', async () => {
    expect(RATE_LIMITS.statusChangesPerCompany).toEqual({ max: 1000, windowSeconds: HOUR });
    const owner = await business();
    const p = await fx.postProject(owner.token);
    const first = await fx.applyProject((await talent()).token, p.id);
    const second = await fx.applyProject((await talent()).token, p.id);
    // 999 moves of a big board counted as the moves themselves count them.
    const spent = {
      name: 'statusChangesPerCompany',
      subject: companySubject(owner.companyId!),
    } as const;
    for (let i = 0; i < 999; i++) await takeRateLimits({ db: api.db, now: api.clock.now }, [spent]);
    await fx.move('project', owner.token, first.id, shortlisted); // the 1,000th
    minutes(5);
    expectLimited(
      await changeStatus(owner.token, {
        application_id: second.id,
        status: shortlisted,
      }),
      55 * 60,
      MOVES,
    );
    expect((await historyOf(second.id)).length).toBe(0);
    // Another company is not held back.
    const other = await business();
    const q = await fx.postProject(other.token);
    const c = await fx.applyProject((await talent()).token, q.id);
    await fx.move('project', other.token, c.id, shortlisted);
  }, 60_000);
});
