import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { savedSearches } from '@/db/schema';
import { createTestApi } from '../helpers/api';
import { errorsOf, expectRefusal } from '../helpers/marketplace';
import { createBusiness, createTalent, type TTestUser } from '../helpers/users';

// Saved searches (docs/api.md "Saved searches", docs/product.md "Saved searches and alerts"):
// every call, who may make it, the limit of 20 and what a saved search's fields accept. Runs on
// PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let api: Awaited<ReturnType<typeof createTestApi>>;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());
beforeEach(async () => api.resetRateLimits());

type TSaved = {
  id: number;
  name: string;
  kind: string;
  query: Record<string, unknown>;
  alert: string;
  created_at: string;
  updated_at: string;
};

const save = (user: TTestUser | undefined, body: unknown) =>
  api.call('POST', '/saved_searches', { token: user?.token, body });

async function saved(user: TTestUser, body: Record<string, unknown> = {}) {
  const r = await save(user, { name: 'Remote design', kind: 'project', ...body });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  expect(r.json).toMatchObject({ message: 'Search saved.', message_es: 'Búsqueda guardada.' });
  return r.json.data as TSaved;
}

const listOf = async (user: TTestUser) => {
  const r = await api.call('GET', '/saved_searches', { token: user.token });
  expect(r.status).toBe(200);
  return r.json.data as TSaved[];
};

