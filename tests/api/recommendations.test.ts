import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, projects } from '@/db/schema';
import { earliestToday } from '@/lib/schemas/marketplace';
import { createTestApi } from '../helpers/api';
import { createTeam } from '../helpers/companies';
import { pipelineFixtures, type TKind, type TPage, type TPosting } from '../helpers/marketplace';
import { createTalent, type TTestUser } from '../helpers/users';

// "For you" (docs/api.md "For you"): the open postings a talent has not applied to, those sharing
// the most of the talent's skills and roles of interest first, then the newest.

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
let team: Awaited<ReturnType<typeof createTeam>>;
let talent: TTestUser;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
  team = await createTeam(api, { prefix: 'Rec' });
  talent = await createTalent(api, { name: 'Reader' });
  for (const name of ['Rust', 'go']) {
    const r = await api.call('POST', '/user_skills', { token: talent.token, body: { name } });
    expect(r.status, JSON.stringify(r.json)).toBeLessThan(300);
  }
  const role = await api.call('POST', '/me/roles_interest', {
    token: talent.token,
    body: { name: 'Data engineer' },
  });
  expect(role.status, JSON.stringify(role.json)).toBeLessThan(300);
});
afterAll(async () => api.close());
beforeEach(async () => api.resetRateLimits());

const TABLES = { project: projects, job: jobs } as const;

/** Posts a posting a second after the last, so that "newest" has one answer. */
async function posted(kind: TKind, over: Record<string, unknown>) {
  api.clock.now = new Date(api.clock.now.getTime() + 1000);
  return fx.post(kind, team.owner.token, over);
}

const forYou = async (kind: TKind, token = talent.token, query = '') => {
  const r = await api.call('GET', `/me/recommendations?kind=${kind}${query}`, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as TPage<TPosting>;
};

describe('GET /me/recommendations', () => {
  it('answers a talent, refuses business accounts (owner or member) 403 and nobody signed in 401', async () => {
    const cases: [string | undefined, number][] = [
      [undefined, 401],
      [team.owner.token, 403],
      [team.recruiter.token, 403],
      [talent.token, 200],
    ];
    for (const [token, status] of cases) {
      const r = await api.call('GET', '/me/recommendations?kind=job', { token });
      expect(r.status).toBe(status);
    }
    const bad = await api.call('GET', '/me/recommendations?kind=talent', { token: talent.token });
    expect(bad.status).toBe(400);
  });

  for (const kind of ['project', 'job'] as const) {
    it(`ranks open ${kind}s by shared skills and roles of interest, then newest, leaving out applied, closed and past-deadline ones`, async () => {
      const plain = await posted(kind, { skills: ['Design'] });
      const oneSkill = await posted(kind, { skills: ['rust'] });
      const role = await posted(kind, {
        name: 'Data engineers wanted',
        skills: ['Design'],
      });
      const both = await posted(kind, { skills: ['Go', 'Rust', 'Figma'] });
      const skillAndRole = await posted(kind, {
        name: 'Senior data engineer',
        skills: ['Rust'],
      });
      const applied = await posted(kind, { skills: ['Rust', 'Go'] });
      await fx.apply(kind, talent.token, applied.id);
      const cancelled = await posted(kind, { skills: ['Rust', 'Go'] });
      const del = await api.call('DELETE', `/${kind}s`, {
        token: team.owner.token,
        body: { id: cancelled.id },
      });
      expect(del.status, JSON.stringify(del.json)).toBe(200);
      const past = await posted(kind, { skills: ['Rust', 'Go'] });
      const yesterday = earliestToday(new Date(api.clock.now.getTime() - 3 * 24 * 3600 * 1000));
      await api.db
        .update(TABLES[kind])
        .set({ endDate: yesterday })
        .where(eq(TABLES[kind].id, past.id));

      const page = await forYou(kind);
      expect(page.data.map((p) => p.id)).toEqual([
        skillAndRole.id, // 2, newer than `both`
        both.id, // 2
        role.id, // 1, newer than `oneSkill`
        oneSkill.id, // 1
        plain.id, // 0
      ]);
      expect(page.total).toBe(5);
      // The same item shape as the search's.
      const search = await api.call('GET', `/${kind}s?per_page=50`, { token: talent.token });
      const found = (search.json.data as TPage<TPosting>).data.find((p) => p.id === both.id);
      expect(page.data[1]).toEqual(found);
      // Pages.
      const second = await forYou(kind, talent.token, '&per_page=2&page=2');
      expect(second.data.map((p) => p.id)).toEqual([role.id, oneSkill.id]);
      expect(second.last_page).toBe(3);
      // Another talent without skills or roles: the newest first.
      const newcomer = await createTalent(api, { name: 'Newcomer' });
      const theirs = await forYou(kind, newcomer.token);
      expect(theirs.data.map((p) => p.id)).toEqual(
        [plain, oneSkill, role, both, skillAndRole, applied].map((p) => p.id).reverse(),
      );
      // Leave the next kind's test its own postings.
      for (const p of [plain, oneSkill, role, both, skillAndRole, applied]) {
        await api.db
          .update(TABLES[kind])
          .set({ endDate: yesterday })
          .where(eq(TABLES[kind].id, p.id));
      }
      expect((await forYou(kind)).total).toBe(0);
    });
  }
});
