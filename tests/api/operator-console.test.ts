import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, operatorAudit, userStudyCentres, users } from '@/db/schema';
import { createTestApi } from '../helpers/api';
import { createTeam } from '../helpers/companies';
import { errorsOf, expectRefusal } from '../helpers/marketplace';
import { createTalent, type TTestUser } from '../helpers/users';

// The operator's console (docs/api.md "Operators", docs/product.md "Operators"): who may call it
// (operators only; everyone else 404, as if it did not exist), the verification queue, the
// decisions and what they cause (the entry, the badge on the profile, the talent's notification
// and e-mail in their language, the audit). Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.

const LISTED = 'listed.operator@example.com';
const LISTED_UNCONFIRMED = 'listed.unconfirmed@example.com';

let api: Awaited<ReturnType<typeof createTestApi>>;
let olga: TTestUser;

beforeAll(async () => {
  api = await createTestApi({ operators: [LISTED, LISTED_UNCONFIRMED] });
  olga = await createTalent(api, { name: 'Olga' });
  await api.db.update(users).set({ isOperator: true }).where(eq(users.id, olga.id));
});
afterAll(async () => api.close());
beforeEach(async () => api.resetRateLimits());

type TEntry = { id: number; verify_status_id: number } & Record<string, unknown>;
type TQueueItem = {
  kind: 'workplace' | 'study';
  id: number;
  talent: { id: number; name: string; last_name: string; email: string };
  entry: TEntry;
  requested_at: string;
};

const later = () => {
  api.clock.now = new Date(api.clock.now.getTime() + 1000);
};

async function studyInProcess(talent: TTestUser, name = 'Instituto del Sur') {
  const made = await api.call('POST', '/user_study_centres', {
    token: talent.token,
    body: {
      name,
      course_name: 'Data science',
      start_date: '2015-03-01',
      end_date: '2019-12-15',
      studying_here: false,
      description: 'Evening courses.',
    },
  });
  expect(made.status).toBe(201);
  const id = (made.json.data as TEntry).id;
  const asked = await api.call('POST', '/user_study_centres/verify', {
    token: talent.token,
    body: { study_id: id, lang: 'en' },
  });
  expect(asked.status).toBe(200);
  later();
  return id;
}

async function workplaceInProcess(talent: TTestUser, name = 'Andes Labs') {
  const made = await api.call('POST', '/user_workplaces', {
    token: talent.token,
    body: {
      workplace_name: name,
      position: 'Developer',
      start_date: '2020-03-01',
      end_date: '2022-06-30',
      description: 'Built the API.',
      work_here: false,
      enable_business: false,
    },
  });
  expect(made.status).toBe(201);
  const id = (made.json.data as TEntry).id;
  const asked = await api.call('POST', '/user_workplaces/verify', {
    token: talent.token,
    body: { workplace_id: id, lang: 'en' },
  });
  expect(asked.status).toBe(200);
  later();
  return id;
}

