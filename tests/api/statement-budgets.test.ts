import { randomBytes } from 'node:crypto';
import algosdk from 'algosdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, uploads } from '@/db/schema';
import { createTestApi } from '../helpers/api';
import { pipelineFixtures } from '../helpers/marketplace';
import { statementsOf } from '../helpers/statements';
import { createUser, type TTestUser, createBusiness, createTalent } from '../helpers/users';

// The budgets, counted with Drizzle's logger (docs/architecture.md "Reads and writes"):
// a profile read is at most 2 statements, a write at most 3 with its ownership check, and the
// signed-in caller's lookup 1 per request. Above the budget the test names every statement.

let api: Awaited<ReturnType<typeof createTestApi>>;
let ana: TTestUser;
let biz: TTestUser;

beforeAll(async () => {
  api = await createTestApi();
  ana = await createUser(api.db, api.deps);
  biz = await createBusiness(api);
});
afterAll(async () => api.close());

type TCall = Parameters<typeof api.call>;

/** The statements of one request, and its answer (which must be a success). */
async function count(...args: TCall) {
  let answer: Awaited<ReturnType<typeof api.call>> | undefined;
  const sql = await statementsOf(api.db, async () => {
    answer = await api.call(...args);
  });
  expect(answer!.status, `${args[0]} ${args[1]}: ${JSON.stringify(answer!.json)}`).toBeLessThan(
    300,
  );
  return { sql, json: answer!.json };
}

/** Fails, naming the statements, when one request runs more than `max` statements. */
async function expectAtMost(max: number, ...args: TCall) {
  const { sql, json } = await count(...args);
  expect(sql.length, `${args[0]} ${args[1]} ran:\n${sql.join('\n')}`).toBeLessThanOrEqual(max);
  return json.data as { id: number };
}

/** Records an upload as POST /image or /file would, and answers its URL. */
async function upload(ownerId: number, mime: string) {
  const key = `${randomBytes(16).toString('hex')}.${mime === 'image/png' ? 'png' : 'pdf'}`;
  await api.db.insert(uploads).values({
    ownerId,
    kind: mime === 'image/png' ? 'image' : 'file',
    storageKey: key,
    originalName: key,
    mime,
    size: 10,
  });
  return `/api/uploads/${key}`;
}

const EXPERIENCE = {
  workplace_name: 'Acme',
  position: 'Dev',
  start_date: '2020-01-01',
  end_date: null,
  description: 'x',
  work_here: true,
  enable_business: false,
};
const EDUCATION = {
  name: 'Uni',
  course_name: 'CS',
  start_date: '2015-01-01',
  end_date: '2019-01-01',
  studying_here: false,
  description: null,
};

/** The caller's lookup (one statement) is counted apart from the work's budget. */
const AUTH = 1;

