import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  applicationStatusHistory,
  companyAudit,
  notifications,
  projectApplications,
  users,
} from '@/db/schema';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { COALESCE_SECONDS } from '@/server/services/notifications/mail-outbox';
import { companySubject, takeRateLimits } from '@/server/services/rate-limit';
import type { TBulkStatusResult } from '@/types/pipeline';
import { createTestApi } from '../helpers/api';
import { statementsOf } from '../helpers/statements';
import { createTeam } from '../helpers/companies';
import {
  errorsOf,
  expectRefusal,
  pipelineFixtures,
  type TKind,
  type TPosting,
} from '../helpers/marketplace';
import { createBusiness, createTalent, type TTestUser } from '../helpers/users';

// Bulk moves on the board (docs/api.md "The recruiter's workbench"): up to 200 applicants move
// in one call and one transaction, each with its own history row, audit entry, notification and
// e-mail (coalesced as a single move's are, docs/security.md "Coalescing"); what cannot move is
// listed back with its code. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

const { applied, shortlisted, rejected, withdrawn } = APPLICATION_STATUS;

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
let team: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
  team = await createTeam(api, { prefix: 'Bulk' });
});
afterAll(async () => api.close());
beforeEach(async () => api.resetRateLimits());

const bulk = (kind: TKind, token: string | undefined, body: Record<string, unknown>) =>
  api.call('POST', `/${kind}_applications/bulk_status`, { token, body: { lang: 'en', ...body } });

async function bulkOk(kind: TKind, token: string, body: Record<string, unknown>) {
  const r = await bulk(kind, token, body);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as TBulkStatusResult;
}

/** A posting of the team with `n` applicants (talents in `langs`, English unless told). */
async function board(kind: TKind, n: number, langs: ('en' | 'es')[] = []) {
  const posting: TPosting = await fx.post(kind, team.owner.token);
  const talents: TTestUser[] = [];
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = await createTalent(api, { name: `Applicant ${i}`, lang: langs[i] ?? 'en' });
    talents.push(t);
    ids.push((await fx.apply(kind, t.token, posting.id)).id);
  }
  return { posting, talents, ids };
}

const historyOf = (kind: TKind, ids: number[]) =>
  api.db
    .select()
    .from(applicationStatusHistory)
    .where(
      and(
        eq(applicationStatusHistory.kind, kind),
        inArray(applicationStatusHistory.applicationId, ids),
      ),
    );

const statusNotes = (userId: number) =>
  api.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'application_status')));

const mailsTo = (user: TTestUser, from = 0) =>
  api.outbox.slice(from).filter((m) => m.to === user.email);

