import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages, skills, userLanguages, userRolesInterest, userSkills } from '@/db/schema';
import { createTestApi } from '../helpers/api';
import { createUser, type TTestUser } from '../helpers/users';

let api: Awaited<ReturnType<typeof createTestApi>>;
let ana: TTestUser;
let bob: TTestUser;

beforeAll(async () => {
  api = await createTestApi();
  ana = await createUser(api.db, api.deps);
  bob = await createUser(api.db, api.deps);
});
afterAll(async () => api.close());

const skillsOf = async (userId: number) =>
  (
    await api.db
      .select({ name: skills.name })
      .from(userSkills)
      .innerJoin(skills, eq(skills.id, userSkills.skillId))
      .where(eq(userSkills.userId, userId))
  ).map((r) => r.name);

describe('skills', () => {
  it("replaces the caller's skills: delete all, then one POST each", async () => {
    await api.call('POST', '/user_skills', { token: ana.token, body: { name: 'Cobol' } });
    const cleared = await api.call('DELETE', '/user_skills/all', { token: ana.token });
    expect(cleared.json).toEqual({ status: true });
    for (const name of ['TypeScript', '  React   Native ']) {
      const r = await api.call('POST', '/user_skills', { token: ana.token, body: { name } });
      expect(r.json).toEqual({ status: true });
    }
    expect((await skillsOf(ana.id)).sort()).toEqual(['React Native', 'TypeScript']);
  });

  it('ignores a repeated skill in any case and keeps the first spelling', async () => {
    await api.call('POST', '/user_skills', { token: bob.token, body: { name: 'PostgreSQL' } });
    const again = await api.call('POST', '/user_skills', {
      token: bob.token,
      body: { name: 'postgresql' },
    });
    expect(again.status).toBe(200);
    expect(again.json.status).toBe(true);
    expect(await skillsOf(bob.id)).toEqual(['PostgreSQL']);
    await api.call('POST', '/user_skills', { token: ana.token, body: { name: 'POSTGRESQL' } });
    expect(await skillsOf(ana.id)).toContain('PostgreSQL');
  });

  it("does not touch another user's skills when clearing", async () => {
    await api.call('DELETE', '/user_skills/all', { token: ana.token });
    expect(await skillsOf(bob.id)).toEqual(['PostgreSQL']);
  });

  it('answers bad names with 400 and no token with 401', async () => {
    for (const name of ['', '   ', 'x'.repeat(61), 42, null, ['a']]) {
      const r = await api.call('POST', '/user_skills', { token: ana.token, body: { name } });
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect((r.json.errors as { path: string }[])[0]?.path).toBe('name');
    }
    expect((await api.call('POST', '/user_skills', { body: { name: 'Go' } })).status).toBe(401);
    expect((await api.call('DELETE', '/user_skills/all')).status).toBe(401);
  });
});

describe('GET /api/skills', () => {
  /** Gives each of `n` new users the skill `name`. */
  async function usedBy(n: number, name: string) {
    for (let i = 0; i < n; i++) {
      const u = await createUser(api.db, api.deps);
      await api.call('POST', '/user_skills', { token: u.token, body: { name } });
    }
  }

  it('suggests skills containing the search in any case, most used first, without a token', async () => {
    await usedBy(3, 'Quxscript');
    await usedBy(1, 'Pre-qux');
    await usedBy(1, 'Qux native');
    await usedBy(2, 'Angular');
    const { status, json } = await api.call('GET', '/skills?search=QUX');
    expect(status).toBe(200);
    // Among equally used ones, those starting with the search come first.
    expect(json.data).toEqual(['Quxscript', 'Qux native', 'Pre-qux']);
  });

  it('answers the most used skills without a search', async () => {
    await usedBy(6, 'Most used skill');
    const all = await api.call('GET', '/skills');
    expect(all.status).toBe(200);
    expect((all.json.data as string[])[0]).toBe('Most used skill');
  });

  it('treats % and _ in the search literally and refuses long searches', async () => {
    await usedBy(1, 'C_plus');
    expect((await api.call('GET', '/skills?search=%25')).json.data).toEqual([]);
    expect((await api.call('GET', '/skills?search=c_')).json.data).toEqual(['C_plus']);
    const long = await api.call('GET', `/skills?search=${'x'.repeat(61)}`);
    expect(long.status).toBe(400);
  });

  it('answers at most 20 suggestions', async () => {
    const u = await createUser(api.db, api.deps);
    for (let i = 0; i < 25; i++) {
      await api.call('POST', '/user_skills', { token: u.token, body: { name: `Zeta skill ${i}` } });
    }
    const { json } = await api.call('GET', '/skills?search=zeta');
    expect(json.data).toHaveLength(20);
  });
});