describe('statement budgets', () => {
  it('reads a whole profile in one statement, signed out, as a business and as oneself', async () => {
    const token = ana.token;
    await api.call('POST', '/user_workplaces', { token, body: EXPERIENCE });
    await api.call('POST', '/user_study_centres', { token, body: EDUCATION });
    await api.call('POST', '/user_skills', { token, body: { name: 'TypeScript' } });
    await api.call('POST', '/me/roles_interest', { token, body: { name: 'Backend' } });
    await api.call('POST', '/me/languages', { token, body: { language_id: 1 } });
    const cv = await upload(ana.id, 'application/pdf');
    await api.call('PATCH', '/users/info', { token, body: { cv_url: cv } });

    const anonymous = await count('GET', `/users/id/${ana.id}`);
    expect(anonymous.sql).toHaveLength(1);
    // The one statement carries every list.
    expect(anonymous.json.data).toMatchObject({
      workplaces: [{ workplace_name: 'Acme' }],
      study_centres: [{ name: 'Uni' }],
      skills: [{ name: 'TypeScript' }],
      roles_interest: [{ name: 'Backend' }],
      languages: [{ id: 1 }],
      cv_file: { mime: 'application/pdf' },
    });
    expect((await count('GET', `/users/id/${ana.id}`, { token: biz.token })).sql).toHaveLength(
      AUTH + 1,
    );
    const own = await count('GET', `/users/id/${ana.id}`, { token });
    expect(own.sql).toHaveLength(AUTH + 1);
    expect(own.json.data).toMatchObject({ email: ana.email, notifications: [] });
  });

  it('writes each profile part and answers it in at most 3 statements', async () => {
    const token = ana.token;
    const t = { token };
    const budget = AUTH + 3;
    const avatar = await upload(ana.id, 'image/png');
    const cv = await upload(ana.id, 'application/pdf');
    const info = { headline: 'H', country_code: 'PE', avatar_url: avatar, cv_url: cv };
    await expectAtMost(budget, 'PATCH', '/users/info', { ...t, body: info });
    const links = { links: { github: 'https://github.com/ana', website: null } };
    await expectAtMost(budget, 'PATCH', '/users/info', { ...t, body: links });

    const wp = await expectAtMost(budget, 'POST', '/user_workplaces', { ...t, body: EXPERIENCE });
    await expectAtMost(budget, 'PATCH', '/user_workplaces', {
      ...t,
      body: { id: wp.id, position: 'Lead' },
    });
    await expectAtMost(budget, 'DELETE', '/user_workplaces', { ...t, body: { id: wp.id } });
    const sc = await expectAtMost(budget, 'POST', '/user_study_centres', {
      ...t,
      body: EDUCATION,
    });
    await expectAtMost(budget, 'PATCH', '/user_study_centres', {
      ...t,
      body: { id: sc.id, name: 'Uni 2' },
    });
    await expectAtMost(budget, 'DELETE', '/user_study_centres', { ...t, body: { id: sc.id } });

    await expectAtMost(budget, 'DELETE', '/user_skills/all', t);
    await expectAtMost(budget, 'POST', '/user_skills', { ...t, body: { name: 'A new skill' } });
    await expectAtMost(budget, 'POST', '/user_skills', { ...t, body: { name: 'a NEW skill' } });
    await expectAtMost(budget, 'DELETE', '/me/roles_interest/all', t);
    await expectAtMost(budget, 'POST', '/me/roles_interest', { ...t, body: { name: 'Lead' } });
    await expectAtMost(budget, 'DELETE', '/me/languages/all', t);
    await expectAtMost(budget, 'POST', '/me/languages', { ...t, body: { language_id: 2 } });
    const address = algosdk.generateAccount().addr.toString();
    await expectAtMost(budget, 'PATCH', '/users/update_algo_address', {
      ...t,
      body: { algo_address: address },
    });
    await expectAtMost(budget, 'PATCH', '/users/update_near_wallet', {
      ...t,
      body: { near_wallet: 'ana.near' },
    });
    await expectAtMost(budget, 'POST', '/users/paypal/email', {
      ...t,
      body: { paypal_email: 'ana@pay.example' },
    });
  });

  it('reads and writes the e-mail preferences, and marks all notifications read, in one statement each', async () => {
    const t = { token: ana.token };
    await expectAtMost(AUTH + 1, 'GET', '/me/email_preferences', t);
    await expectAtMost(AUTH + 1, 'PATCH', '/me/email_preferences', {
      ...t,
      body: { alerts: 'off', messages: 'daily' },
    });
    await expectAtMost(AUTH + 1, 'PATCH', '/notifications/clicked_all', t);
  });

  it("reads a company's page and a posting's page with one read of the kept responsiveness, computing it again in one more", async () => {
    const [company] = await api.db.select().from(companies).where(eq(companies.id, biz.companyId!));
    const job = (
      await api.call('POST', '/jobs', {
        token: biz.token,
        body: {
          name: 'Budget job',
          summary: 'Node.js',
          description: 'Build our API.',
          skills: ['Node.js'],
          contract_type: 'full_time',
          currency: 'USD',
          modality: 'remote',
          country_code: 'AR',
          end_date: null,
        },
      })
    ).json.data as { id: number };
    const responsivenessStatements = (sql: string[]) =>
      sql.filter((s) => s.includes('company_responsiveness'));
    // Nothing kept yet: the read, then one upsert that computes and keeps the figures.
    const cold = await count('GET', `/companies/${company!.slug}`);
    expect(responsivenessStatements(cold.sql), cold.sql.join('\n')).toHaveLength(2);
    // The company (1), its open postings (1 per kind), the kept figures (1, then 1 to compute).
    expect(cold.sql.length, cold.sql.join('\n')).toBeLessThanOrEqual(5);
    // Within the hour: one read of the kept row, on the company's page and on a posting's.
    const warm = await count('GET', `/companies/${company!.slug}`);
    expect(responsivenessStatements(warm.sql), warm.sql.join('\n')).toHaveLength(1);
    expect(warm.sql.length, warm.sql.join('\n')).toBeLessThanOrEqual(4);
    const posting = await count('GET', `/jobs/${job.id}`);
    expect(responsivenessStatements(posting.sql), posting.sql.join('\n')).toHaveLength(1);
    // The posting with its company and counts (1), the kept figures (1).
    expect(posting.sql.length, posting.sql.join('\n')).toBeLessThanOrEqual(2);
  });

  it("answers a team's reads in at most 4 statements and an edit of its company in 5, the caller's lookup and role included", async () => {
    const id = biz.companyId!;
    // The caller (1), their role in the company (1), the list (1) and, for a paged one, its count.
    await expectAtMost(2, 'GET', '/me/companies', { token: biz.token });
    await expectAtMost(3, 'GET', `/companies/${id}/members`, { token: biz.token });
    await expectAtMost(3, 'GET', `/companies/${id}/invitations`, { token: biz.token });
    await expectAtMost(4, 'GET', `/companies/${id}/audit`, { token: biz.token });
    // The caller, the role, the company locked, its update and the audit line.
    await expectAtMost(5, 'PATCH', `/companies/${id}`, {
      token: biz.token,
      body: { about: 'We build.' },
    });
  });

  it('answers each conversation call in a few statements, however many conversations and messages there are', async () => {
    const fx = pipelineFixtures(api.call, () => api.clock.now);
    const talent = await createTalent(api, { name: 'Budget Talent' });
    // Some history, so that a count that grows with it shows.
    for (let i = 0; i < 3; i++) {
      const p = await fx.post('project', biz.token);
      const a = await fx.apply('project', talent.token, p.id);
      const c = (
        await api.call('POST', '/conversations', {
          token: talent.token,
          body: { kind: 'project', application_id: a.id },
        })
      ).json.data as { id: number };
      for (let j = 0; j < 3; j++) {
        await api.call('POST', `/conversations/${c.id}/messages`, {
          token: j % 2 ? talent.token : biz.token,
          body: { body: `message ${j}` },
        });
      }
    }
    const p = await fx.post('job', biz.token);
    const a = await fx.apply('job', talent.token, p.id);
    const t = { token: talent.token };
    const b = { token: biz.token };
    // The application and its company (1), the caller's role (1, a member), the insert (1), the
    // conversation as the caller sees it (1).
    const opened = await expectAtMost(AUTH + 4, 'POST', '/conversations', {
      ...b,
      body: { kind: 'job', application_id: a.id },
    });
    await expectAtMost(AUTH + 4, 'POST', '/conversations', {
      ...t,
      body: { kind: 'job', application_id: a.id },
    });
    const id = opened.id;
    // The page with the counts and the total unread, in one statement: one snapshot, so the
    // header's count and the list's never disagree.
    await expectAtMost(AUTH + 1, 'GET', '/conversations', t);
    await expectAtMost(AUTH + 1, 'GET', '/conversations', b);
    // Who takes part (1, with the caller's role), then the work (1).
    await expectAtMost(AUTH + 2, 'GET', `/conversations/${id}`, b);
    await expectAtMost(AUTH + 2, 'GET', `/conversations/${id}/messages`, t);
    await expectAtMost(AUTH + 2, 'PATCH', `/conversations/${id}/read`, b);
    // Who takes part, the message with its announcements and the conversation's activity (1),
    // the rate limit (1), the unread e-mail's recipients, its outbox row and its job (3), the
    // company's webhook deliveries (1; their jobs only when an endpoint takes the event), the
    // message as answered (1).
    await expectAtMost(AUTH + 8, 'POST', `/conversations/${id}/messages`, {
      ...t,
      body: { body: 'Within budget' },
    });
    await expectAtMost(AUTH + 3, 'POST', `/conversations/${id}/block`, t);
    await expectAtMost(AUTH + 3, 'DELETE', `/conversations/${id}/block`, t);
  });
});