describe('saved searches', () => {
  it('saves a search with its filters and answers it; the list shows the newest first', async () => {
    const t = await createTalent(api);
    const first = await saved(t, {
      name: '  Remote   design  ',
      query: { search: ' logo  design ', skill: 'Figma', country: 'pe', modality: 'remote' },
      alert: 'daily',
    });
    expect(first).toMatchObject({
      name: 'Remote design',
      kind: 'project',
      query: { search: 'logo design', skill: 'Figma', country: 'PE', modality: 'remote' },
      alert: 'daily',
    });
    api.clock.now = new Date(api.clock.now.getTime() + 1000);
    const second = await saved(t, {
      name: 'Full-time Node',
      kind: 'job',
      query: { contract: 'full_time', min_pay: 3000, max_pay: 5000, currency: 'usd' },
    });
    expect(second).toMatchObject({
      kind: 'job',
      alert: 'instant',
      query: { contract: 'full_time', min_pay: 3000, max_pay: 5000, currency: 'USD' },
    });
    expect((await listOf(t)).map((s) => s.id)).toEqual([second.id, first.id]);
    expect(Object.keys((await listOf(t))[0]!).sort()).toEqual(
      ['alert', 'created_at', 'id', 'kind', 'name', 'query', 'updated_at'].sort(),
    );
  });

  it('renames, changes the alert and the filters, and deletes its own', async () => {
    const t = await createTalent(api);
    const s = await saved(t);
    const renamed = await api.call('PATCH', `/saved_searches/${s.id}`, {
      token: t.token,
      body: { name: 'Logos', alert: 'off' },
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json.data).toMatchObject({ id: s.id, name: 'Logos', alert: 'off' });
    expect(renamed.json).toMatchObject({
      message: 'Search saved.',
      message_es: 'Búsqueda guardada.',
    });
    const requeried = await api.call('PATCH', `/saved_searches/${s.id}`, {
      token: t.token,
      body: { query: { search: 'brand' } },
    });
    expect(requeried.json.data).toMatchObject({ name: 'Logos', query: { search: 'brand' } });
    const [row] = await api.db
      .select({ terms: savedSearches.requiredTerms })
      .from(savedSearches)
      .where(eq(savedSearches.id, s.id));
    expect(row!.terms).toEqual(['w:brand']);
    const gone = await api.call('DELETE', `/saved_searches/${s.id}`, { token: t.token });
    expect(gone.status).toBe(200);
    expect(gone.json).toEqual({
      status: true,
      data: { id: s.id, deleted: true },
      message: 'Search deleted.',
      message_es: 'Búsqueda eliminada.',
    });
    expect(await listOf(t)).toEqual([]);
  });

  it('keeps the terms a posting must have: its facets and its words, normalised', async () => {
    const t = await createTalent(api);
    const s = await saved(t, {
      kind: 'job',
      query: {
        search: 'Diseñador, UX!',
        skill: 'Node.js',
        country: 'ar',
        modality: 'hybrid',
        contract: 'part_time',
      },
    });
    const [row] = await api.db
      .select({ terms: savedSearches.requiredTerms })
      .from(savedSearches)
      .where(eq(savedSearches.id, s.id));
    expect([...row!.terms].sort()).toEqual(
      [
        '#skill=node.js',
        '#country=ar',
        '#modality=hybrid',
        '#contract=part_time',
        'w:disenador',
        'w:ux',
      ].sort(),
    );
  });

  it('keeps at most 20 per user: the 21st is refused with `limit`, and one deleted frees a place', async () => {
    const t = await createTalent(api);
    const made: TSaved[] = [];
    for (let i = 0; i < 20; i++) made.push(await saved(t, { name: `Search ${i}` }));
    const refused = await save(t, { name: 'One more', kind: 'project' });
    expectRefusal(refused, 409, 'limit');
    expect(refused.json.message).toMatch(/20/);
    // Another user's count is their own.
    await saved(await createTalent(api));
    await api.call('DELETE', `/saved_searches/${made[0]!.id}`, { token: t.token });
    await saved(t, { name: 'One more' });
    expect(await listOf(t)).toHaveLength(20);
  });

  it('two saves at once when 19 are kept make 20, never 21', async () => {
    const t = await createTalent(api);
    for (let i = 0; i < 19; i++) await saved(t, { name: `Search ${i}` });
    const results = await Promise.all([
      save(t, { name: 'A', kind: 'project' }),
      save(t, { name: 'B', kind: 'project' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await listOf(t)).toHaveLength(20);
  });
});

describe('who may use saved searches', () => {
  let owner: TTestUser;
  let other: TTestUser;
  let business: TTestUser;
  let s: TSaved;
  beforeAll(async () => {
    owner = await createTalent(api);
    other = await createTalent(api);
    business = await createBusiness(api);
    s = await saved(owner);
  });

  const calls = () =>
    [
      ['GET', '/saved_searches', undefined],
      ['POST', '/saved_searches', { name: 'X', kind: 'job' }],
      ['PATCH', `/saved_searches/${s.id}`, { name: 'Y' }],
      ['DELETE', `/saved_searches/${s.id + 100000}`, undefined],
    ] as const;

  it('signed out: every call is 401', async () => {
    for (const [method, path, body] of calls()) {
      const r = await api.call(method, path, { body });
      expectRefusal(r, 401, 'unauthorized');
    }
  });

  it("another user's saved search is not found: no read, change or delete, and it stays", async () => {
    for (const stranger of [other, business]) {
      expect(await listOf(stranger)).toEqual([]);
      const patch = await api.call('PATCH', `/saved_searches/${s.id}`, {
        token: stranger.token,
        body: { name: 'Mine now', alert: 'off' },
      });
      expectRefusal(patch, 404, 'not_found');
      const del = await api.call('DELETE', `/saved_searches/${s.id}`, { token: stranger.token });
      expectRefusal(del, 404, 'not_found');
    }
    expect((await listOf(owner)).map((x) => [x.id, x.name, x.alert])).toEqual([
      [s.id, s.name, s.alert],
    ]);
  });

  it('a business account saves its own searches too', async () => {
    const mine = await saved(business, { name: 'Jobs', kind: 'job' });
    expect((await listOf(business)).map((x) => x.id)).toEqual([mine.id]);
  });

  it('an id that is not one is 404', async () => {
    for (const id of ['0', 'abc', '99999999999', String(s.id + 100000)]) {
      const r = await api.call('PATCH', `/saved_searches/${id}`, {
        token: owner.token,
        body: { name: 'Y' },
      });
      expectRefusal(r, 404, 'not_found');
    }
  });
});

describe('what a saved search accepts', () => {
  let t: TTestUser;
  beforeAll(async () => {
    t = await createTalent(api);
  });

  const refusedField = async (body: Record<string, unknown>, path: string, code: string) => {
    const r = await save(t, { name: 'Search', kind: 'project', ...body });
    expectRefusal(r, 400, 'invalid_input');
    expect(errorsOf(r.json)).toContainEqual(expect.objectContaining({ path, code }));
  };

  it('a name of 1 to 80 characters on one line, without control characters', async () => {
    await refusedField({ name: '   ' }, 'name', 'required');
    await refusedField({ name: 'x'.repeat(81) }, 'name', 'too_long');
    await refusedField({ name: 'a\u0007b' }, 'name', 'control_characters');
    await refusedField({ name: 'a\nb' }, 'name', 'line_breaks');
    expect((await saved(t, { name: 'x'.repeat(80) })).name).toHaveLength(80);
  });

  it('a kind of project or job, an alert of instant, daily or off', async () => {
    await refusedField({ kind: 'talent' }, 'kind', 'choice');
    await refusedField({ alert: 'weekly' }, 'alert', 'choice');
    const patch = await api.call('PATCH', `/saved_searches/${(await saved(t)).id}`, {
      token: t.token,
      body: { alert: 'hourly' },
    });
    expectRefusal(patch, 400, 'invalid_input');
    expect(errorsOf(patch.json)).toContainEqual(
      expect.objectContaining({ path: 'alert', code: 'choice' }),
    );
  });

  it("the query takes the search's rules", async () => {
    await refusedField({ query: { search: 'x'.repeat(101) } }, 'query.search', 'too_long');
    await refusedField({ query: { search: 'logo\u0000' } }, 'query.search', 'control_characters');
    await refusedField({ query: { skill: 'a\u001bb' } }, 'query.skill', 'control_characters');
    await refusedField({ query: { country: 'Peru' } }, 'query.country', 'country');
    await refusedField({ query: { modality: 'moon' } }, 'query.modality', 'choice');
    await refusedField({ query: { min_pay: -1, currency: 'USD' } }, 'query.min_pay', 'too_small');
    await refusedField(
      { query: { min_pay: 500, max_pay: 100, currency: 'USD' } },
      'query.max_pay',
      'min_above_max',
    );
    await refusedField({ query: { unknown: 1 } }, 'query.unknown', 'invalid');
  });

  it('pay needs its currency, one the app knows', async () => {
    await refusedField({ query: { min_pay: 100 } }, 'query.currency', 'required');
    await refusedField({ query: { max_pay: 100 } }, 'query.currency', 'required');
    await refusedField({ query: { min_pay: 100, currency: 'XYZ' } }, 'query.currency', 'currency');
    const ok = await saved(t, { query: { min_pay: 100, currency: 'pen' } });
    expect(ok.query).toEqual({ min_pay: 100, currency: 'PEN' });
  });

  it('a contract type only in a search of jobs', async () => {
    await refusedField({ query: { contract: 'full_time' } }, 'query.contract', 'invalid');
    await refusedField({ kind: 'job', query: { contract: 'forever' } }, 'query.contract', 'choice');
    const project = await saved(t);
    const patch = await api.call('PATCH', `/saved_searches/${project.id}`, {
      token: t.token,
      body: { query: { contract: 'full_time' } },
    });
    expectRefusal(patch, 400, 'invalid_input');
    const job = await saved(t, { kind: 'job', query: { contract: 'internship' } });
    expect(job.query).toEqual({ contract: 'internship' });
  });
});