const queue = async (token = olga.token, query = '') => {
  const r = await api.call('GET', `/admin/verifications${query}`, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as { data: TQueueItem[]; total: number; page: number; last_page: number };
};

const decide = (
  kind: string,
  id: number | string,
  body: Record<string, unknown>,
  token: string | undefined = olga.token,
) => api.call('POST', `/admin/verifications/${kind}/${id}`, { token, body });

describe('who may call the console', () => {
  it('answers the operator, and 404 to a talent, each company role, anonymous and a bad token', async () => {
    const team = await createTeam(api, { prefix: 'Console' });
    const studyId = await studyInProcess(team.talent);
    const calls = [
      () => ['GET', '/admin/verifications'] as const,
      () => ['GET', '/admin/audit'] as const,
      () => ['POST', `/admin/verifications/study/${studyId}`] as const,
    ];
    const strangers: [string, string | undefined][] = [
      ['talent', team.talent.token],
      ['owner', team.owner.token],
      ['admin', team.admin.token],
      ['recruiter', team.recruiter.token],
      ['another company', team.outsider.token],
      ['anonymous', undefined],
      ['bad token', 'not-a-token'],
    ];
    for (const [who, token] of strangers) {
      for (const call of calls) {
        const [method, path] = call();
        const r = await api.call(method, path, {
          token,
          body: method === 'POST' ? { verify_status_id: 3, lang: 'en' } : undefined,
        });
        expect(r.status, `${who} ${method} ${path}`).toBe(404);
        expect(r.json).toMatchObject({ status: false, code: 'not_found' });
      }
    }
    // Nothing moved: the entry is still waiting, and nobody's act is in the log.
    const [row] = await api.db
      .select()
      .from(userStudyCentres)
      .where(eq(userStudyCentres.id, studyId));
    expect(row!.verifyStatusId).toBe(2);
    expect((await queue()).data.some((q) => q.id === studyId && q.kind === 'study')).toBe(true);
    expect((await api.call('GET', '/admin/audit', { token: olga.token })).status).toBe(200);
  });

  it('a listed e-mail is an operator once confirmed, not before; the self answer says so', async () => {
    const listed = await createTalent(api, { email: LISTED });
    const unconfirmed = await createTalent(api, { email: LISTED_UNCONFIRMED });
    await api.db
      .update(users)
      .set({ emailVerifiedAt: api.clock.now })
      .where(eq(users.id, listed.id));
    expect((await api.call('GET', '/admin/verifications', { token: listed.token })).status).toBe(
      200,
    );
    expect(
      (await api.call('GET', '/admin/verifications', { token: unconfirmed.token })).status,
    ).toBe(404);
    const me = async (u: TTestUser) =>
      (await api.call('GET', `/users/id/${u.id}`, { token: u.token })).json.data as {
        is_operator: boolean;
      };
    expect((await me(listed)).is_operator).toBe(true);
    expect((await me(unconfirmed)).is_operator).toBe(false);
    expect((await me(olga)).is_operator).toBe(true);
    // The sign-in answer carries it too; another's profile never does.
    const login = await api.login(olga.email, olga.password);
    expect((login.json.data as { is_operator: boolean }).is_operator).toBe(true);
    const other = await api.call('GET', `/users/id/${olga.id}`, { token: listed.token });
    expect(other.json.data).not.toHaveProperty('is_operator');
  });

  it('a suspended operator is refused like anyone else', async () => {
    const sam = await createTalent(api, { name: 'Sam' });
    await api.db
      .update(users)
      .set({ isOperator: true, suspendedAt: api.clock.now })
      .where(eq(users.id, sam.id));
    expectRefusal(await api.call('GET', '/admin/audit', { token: sam.token }), 404, 'not_found');
  });
});

describe('the verification queue', () => {
  it('lists entries in process, oldest first, with the talent and what they wrote', async () => {
    const ana = await createTalent(api, { name: 'Ana' });
    const first = await workplaceInProcess(ana, 'Queue Labs');
    const second = await studyInProcess(ana, 'Queue Institute');
    // An entry not asked for is not in the queue.
    await api.call('POST', '/user_study_centres', {
      token: ana.token,
      body: {
        name: 'Not asked',
        course_name: 'Art',
        start_date: '2010-01-01',
        end_date: '2012-01-01',
        studying_here: false,
      },
    });
    const all = await queue(olga.token, '?per_page=50');
    const mine = all.data.filter((q) => q.talent.id === ana.id);
    expect(mine.map((q) => [q.kind, q.id])).toEqual([
      ['workplace', first],
      ['study', second],
    ]);
    expect(mine[1]).toMatchObject({
      talent: { id: ana.id, name: 'Ana', last_name: 'Test', email: ana.email },
      entry: {
        id: second,
        name: 'Queue Institute',
        course_name: 'Data science',
        start_date: '2015-03-01',
        end_date: '2019-12-15',
        description: 'Evening courses.',
        verify_status_id: 2,
      },
      requested_at: expect.any(String),
    });
    expect(mine[0]!.entry).toMatchObject({ workplace_name: 'Queue Labs', position: 'Developer' });
    const dates = all.data.map((q) => q.requested_at);
    expect([...dates].sort()).toEqual(dates);
    // Pages: one per page, the total is the whole queue.
    const one = await queue(olga.token, '?per_page=1&page=1');
    expect(one.data).toHaveLength(1);
    expect(one.total).toBe(all.total);
    // Only status 2 is a queue.
    const bad = await api.call('GET', '/admin/verifications?status=3', { token: olga.token });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.json).map((e) => e.path)).toContain('status');
  });
});