describe('roles of interest', () => {
  const rolesOf = async (userId: number) =>
    (await api.db.select().from(userRolesInterest).where(eq(userRolesInterest.userId, userId))).map(
      (r) => r.name,
    );

  it('replaces the roles and ignores repeats in another case', async () => {
    await api.call('DELETE', '/me/roles_interest/all', { token: ana.token });
    for (const name of ['Backend developer', 'BACKEND  developer', 'Tech lead']) {
      const r = await api.call('POST', '/me/roles_interest', { token: ana.token, body: { name } });
      expect(r.json).toEqual({ status: true });
    }
    expect((await rolesOf(ana.id)).sort()).toEqual(['Backend developer', 'Tech lead']);
    await api.call('POST', '/me/roles_interest', { token: bob.token, body: { name: 'Designer' } });
    await api.call('DELETE', '/me/roles_interest/all', { token: ana.token });
    expect(await rolesOf(ana.id)).toEqual([]);
    expect(await rolesOf(bob.id)).toEqual(['Designer']);
  });

  it('answers bad names with 400 and no token with 401', async () => {
    const long = await api.call('POST', '/me/roles_interest', {
      token: ana.token,
      body: { name: 'x'.repeat(81) },
    });
    expect(long.status).toBe(400);
    expect(
      (await api.call('POST', '/me/roles_interest', { token: ana.token, body: {} })).status,
    ).toBe(400);
    expect((await api.call('POST', '/me/roles_interest', { body: { name: 'x' } })).status).toBe(
      401,
    );
    expect((await api.call('DELETE', '/me/roles_interest/all')).status).toBe(401);
  });
});

describe('languages', () => {
  const languagesOf = async (userId: number) =>
    (await api.db.select().from(userLanguages).where(eq(userLanguages.userId, userId))).map(
      (r) => r.languageId,
    );

  it('replaces the languages by id and ignores repeats', async () => {
    const [es] = await api.db.select().from(languages).where(eq(languages.code, 'es'));
    const [en] = await api.db.select().from(languages).where(eq(languages.code, 'en'));
    await api.call('DELETE', '/me/languages/all', { token: ana.token });
    for (const language_id of [es!.id, en!.id, es!.id]) {
      const r = await api.call('POST', '/me/languages', {
        token: ana.token,
        body: { language_id },
      });
      expect(r.json).toEqual({ status: true });
    }
    expect((await languagesOf(ana.id)).sort()).toEqual([es!.id, en!.id].sort());
    const me = await api.call('GET', `/users/id/${ana.id}`, { token: ana.token });
    expect(me.status).toBe(200);
    const listed = (me.json.data as { languages: { id: number }[] }).languages.map((l) => l.id);
    expect(listed.sort()).toEqual([es!.id, en!.id].sort());
    await api.call('DELETE', '/me/languages/all', { token: ana.token });
    expect(await languagesOf(ana.id)).toEqual([]);
  });

  it('answers an unknown or malformed language id with a 400 field error', async () => {
    for (const language_id of [2_000_000, 0, 'es', null, 1.5]) {
      const r = await api.call('POST', '/me/languages', {
        token: ana.token,
        body: { language_id },
      });
      expect(r.status, String(language_id)).toBe(400);
      expect((r.json.errors as { path: string }[])[0]?.path).toBe('language_id');
    }
    expect((await api.call('POST', '/me/languages', { body: { language_id: 1 } })).status).toBe(
      401,
    );
  });
});