describe('a bulk move', () => {
  it('moves three applicants to Shortlisted: each has a history row by the mover, an audit entry, a notification and one e-mail', async () => {
    const { posting, talents, ids } = await board('project', 3, ['en', 'es', 'en']);
    const mark = api.outbox.length;
    const data = await bulkOk('project', team.recruiter.token, {
      application_ids: ids,
      status: shortlisted,
    });
    expect(data).toEqual({ moved: ids, skipped: [] });

    const history = await historyOf('project', ids);
    expect(history).toHaveLength(3);
    for (const h of history) {
      expect(h).toMatchObject({
        actorId: team.recruiter.id,
        fromStatus: applied,
        toStatus: shortlisted,
        reason: null,
      });
    }
    const audits = await api.db
      .select()
      .from(companyAudit)
      .where(
        and(
          eq(companyAudit.companyId, team.companyId),
          eq(companyAudit.action, 'application.moved'),
        ),
      );
    for (const id of ids) {
      expect(audits.find((a) => (a.target as { id: number }).id === id)).toMatchObject({
        actorId: team.recruiter.id,
        target: {
          type: 'project_application',
          posting: { kind: 'project', id: posting.id },
          from: applied,
          to: shortlisted,
        },
      });
    }
    for (const t of talents) {
      const [note, ...more] = await statusNotes(t.id);
      expect(more).toHaveLength(0);
      expect(note!.message).toBe(
        `Good news: your application to “${posting.name}” was shortlisted.`,
      );
      expect(mailsTo(t, mark)).toHaveLength(1);
    }
    // The Spanish talent reads the e-mail in Spanish.
    expect(mailsTo(talents[1]!, mark)[0]!.text).toContain('preseleccionada');
    const board2 = await fx.board('project', team.owner.token, posting.id);
    expect(board2.counts[shortlisted]).toBe(3);
  });

  it('rejects three job applicants with one reason: each notification and e-mail carries it', async () => {
    const { posting, talents, ids } = await board('job', 3, ['en', 'en', 'es']);
    const mark = api.outbox.length;
    const reason = 'We chose a profile closer to the role.';
    const data = await bulkOk('job', team.owner.token, {
      application_ids: ids,
      status: rejected,
      reason,
    });
    expect(data.moved).toEqual(ids);
    const history = await historyOf('job', ids);
    expect(history.map((h) => [h.toStatus, h.reason, h.actorId])).toEqual(
      ids.map(() => [rejected, reason, team.owner.id]),
    );
    for (const t of talents) {
      const [note] = await statusNotes(t.id);
      expect(note!.message).toBe(
        `Your application to “${posting.name}” was not selected.\nReason: ${reason}`,
      );
      expect(note!.messageEs).toContain(`Motivo: ${reason}`);
      const mails = mailsTo(t, mark);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(reason);
    }
  });

  it('coalesces as a single move does: an applicant moved a minute ago reads one notification with the latest status, and the second e-mail waits for the window', async () => {
    const { posting, talents, ids } = await board('project', 2);
    const [first, second] = talents as [TTestUser, TTestUser];
    await fx.move('project', team.owner.token, ids[0]!, shortlisted);
    const mark = api.outbox.length;
    api.clock.now = new Date(api.clock.now.getTime() + 60_000);
    await bulkOk('project', team.owner.token, {
      application_ids: ids,
      status: rejected,
      reason: 'Closed early.',
    });
    const notes = await statusNotes(first.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toContain(`“${posting.name}” was not selected`);
    // The one moved a minute ago got its e-mail then; the next waits for the end of the window.
    expect(mailsTo(first, mark)).toHaveLength(0);
    expect(mailsTo(second, mark)).toHaveLength(1);
    api.clock.now = new Date(api.clock.now.getTime() + COALESCE_SECONDS * 1000);
  });

  it('lists back what cannot move, with its code, and moves the rest', async () => {
    const { talents, ids } = await board('project', 4);
    await fx.move('project', team.owner.token, ids[1]!, shortlisted);
    const w = await api.call('DELETE', '/project_applications', {
      token: talents[2]!.token,
      body: { id: ids[2] },
    });
    expect(w.status, JSON.stringify(w.json)).toBe(200);
    const unknown = 2_000_000_000;
    const data = await bulkOk('project', team.admin.token, {
      application_ids: [ids[0], ids[1], ids[2], unknown, ids[3]],
      status: shortlisted,
    });
    expect(data).toEqual({
      moved: [ids[0], ids[3]],
      skipped: [
        { id: ids[1], code: 'same_status' },
        { id: ids[2], code: 'withdrawn' },
        { id: unknown, code: 'not_found' },
      ],
    });
    const rows = await api.db
      .select({ id: projectApplications.id, accepted: projectApplications.accepted })
      .from(projectApplications)
      .where(inArray(projectApplications.id, ids));
    expect(new Map(rows.map((r) => [r.id, r.accepted]))).toEqual(
      new Map([
        [ids[0], shortlisted],
        [ids[1], shortlisted],
        [ids[2], withdrawn],
        [ids[3], shortlisted],
      ]),
    );
  });

  it("answers another company's applications as not found and leaves them as they were", async () => {
    const other = await createBusiness(api, { name: 'Elsewhere' });
    const posting = await fx.post('project', other.token);
    const t = await createTalent(api, { name: 'Theirs' });
    const theirs = (await fx.apply('project', t.token, posting.id)).id;
    const { ids } = await board('project', 1);
    const data = await bulkOk('project', team.recruiter.token, {
      application_ids: [theirs, ids[0]],
      status: rejected,
      reason: 'Not a fit.',
    });
    expect(data).toEqual({ moved: [ids[0]], skipped: [{ id: theirs, code: 'not_found' }] });
    const [row] = await api.db
      .select({ accepted: projectApplications.accepted })
      .from(projectApplications)
      .where(eq(projectApplications.id, theirs));
    expect(row!.accepted).toBe(applied);
    expect(await historyOf('project', [theirs])).toHaveLength(0);
    expect(await statusNotes(t.id)).toHaveLength(0);
    // Another company's member moving our applicants: all not found, nothing moves.
    const { ids: ours } = await board('project', 2);
    expect(
      await bulkOk('project', team.outsider.token, { application_ids: ours, status: shortlisted }),
    ).toEqual({ moved: [], skipped: ours.map((id) => ({ id, code: 'not_found' })) });
    expect(await historyOf('project', ours)).toHaveLength(0);
  });

  it('lists the applicants of a posting that no longer recruits as closed', async () => {
    const { posting, ids } = await board('project', 2);
    const r = await api.call('DELETE', '/projects', {
      token: team.owner.token,
      body: { id: posting.id },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const data = await bulkOk('project', team.owner.token, {
      application_ids: ids,
      status: shortlisted,
    });
    expect(data.moved).toEqual([]);
    // Cancelling rejects everyone waiting; what is left on a closed posting is "closed".
    expect(data.skipped.map((s) => s.code)).toEqual(['closed', 'closed']);
  });

  it('is for the team: 401 signed out, 403 a talent', async () => {
    const { ids } = await board('job', 1);
    expectRefusal(
      await bulk('job', undefined, { application_ids: ids, status: 1 }),
      401,
      'unauthorized',
    );
    expectRefusal(
      await bulk('job', team.talent.token, { application_ids: ids, status: 1 }),
      403,
      'forbidden',
    );
    expect(await historyOf('job', ids)).toHaveLength(0);
  });

  it('tells a removed member they are no longer a member (403), as the board does, and moves nobody', async () => {
    const t = await createTeam(api, { prefix: 'Gone' });
    const posting: TPosting = await fx.post('project', t.owner.token);
    const applicant = await createTalent(api, { name: 'Waiting' });
    const a = await fx.apply('project', applicant.token, posting.id);
    const out = await api.call('DELETE', `/companies/${t.companyId}/members/${t.recruiter.id}`, {
      token: t.owner.token,
    });
    expect(out.status, JSON.stringify(out.json)).toBe(200);
    const r = await bulk('project', t.recruiter.token, { application_ids: [a.id], status: 1 });
    expectRefusal(r, 403, 'forbidden');
    expect(r.json).toMatchObject({ message: 'You are no longer a member of this company.' });
    expect(await historyOf('project', [a.id])).toHaveLength(0);
  });

  it('refuses 201 ids, repeated ids, no ids and a rejection without a reason with 400 and the field', async () => {
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ application_ids: many, status: 1 }, 'application_ids'],
      [{ application_ids: [1, 2, 1], status: 1 }, 'application_ids'],
      [{ application_ids: [], status: 1 }, 'application_ids'],
      [{ application_ids: [0], status: 1 }, 'application_ids'],
      [{ application_ids: [1], status: 4 }, 'status'],
      [{ application_ids: [1], status: 3 }, 'reason'],
      [{ application_ids: [1], status: 3, reason: '   ' }, 'reason'],
    ];
    for (const [body, field] of cases) {
      const r = await bulk('project', team.owner.token, body);
      expectRefusal(r, 400, 'invalid_input');
      expect(errorsOf(r.json).map((e) => e.path.split('.')[0])).toContain(field);
    }
  });

  it('counts each moved applicant on the company’s limit: a bulk that would pass it is refused and moves nobody', async () => {
    const { ids } = await board('project', 2);
    await takeRateLimits({ db: api.db, now: api.clock.now }, [
      { name: 'statusChangesPerCompany', subject: companySubject(team.companyId), count: 999 },
    ]);
    const r = await bulk('project', team.owner.token, { application_ids: ids, status: 1 });
    expectRefusal(r, 429, 'rate_limited');
    expect(await historyOf('project', ids)).toHaveLength(0);
    // One more fits the window's last place.
    expect(
      (await bulkOk('project', team.owner.token, { application_ids: [ids[0]], status: 1 })).moved,
    ).toEqual([ids[0]]);
  });
});