describe('deciding a verification', () => {
  it('verifies: the entry, the badge on the profile, the notification, the e-mail in Spanish, the audit', async () => {
    const lucia = await createTalent(api, { name: 'Lucía', lang: 'es' });
    const id = await studyInProcess(lucia, 'Escuela Andina');
    const viewer = await createTalent(api);
    // Both profiles are read (and cached) before: the decision must show through the cache.
    const studyOf = async (token?: string) =>
      (
        (await api.call('GET', `/users/id/${lucia.id}`, { token })).json.data as {
          study_centres: TEntry[];
        }
      ).study_centres.find((s) => s.id === id)!;
    expect((await studyOf(lucia.token)).verify_status_id).toBe(2);
    expect((await studyOf(viewer.token)).verify_status_id).toBe(2);
    const mails = api.outbox.length;

    const r = await decide('study', id, { verify_status_id: 3, lang: 'en' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ id, name: 'Escuela Andina', verify_status_id: 3 });
    expect(r.json).toMatchObject({
      message: 'Entry verified. The talent has been told.',
      message_es: 'Entrada verificada. Se avisó al talento.',
    });

    expect((await studyOf(lucia.token)).verify_status_id).toBe(3);
    expect((await studyOf(viewer.token)).verify_status_id).toBe(3);
    expect((await studyOf(undefined)).verify_status_id).toBe(3);
    expect((await queue(olga.token, '?per_page=50')).data.some((q) => q.id === id)).toBe(false);

    const [note] = await api.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, lucia.id));
    expect(note).toMatchObject({
      type: 'verification_decided',
      link: '/profile/my-profile',
      message: expect.stringContaining('Escuela Andina'),
      messageEs: expect.stringContaining('verificados'),
    });
    const sent = api.outbox.slice(mails).filter((m) => m.to === lucia.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Tus estudios en Escuela Andina están verificados');
    expect(sent[0]!.text).toContain('http://app.test/es/profile/my-profile');

    const audit = await api.call('GET', '/admin/audit', { token: olga.token });
    const [last] = (audit.json.data as { data: Record<string, unknown>[] }).data;
    expect(last).toMatchObject({
      operator: { id: olga.id, name: 'Olga', last_name: 'Test' },
      action: 'verification.verified',
      target: { kind: 'study', id, user_id: lucia.id, place: 'Escuela Andina' },
      created_at: expect.any(String),
    });
  });

  it('refuses with a reason (required), e-mailed in English; a decided entry is a 409', async () => {
    const diego = await createTalent(api, { name: 'Diego', lang: 'en' });
    const id = await workplaceInProcess(diego, 'Shady Corp');

    const noReason = await decide('workplace', id, { verify_status_id: 4, lang: 'es' });
    expect(noReason.status).toBe(400);
    expect(errorsOf(noReason.json)).toEqual([expect.objectContaining({ path: 'reason' })]);
    const blank = await decide('workplace', id, { verify_status_id: 4, reason: '   ' });
    expect(errorsOf(blank.json).map((e) => e.path)).toEqual(['reason']);
    const long = await decide('workplace', id, { verify_status_id: 4, reason: 'x'.repeat(501) });
    expect(errorsOf(long.json)).toEqual([
      expect.objectContaining({ path: 'reason', code: 'too_long' }),
    ]);
    const other = await decide('workplace', id, { verify_status_id: 2 });
    expect(errorsOf(other.json).map((e) => e.path)).toEqual(['verify_status_id']);

    const mails = api.outbox.length;
    const r = await decide('workplace', id, {
      verify_status_id: 4,
      reason: 'The company could not confirm the dates.',
      lang: 'es',
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ id, workplace_name: 'Shady Corp', verify_status_id: 4 });
    expect(r.json).toMatchObject({
      message: 'Verification refused. The talent has been told why.',
      message_es: 'Verificación rechazada. Se avisó al talento del motivo.',
    });
    const sent = api.outbox.slice(mails).filter((m) => m.to === diego.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Your experience at Shady Corp could not be verified.');
    expect(sent[0]!.text).toContain('The company could not confirm the dates.');

    expectRefusal(
      await decide('workplace', id, { verify_status_id: 3 }),
      409,
      'invalid_transition',
    );
    const audit = await api.db.select().from(operatorAudit).orderBy(operatorAudit.id);
    expect(audit.at(-1)).toMatchObject({
      operatorId: olga.id,
      action: 'verification.rejected',
      target: { kind: 'workplace', id, reason: 'The company could not confirm the dates.' },
    });
    // The talent may ask again after a refusal, and the entry is back in the queue.
    await api.call('POST', '/user_workplaces/verify', {
      token: diego.token,
      body: { workplace_id: id, lang: 'en' },
    });
    expect((await queue(olga.token, '?per_page=50')).data.some((q) => q.id === id)).toBe(true);
  });

  it('an entry never asked for is a 409; a missing one or an unknown kind 404', async () => {
    const t = await createTalent(api);
    const made = await api.call('POST', '/user_study_centres', {
      token: t.token,
      body: {
        name: 'Never asked',
        course_name: 'Art',
        start_date: '2010-01-01',
        end_date: '2012-01-01',
        studying_here: false,
      },
    });
    const id = (made.json.data as TEntry).id;
    expectRefusal(await decide('study', id, { verify_status_id: 3 }), 409, 'invalid_transition');
    expectRefusal(await decide('study', 2_000_000_000, { verify_status_id: 3 }), 404, 'not_found');
    expectRefusal(
      await decide('workplace', id + 1_000_000, { verify_status_id: 3 }),
      404,
      'not_found',
    );
    expectRefusal(await decide('skill', id, { verify_status_id: 3 }), 404, 'not_found');
    expectRefusal(await decide('study', 'abc', { verify_status_id: 3 }), 404, 'not_found');
    expectRefusal(await decide('study', '99999999999', { verify_status_id: 3 }), 404, 'not_found');
  });
});

describe('the audit log', () => {
  it('pages the acts newest first; an act without an operator (the command line) has null', async () => {
    await api.db.insert(operatorAudit).values({
      operatorId: null,
      action: 'operator.granted',
      target: { user_id: olga.id, email: olga.email },
      createdAt: api.clock.now,
    });
    const r = await api.call('GET', '/admin/audit?per_page=2', { token: olga.token });
    expect(r.status).toBe(200);
    const page = r.json.data as {
      data: { id: number; operator: unknown; action: string }[];
      total: number;
      per_page: number;
      last_page: number;
    };
    expect(page.per_page).toBe(2);
    expect(page.data[0]).toMatchObject({ operator: null, action: 'operator.granted' });
    expect(page.data[0]!.id).toBeGreaterThan(page.data[1]!.id);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const bad = await api.call('GET', '/admin/audit?per_page=51', { token: olga.token });
    expect(bad.status).toBe(400);
  });
});
