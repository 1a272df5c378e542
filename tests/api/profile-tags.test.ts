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
    const answers = [];
    for (const name of ['TypeScript', '  React   Native ']) {
      const r = await api.call('POST', '/user_skills', { token: ana.token, body: { name } });
      answers.push(r.json);
    }
    // Each answer is the skill as stored: trimmed, single spaces.
    expect(answers).toEqual([
      { status: true, data: { name: 'TypeScript' } },
      { status: true, data: { name: 'React Native' } },
    ]);
    expect((await skillsOf(ana.id)).sort()).toEqual(['React Native', 'TypeScript']);
  });

  it('ignores a repeated skill in any case and keeps the first spelling', async () => {
    await api.call('POST', '/user_skills', { token: bob.token, body: { name: 'PostgreSQL' } });
    const again = await api.call('POST', '/user_skills', {
      token: bob.token,
      body: { name: 'postgresql' },
    });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ status: true, data: { name: 'PostgreSQL' } });
    expect(await skillsOf(bob.id)).toEqual(['PostgreSQL']);
    // Another user joins the shared skill, and is answered its shared spelling.
    const joined = await api.call('POST', '/user_skills', {
      token: ana.token,
      body: { name: 'POSTGRESQL' },
    });
    expect(joined.json).toEqual({ status: true, data: { name: 'PostgreSQL' } });
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

describe('list limits', () => {
  it('refuses the 51st skill, 21st role and 31st language with too_many and the limit, never a repeat in any case', async () => {
    const u = await createUser(api.db, api.deps);
    const langs = await api.db.select({ id: languages.id }).from(languages).limit(31);
    // Each with a repeat of its first entry, in another case where names have one.
    const lists = [
      [
        '/user_skills',
        'skills',
        50,
        (i: number) => ({ name: `Limit skill ${i}` }),
        { name: 'LIMIT SKILL 0' },
      ],
      [
        '/me/roles_interest',
        'roles_interest',
        20,
        (i: number) => ({ name: `Limit role ${i}` }),
        { name: 'limit ROLE 0' },
      ],
      [
        '/me/languages',
        'languages',
        30,
        (i: number) => ({ language_id: langs[i]!.id }),
        { language_id: langs[0]!.id },
      ],
    ] as const;
    for (const [url, list, max, body, repeat] of lists) {
      for (let i = 0; i < max; i++) {
        expect((await api.call('POST', url, { token: u.token, body: body(i) })).status).toBe(200);
      }
      const over = await api.call('POST', url, { token: u.token, body: body(max) });
      expect(over.status, url).toBe(400);
      expect(over.json).toMatchObject({ code: 'invalid_input', message_es: expect.any(String) });
      expect(over.json.errors).toEqual([
        {
          path: list,
          code: 'too_many',
          params: { max },
          message: `You can have at most ${max}.`,
        },
      ]);
      // A repeat of one already there is still fine: repeats are not counted.
      const again = await api.call('POST', url, { token: u.token, body: repeat });
      expect(again.status, url).toBe(200);
    }
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
    const answers = [];
    for (const name of ['Backend developer', 'BACKEND  developer', 'Tech lead']) {
      const r = await api.call('POST', '/me/roles_interest', { token: ana.token, body: { name } });
      answers.push(r.json.data);
    }
    // A repeat in another case answers the role as it was stored.
    expect(answers).toEqual([
      { name: 'Backend developer' },
      { name: 'Backend developer' },
      { name: 'Tech lead' },
    ]);
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
    const answers: unknown[] = [];
    for (const language_id of [es!.id, en!.id, es!.id]) {
      const r = await api.call('POST', '/me/languages', {
        token: ana.token,
        body: { language_id },
      });
      expect(r.status).toBe(200);
      answers.push(r.json.data);
    }
    expect(answers[0]).toMatchObject({ id: es!.id, code: 'es', name: 'Spanish' });
    expect(answers[1]).toMatchObject({ id: en!.id, code: 'en', name: 'English' });
    expect(answers[2]).toEqual(answers[0]);
    expect((await languagesOf(ana.id)).sort()).toEqual([es!.id, en!.id].sort());
    const me = await api.call('GET', `/users/id/${ana.id}`, { token: ana.token });
    expect(me.status).toBe(200);
    const listed = (me.json.data as { languages: { id: number }[] }).languages;
    expect(listed.map((l) => l.id).sort()).toEqual([es!.id, en!.id].sort());
    // The answer has the very shape of the user object's entries.
    expect(listed).toContainEqual(answers[0]);
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
      expect((r.json.errors as { path: string; code: string }[])[0]).toMatchObject({
        path: 'language_id',
        code: 'id',
        message: 'This is not a valid reference.',
      });
    }
    expect((await api.call('POST', '/me/languages', { body: { language_id: 1 } })).status).toBe(
      401,
    );
  });
});