describe('the statements of a bulk move', () => {
  it('are as many for 30 applicants as for 3: one update, one history insert, one audit insert, one notify', async () => {
    const counts: number[] = [];
    for (const n of [3, 30]) {
      const { ids } = await board('project', n);
      await api.resetRateLimits();
      let data: TBulkStatusResult | undefined;
      const sql = await statementsOf(api.db, async () => {
        data = await bulkOk('project', team.owner.token, { application_ids: ids, status: 1 });
      });
      expect(data!.moved).toHaveLength(n);
      // The e-mails after the commit are sent in batches of 50: leave them out of the count.
      const inMove = sql.filter((q) => !/mail_outbox/i.test(q) || /^\s*with item/i.test(q));
      counts.push(inMove.length);
      expect(sql.filter((q) => /^\s*update "project_applications"/i.test(q))).toHaveLength(1);
      expect(
        sql.filter((q) => /^\s*insert into "application_status_history"/i.test(q)),
      ).toHaveLength(1);
      expect(sql.filter((q) => /^\s*insert into "company_audit"/i.test(q))).toHaveLength(1);
    }
    expect(counts[1]).toBe(counts[0]);
    expect(counts[0]).toBeLessThanOrEqual(12);
  });
});

describe('200 applicants at once', () => {
  it('moves 200 in one call, one history row each, within 2 s on PostgreSQL', async () => {
    const posting: TPosting = await fx.post('project', team.owner.token);
    const stamp = Date.now();
    const talents = await api.db
      .insert(users)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          email: `bulk${i}-${stamp}@example.com`,
          isTalent: true,
          name: `Bulk ${i}`,
          lastName: 'Applicant',
        })),
      )
      .returning({ id: users.id });
    const apps = await api.db
      .insert(projectApplications)
      .values(
        talents.map((t) => ({
          projectId: posting.id,
          userId: t.id,
          proposal: 'A proposal of some length.',
          priceProposal: 100_000,
          weeks: 2,
          createdAt: api.clock.now,
          updatedAt: api.clock.now,
        })),
      )
      .returning({ id: projectApplications.id });
    const ids = apps.map((a) => a.id);
    const mark = api.outbox.length;
    const started = performance.now();
    const data = await bulkOk('project', team.recruiter.token, {
      application_ids: ids,
      status: rejected,
      reason: 'The position was filled.',
    });
    const ms = performance.now() - started;
    expect(data.moved).toHaveLength(200);
    expect(data.skipped).toEqual([]);
    if (process.env.TEST_DATABASE_URL) expect(ms).toBeLessThanOrEqual(2000);
    const history = await historyOf('project', ids);
    expect(history).toHaveLength(200);
    expect(new Set(history.map((h) => h.applicationId)).size).toBe(200);
    expect(api.outbox.length - mark).toBe(200);
    const notes = await api.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        inArray(
          notifications.userId,
          talents.map((t) => t.id),
        ),
      );
    expect(notes).toHaveLength(200);
  });
});
