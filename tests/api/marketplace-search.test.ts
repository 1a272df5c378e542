import { eq, sql } from 'drizzle-orm';
import { users } from '@/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestToday } from '@/lib/schemas/marketplace';
import { searchWords } from '@/server/services/marketplace/postings';
import { createTestApi, type TJson } from '../helpers/api';
import { captureNotices, planWithoutScans } from '../helpers/db';
import { statementsWithParamsOf } from '../helpers/statements';
import {
  type TTestUser,
  createBusinesses,
  createTalents,
  createBusiness,
  createTalent,
} from '../helpers/users';
import type { TPosting } from '../helpers/marketplace';

// Search (docs/api.md "Marketplace" › "Search"): GET /projects and GET /jobs answer one page from
// one query; GET /talents lets a business find talents. Postings are seeded through the API.

let api: Awaited<ReturnType<typeof createTestApi>>;
let bea: TTestUser;
let carl: TTestUser;
let tina: TTestUser;

const DAY = 24 * 3600 * 1000;
const day = (offset: number) => earliestToday(new Date(api.clock.now.getTime() + offset * DAY));

type TPage<T> = { data: T[]; total: number; page: number; per_page: number; last_page: number };

const project = (over: Record<string, unknown> = {}) => ({
  name: 'Plain project',
  summary: 'Nothing special here',
  description: 'A description.',
  skills: [],
  budget: 100_000,
  currency: 'USD',
  weeks: 4,
  modality: 'remote',
  country_code: 'PE',
  end_date: day(60),
  ...over,
});

const job = (over: Record<string, unknown> = {}) => ({
  name: 'Plain job',
  summary: 'Nothing special here',
  description: 'A description.',
  skills: [],
  contract_type: 'full_time',
  min_salary: null,
  max_salary: null,
  currency: 'USD',
  modality: 'remote',
  country_code: 'PE',
  end_date: day(60),
  ...over,
});

/** Posts as `token`; the clock moves a second on first, so "newest" has an order to find. */
async function post(kind: 'projects' | 'jobs', body: Record<string, unknown>, token = bea.token) {
  api.clock.now = new Date(api.clock.now.getTime() + 1000);
  const r = await api.call('POST', `/${kind}`, { token, body });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.data as TPosting;
}

async function search<T = TPosting>(path: string, token?: string) {
  const r = await api.call('GET', path, { token });
  expect(r.status, `${path}: ${JSON.stringify(r.json)}`).toBe(200);
  expect(r.json.status).toBe(true);
  return r.json.data as TPage<T>;
}

/** The ids a search finds (one page of 50: this file seeds fewer). */
const idsOf = async (path: string) => {
  const sep = path.includes('?') ? '&' : '?';
  return (await search(`${path}${sep}per_page=50`)).data.map((p) => p.id);
};

const errorsOf = (json: TJson) => (json.errors ?? []) as { path: string; code: string }[];

// The seeded postings.
const P = {} as Record<'logo' | 'react' | 'words' | 'cancelled' | 'shortDeadline', TPosting>;
const J = {} as Record<'backend' | 'intern' | 'yen' | 'cancelled', TPosting>;

beforeAll(async () => {
  api = await createTestApi();
  [bea, carl] = await createBusinesses(api, 'Bea', 'Carl');
  tina = await createTalent(api, { name: 'Tina' });

  P.logo = await post('projects', {
    ...project(),
    name: 'Diseño de logo',
    summary: 'Identidad para una cafetería',
    skills: ['Illustrator'],
    budget: 150_000, // 1,500 USD
    currency: 'USD',
    country_code: 'MX',
    modality: 'onsite',
    end_date: day(20),
  });
  P.react = await post('projects', {
    ...project(),
    name: 'Shop front',
    summary: 'A storefront for a bakery',
    skills: ['React', 'TypeScript'],
    budget: 150_000, // 150,000 JPY
    currency: 'JPY',
    country_code: 'JP',
    modality: 'hybrid',
    end_date: day(10),
  });
  P.words = await post(
    'projects',
    {
      ...project(),
      name: 'Mobile banking app',
      summary: 'Flutter screens for a bank',
      skills: ['Flutter'],
      budget: 500_000, // 5,000 EUR
      currency: 'EUR',
      country_code: 'ES',
      end_date: '',
    },
    carl.token,
  );
  P.cancelled = await post('projects', {
    ...project(),
    name: 'Cancelled mural',
    country_code: 'CO',
  });
  P.shortDeadline = await post('projects', {
    ...project(),
    name: 'Poster express',
    country_code: 'CO',
    end_date: day(1),
  });
  const cancel = await api.call('DELETE', '/projects', {
    token: bea.token,
    body: { id: P.cancelled.id },
  });
  expect(cancel.status).toBe(200);

  J.backend = await post('jobs', {
    ...job(),
    name: 'Desarrollador backend',
    summary: 'Node.js y PostgreSQL',
    skills: ['Node.js', 'PostgreSQL'],
    contract_type: 'full_time',
    min_salary: 300_000, // 3,000–5,000 USD
    max_salary: 500_000,
    currency: 'USD',
    country_code: 'AR',
    modality: 'remote',
    end_date: day(30),
  });
  J.intern = await post('jobs', {
    ...job(),
    name: 'Diseñadora UX en prácticas',
    summary: 'Investigación con usuarios',
    skills: ['Figma'],
    contract_type: 'internship',
    min_salary: 50_000, // 500–800 USD
    max_salary: 80_000,
    currency: 'USD',
    country_code: 'CL',
    modality: 'onsite',
    end_date: day(5),
  });
  J.yen = await post('jobs', {
    ...job(),
    name: 'Data engineer',
    summary: 'Pipelines in Tokyo',
    skills: ['Python'],
    contract_type: 'contract',
    min_salary: 400_000, // 400,000–600,000 JPY
    max_salary: 600_000,
    currency: 'JPY',
    country_code: 'JP',
    modality: 'hybrid',
    end_date: '',
  });
  J.cancelled = await post('jobs', { ...job(), name: 'Cancelled job', country_code: 'CO' });
  const cancelJob = await api.call('DELETE', '/jobs', {
    token: bea.token,
    body: { id: J.cancelled.id },
  });
  expect(cancelJob.status).toBe(200);
});
afterAll(async () => api.close());

describe('GET /projects: search', () => {
  it('"diseno" finds "Diseño de logo": any case, with or without accents', async () => {
    for (const q of ['diseno', 'DISEÑO', 'Diseño', 'DISENO', 'diseño']) {
      const ids = await idsOf(`/projects?search=${encodeURIComponent(q)}`);
      expect(ids, q).toContain(P.logo.id);
      expect(ids, q).not.toContain(P.react.id);
    }
  });

  it('finds a word of the skills: "react" finds a posting whose skills include "React"', async () => {
    const ids = await idsOf('/projects?search=react');
    expect(ids).toEqual([P.react.id]);
  });

  it('finds words of the summary', async () => {
    expect(await idsOf('/projects?search=cafeteria')).toEqual([P.logo.id]);
  });

  it('"every word must begin a word": "eno" does not find "Diseño", "ogo" not "logo"', async () => {
    for (const q of ['eno', 'ogo', 'iseño']) {
      expect(await idsOf(`/projects?search=${encodeURIComponent(q)}`), q).not.toContain(P.logo.id);
    }
    // The beginning of a word is enough.
    expect(await idsOf('/projects?search=dis')).toContain(P.logo.id);
  });

  it('requires every word: "diseno logo" finds it, "diseno bakery" finds nothing', async () => {
    expect(await idsOf('/projects?search=diseno%20logo')).toEqual([P.logo.id]);
    expect(await idsOf('/projects?search=logo%20%20diseno')).toEqual([P.logo.id]);
    expect(await idsOf('/projects?search=diseno%20bakery')).toEqual([]);
  });

  it('requires every word however many: a ninth word that begins none finds nothing', async () => {
    const eight = Array(8).fill('diseno').join(' ');
    expect(await idsOf(`/projects?search=${encodeURIComponent(eight)}`)).toEqual([P.logo.id]);
    expect(await idsOf(`/projects?search=${encodeURIComponent(`${eight} zzzq`)}`)).toEqual([]);
  });

  it('treats LIKE wildcards and quotes as text, not patterns', async () => {
    // As patterns, "l_go" and "l%o" would find "logo".
    for (const q of ['l_go', 'l%o', "logo'", 'logo\\']) {
      const r = await api.call('GET', `/projects?search=${encodeURIComponent(q)}&per_page=50`);
      expect(r.status, q).toBe(200);
      const ids = (r.json.data as TPage<TPosting>).data.map((p) => p.id);
      if (q.startsWith('l_') || q.startsWith('l%')) expect(ids, q).not.toContain(P.logo.id);
    }
  });

  it('refuses a search of 101 characters with 400', async () => {
    const r = await api.call('GET', `/projects?search=${'a'.repeat(101)}`);
    expect(r.status).toBe(400);
    expect(errorsOf(r.json)).toContainEqual(
      expect.objectContaining({ path: 'search', code: 'too_long' }),
    );
    expect((await api.call('GET', `/projects?search=${'a'.repeat(100)}`)).status).toBe(200);
  });
});

describe('GET /projects: filters', () => {
  it('skill: postings that list this skill, in any case', async () => {
    for (const skill of ['React', 'react', 'REACT']) {
      expect(await idsOf(`/projects?skill=${skill}`), skill).toEqual([P.react.id]);
    }
    // A skill is a whole skill, not a word of one.
    expect(await idsOf('/projects?skill=Reac')).toEqual([]);
  });

  it('country: equal, in any case', async () => {
    expect(await idsOf('/projects?country=MX')).toEqual([P.logo.id]);
    expect(await idsOf('/projects?country=mx')).toEqual([P.logo.id]);
    expect(await idsOf('/projects?country=JP')).toEqual([P.react.id]);
  });

  it('modality: equal', async () => {
    const onsite = await idsOf('/projects?modality=onsite');
    expect(onsite).toContain(P.logo.id);
    expect(onsite).not.toContain(P.react.id);
    expect(await idsOf('/projects?modality=hybrid')).toEqual([P.react.id]);
    expect((await api.call('GET', '/projects?modality=moon')).status).toBe(400);
  });

  it('without status, only accepting postings: not a cancelled one', async () => {
    const ids = await idsOf('/projects');
    expect(ids).toContain(P.logo.id);
    expect(ids).not.toContain(P.cancelled.id);
    const page = await search('/projects?per_page=50');
    expect(page.data.every((p) => p.accepting)).toBe(true);
  });

  it('status=4 lists the cancelled one', async () => {
    const ids = await idsOf('/projects?status=4');
    expect(ids).toEqual([P.cancelled.id]);
    expect(await idsOf('/projects?status=1')).not.toContain(P.cancelled.id);
  });

  it('without status, not one whose deadline has passed (the clock moved past it)', async () => {
    expect(await idsOf('/projects?country=CO')).toEqual([P.shortDeadline.id]);
    const saved = api.clock.now;
    try {
      api.clock.now = new Date(saved.getTime() + 3 * DAY);
      expect(await idsOf('/projects?country=CO')).toEqual([]);
      expect(await idsOf('/projects')).not.toContain(P.shortDeadline.id);
    } finally {
      api.clock.now = saved;
    }
    expect(await idsOf('/projects?country=CO')).toEqual([P.shortDeadline.id]);
  });

  it('refuses status=9 with 400', async () => {
    for (const status of ['9', '0', 'abc']) {
      const r = await api.call('GET', `/projects?status=${status}`);
      expect(r.status, status).toBe(400);
      expect(errorsOf(r.json).map((e) => e.path)).toContain('status');
    }
  });

  it('min_pay in whole units of the chosen currency: 150000 USD minor (1,500 USD) matches 1000 USD, not 2000 USD', async () => {
    const thousand = await idsOf('/projects?min_pay=1000&currency=USD');
    expect(thousand).toContain(P.logo.id);
    expect(await idsOf('/projects?min_pay=2000&currency=USD')).not.toContain(P.logo.id);
    // 150000 JPY is 150,000 yen: it reaches 2000 JPY and 150000 JPY, not one yen more.
    expect(await idsOf('/projects?min_pay=2000&currency=JPY')).toContain(P.react.id);
    expect(await idsOf('/projects?min_pay=150000&currency=jpy')).toContain(P.react.id);
    expect(await idsOf('/projects?min_pay=150001&currency=JPY')).not.toContain(P.react.id);
    // 500000 EUR minor is 5,000 EUR.
    expect(await idsOf('/projects?min_pay=2000&currency=EUR')).toContain(P.words.id);
  });

  it('max_pay in whole units of the chosen currency: 1,500 USD is within 2000 USD', async () => {
    const ids = await idsOf('/projects?max_pay=2000&currency=USD');
    expect(ids).toContain(P.logo.id);
    const range = await idsOf('/projects?min_pay=1000&max_pay=1500&currency=USD');
    expect(range).toContain(P.logo.id);
    expect(await idsOf('/projects?max_pay=4000&currency=EUR')).not.toContain(P.words.id);
  });

  it('mixed currencies: 1,000 JPY and 1,000 USD are not equal, only postings in the chosen currency are compared and listed', async () => {
    // 150,000 JPY reaches 1000 JPY; in dollars it is not compared at all.
    const usd = await idsOf('/projects?min_pay=1000&currency=USD');
    expect(usd).toContain(P.logo.id);
    expect(usd).not.toContain(P.react.id);
    expect(usd).not.toContain(P.words.id);
    const jpy = await idsOf('/projects?min_pay=1000&currency=JPY');
    expect(jpy).toContain(P.react.id);
    expect(jpy).not.toContain(P.logo.id);
    expect(jpy).not.toContain(P.words.id);
    // 1,500 USD is below 2000, yet no posting in yen is listed under a dollar maximum.
    const max = await idsOf('/projects?max_pay=200000&currency=USD');
    expect(max).toContain(P.logo.id);
    expect(max).not.toContain(P.react.id);
    // The currency alone lists the postings paying in it.
    const eur = await idsOf('/projects?currency=EUR');
    expect(eur).toContain(P.words.id);
    expect(eur).not.toContain(P.logo.id);
  });

  it.each([['/projects'], ['/jobs']])(
    '%s refuses min_pay or max_pay without a currency: 400 with a field error on currency (required)',
    async (path) => {
      for (const q of ['min_pay=1000', 'max_pay=1000', 'min_pay=1&max_pay=2']) {
        const r = await api.call('GET', `${path}?${q}`);
        expect(r.status, q).toBe(400);
        expect(r.json).toMatchObject({ status: false, code: 'invalid_input' });
        expect(errorsOf(r.json), q).toContainEqual(
          expect.objectContaining({ path: 'currency', code: 'required' }),
        );
      }
    },
  );

  it('refuses an unknown currency with a field error on currency', async () => {
    for (const c of ['XYZ', 'dollars', '']) {
      const r = await api.call('GET', `/projects?min_pay=1&currency=${c}`);
      expect(r.status, c).toBe(400);
      expect(
        errorsOf(r.json).map((e) => e.path),
        c,
      ).toContain('currency');
    }
  });

  it('refuses a negative or non-numeric min_pay with 400', async () => {
    for (const q of ['min_pay=-1', 'min_pay=abc', 'max_pay=1.5', 'max_pay=2000000001']) {
      expect((await api.call('GET', `/projects?${q}&currency=USD`)).status, q).toBe(400);
    }
  });
});

describe('GET /projects: sort', () => {
  it('newest (the default): the latest posted first', async () => {
    const all = await idsOf('/projects');
    const expected = [P.shortDeadline, P.words, P.react, P.logo].map((p) => p.id);
    expect(all.filter((id) => expected.includes(id))).toEqual(expected);
    expect(await idsOf('/projects?sort=newest')).toEqual(all);
  });

  it('deadline: soonest first, none last', async () => {
    const ids = await idsOf('/projects?sort=deadline');
    const expected = [P.shortDeadline, P.react, P.logo, P.words].map((p) => p.id);
    expect(ids.filter((id) => expected.includes(id))).toEqual(expected);
    expect(ids.at(-1)).toBe(P.words.id);
  });

  it('pay: highest first in whole units (150,000 JPY, 5,000 EUR, 1,500 USD)', async () => {
    const ids = await idsOf('/projects?sort=pay');
    const expected = [P.react, P.words, P.logo].map((p) => p.id);
    expect(ids.filter((id) => expected.includes(id))).toEqual(expected);
  });

  it('refuses an unknown sort with 400', async () => {
    const r = await api.call('GET', '/projects?sort=cheapest');
    expect(r.status).toBe(400);
    expect(errorsOf(r.json).map((e) => e.path)).toContain('sort');
  });
});

describe('GET /jobs', () => {
  it('search: accents and case aside, both ways, and words of the skills', async () => {
    for (const q of ['disenadora', 'DISEÑADORA', 'practicas', 'PRÁCTICAS']) {
      expect(await idsOf(`/jobs?search=${encodeURIComponent(q)}`), q).toEqual([J.intern.id]);
    }
    expect(await idsOf('/jobs?search=postgresql')).toEqual([J.backend.id]);
    expect(await idsOf('/jobs?search=node%20postgres')).toEqual([J.backend.id]);
    expect(await idsOf('/jobs?search=node%20figma')).toEqual([]);
    expect(await idsOf('/jobs?search=rrollador')).toEqual([]);
  });

  it('skill, country, modality and contract_type', async () => {
    expect(await idsOf('/jobs?skill=figma')).toEqual([J.intern.id]);
    expect(await idsOf('/jobs?country=AR')).toEqual([J.backend.id]);
    expect(await idsOf('/jobs?modality=hybrid')).toEqual([J.yen.id]);
    expect(await idsOf('/jobs?contract_type=internship')).toEqual([J.intern.id]);
    expect(await idsOf('/jobs?contract_type=contract&country=JP')).toEqual([J.yen.id]);
    expect(await idsOf('/jobs?contract_type=internship&country=AR')).toEqual([]);
    expect((await api.call('GET', '/jobs?contract_type=forever')).status).toBe(400);
  });

  it('status: only accepting ones without it, status=4 the cancelled one', async () => {
    expect(await idsOf('/jobs')).not.toContain(J.cancelled.id);
    expect(await idsOf('/jobs?status=4')).toEqual([J.cancelled.id]);
  });

  it('salary range overlap, in whole units of the chosen currency', async () => {
    // Backend 3,000–5,000 USD; intern 500–800 USD; data engineer 400,000–600,000 JPY.
    const cases: [string, TPosting[], TPosting[]][] = [
      ['min_pay=4500&currency=USD', [J.backend], [J.intern, J.yen]],
      ['min_pay=6000&currency=USD', [], [J.backend, J.intern, J.yen]],
      ['min_pay=6000&currency=JPY', [J.yen], [J.backend, J.intern]],
      ['max_pay=2500&currency=USD', [J.intern], [J.backend, J.yen]],
      ['max_pay=3500&currency=USD', [J.intern, J.backend], [J.yen]],
      ['max_pay=500000&currency=JPY', [J.yen], [J.intern, J.backend]],
      ['min_pay=700&max_pay=3000&currency=USD', [J.intern, J.backend], [J.yen]],
      ['min_pay=600001&currency=JPY', [], [J.backend, J.intern, J.yen]],
    ];
    for (const [q, found, missing] of cases) {
      const ids = await idsOf(`/jobs?${q}`);
      for (const j of found) expect(ids, `${q} finds ${j.name}`).toContain(j.id);
      for (const j of missing) expect(ids, `${q} misses ${j.name}`).not.toContain(j.id);
    }
  });

  it('sort: deadline soonest first with none last, pay highest first in whole units', async () => {
    const jobsOnly = [J.intern, J.backend, J.yen].map((j) => j.id);
    const byDeadline = (await idsOf('/jobs?sort=deadline')).filter((id) => jobsOnly.includes(id));
    expect(byDeadline).toEqual([J.intern.id, J.backend.id, J.yen.id]);
    const byPay = (await idsOf('/jobs?sort=pay')).filter((id) => jobsOnly.includes(id));
    expect(byPay).toEqual([J.yen.id, J.backend.id, J.intern.id]);
    const newest = (await idsOf('/jobs')).filter((id) => jobsOnly.includes(id));
    expect(newest).toEqual([J.yen.id, J.intern.id, J.backend.id]);
  });
});

describe('pagination', () => {
  const uy: TPosting[] = [];
  beforeAll(async () => {
    for (let i = 1; i <= 5; i++) {
      uy.push(await post('projects', { ...project(), name: `Uruguay ${i}`, country_code: 'UY' }));
    }
  });

  it('per_page=2 pages through five: total 5, last_page 3', async () => {
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const p = await search(`/projects?country=UY&per_page=2&page=${page}`);
      expect(p).toMatchObject({ total: 5, page, per_page: 2, last_page: 3 });
      expect(p.data).toHaveLength(page === 3 ? 1 : 2);
      seen.push(...p.data.map((x) => x.id));
    }
    // Newest first, each once.
    expect(seen).toEqual(uy.map((p) => p.id).reverse());
  });

  it('a page past the end is empty, with the true total', async () => {
    const p = await search('/projects?country=UY&per_page=2&page=4');
    expect(p).toMatchObject({ data: [], total: 5, page: 4, per_page: 2 });
  });

  it('defaults to page 1 of 20', async () => {
    const p = await search('/projects?country=UY');
    expect(p).toMatchObject({ total: 5, page: 1, per_page: 20, last_page: 1 });
  });

  it('refuses per_page=51 with 400 too_large', async () => {
    const r = await api.call('GET', '/projects?per_page=51');
    expect(r.status).toBe(400);
    expect(errorsOf(r.json)).toContainEqual(
      expect.objectContaining({ path: 'per_page', code: 'too_large' }),
    );
  });

  it('clamps page=0 to page 1 and per_page=0 to 1, as the shared schema does', async () => {
    // lib/schemas/marketplace.ts searchEntries: `Math.max(1, n)` for both.
    const p0 = await search('/projects?country=UY&per_page=2&page=0');
    expect(p0).toMatchObject({ page: 1, per_page: 2, total: 5 });
    const pp0 = await search('/projects?country=UY&per_page=0');
    expect(pp0).toMatchObject({ page: 1, per_page: 1, total: 5, last_page: 5 });
    expect(pp0.data).toHaveLength(1);
  });

  it('refuses a page that is not a number, or negative, with 400', async () => {
    for (const q of ['page=abc', 'page=-1', 'per_page=-2', 'per_page=ten']) {
      expect((await api.call('GET', `/projects?${q}`)).status, q).toBe(400);
    }
  });
});

describe('GET /talents', () => {
  type TTalent = {
    id: number;
    name: string;
    last_name: string;
    headline: string | null;
    skills: unknown[];
    languages: { code: string }[];
  };
  let inigo: TTestUser;
  let maria: TTestUser;
  let bizNamedInigo: TTestUser;

  const talentIds = async (query: string) => {
    const page = await search<TTalent>(`/talents?${query}&per_page=50`, bea.token);
    return page.data.map((t) => t.id);
  };

  beforeAll(async () => {
    [inigo, maria] = await createTalents(api, 'Íñigo', 'María');
    bizNamedInigo = await createBusiness(api, { name: 'Íñigo' });
    const ok = (r: { status: number; json: TJson }) =>
      expect(r.status, JSON.stringify(r.json)).toBeLessThan(300);

    ok(
      await api.call('PATCH', '/users/info', {
        token: inigo.token,
        body: { headline: 'Diseñador gráfico', country_code: 'CL', city: 'Valparaíso' },
      }),
    );
    ok(
      await api.call('PATCH', '/users/info', {
        token: maria.token,
        body: { headline: 'Backend engineer', country_code: 'PE' },
      }),
    );
    ok(
      await api.call('PATCH', '/users/info', {
        token: bizNamedInigo.token,
        body: { headline: 'Diseñador gráfico', country_code: 'CL' },
      }),
    );
    ok(await api.call('POST', '/user_skills', { token: inigo.token, body: { name: 'Rust' } }));
    ok(await api.call('POST', '/user_skills', { token: maria.token, body: { name: 'Go' } }));
    ok(
      await api.call('POST', '/me/roles_interest', {
        token: maria.token,
        body: { name: 'Data Engineer' },
      }),
    );
    const langs = await api.call('GET', '/languages');
    const spanish = (langs.json.data as { id: number; code: string }[]).find(
      (l) => l.code === 'es',
    );
    expect(spanish).toBeDefined();
    ok(
      await api.call('POST', '/me/languages', {
        token: inigo.token,
        body: { language_id: spanish!.id },
      }),
    );
  });

  it('answers a page of talent cards to a business', async () => {
    const page = await search<TTalent>(`/talents?search=inigo`, bea.token);
    expect(page).toMatchObject({ total: 1, page: 1, per_page: 20, last_page: 1 });
    expect(page.data).toHaveLength(1);
    const card = page.data[0]!;
    expect(Object.keys(card).sort()).toEqual(
      [
        'id',
        'name',
        'last_name',
        'headline',
        'avatar_url',
        'country_code',
        'city',
        'skills',
        'languages',
        'saved',
      ].sort(),
    );
    expect(card).toMatchObject({
      id: inigo.id,
      name: 'Íñigo',
      last_name: 'Test',
      headline: 'Diseñador gráfico',
      avatar_url: null,
      country_code: 'CL',
      city: 'Valparaíso',
    });
    expect(card.skills).toEqual(['Rust']);
    expect(card.languages).toEqual([
      { code: 'es', name_en: expect.any(String), name_es: expect.any(String) },
    ]);
    expect(card).not.toHaveProperty('email');
  });

  it('search matches words of the name and headline, accents and case aside', async () => {
    for (const q of ['inigo', 'ÍÑIGO', 'disenador', 'Diseñador grafico', 'GRÁF']) {
      expect(await talentIds(`search=${encodeURIComponent(q)}`), q).toEqual([inigo.id]);
    }
    expect(await talentIds('search=backend%20engineer')).toEqual([maria.id]);
    expect(await talentIds('search=nigo')).toEqual([]);
  });

  it('never lists businesses', async () => {
    const ids = await talentIds('search=inigo');
    expect(ids).not.toContain(bizNamedInigo.id);
    expect(await talentIds('country=CL')).not.toContain(bizNamedInigo.id);
    const all = await search<TTalent>('/talents?per_page=50', bea.token);
    const listed = all.data.map((t) => t.id);
    for (const b of [bea, carl, bizNamedInigo]) expect(listed).not.toContain(b.id);
    expect(listed).toEqual(expect.arrayContaining([inigo.id, maria.id, tina.id]));
  });

  it('skill (any case), language (ISO code), role and country', async () => {
    expect(await talentIds('skill=rust')).toEqual([inigo.id]);
    expect(await talentIds('skill=RUST')).toEqual([inigo.id]);
    expect(await talentIds('language=es')).toEqual([inigo.id]);
    expect(await talentIds('language=ES')).toEqual([inigo.id]);
    expect(await talentIds('language=fr')).toEqual([]);
    expect(await talentIds(`role=${encodeURIComponent('Data Engineer')}`)).toEqual([maria.id]);
    expect(await talentIds('country=CL')).toEqual([inigo.id]);
    expect(await talentIds('country=pe')).toEqual([maria.id]);
    expect(await talentIds('country=CL&skill=go')).toEqual([]);
  });

  it('lists the fullest profiles first (headline, skills, experience, photo), then the most recently updated; an empty one last', async () => {
    const made = async (name: string) => {
      const u = await createTalent(api, { name });
      const r = await api.call('PATCH', '/users/info', {
        token: u.token,
        body: { country_code: 'UY' },
      });
      expect(r.status).toBe(200);
      return u;
    };
    const full = await made('Full');
    const older = await made('Older');
    const newer = await made('Newer');
    const headlineOnly = await made('Headline');
    const empty = await made('Empty');
    for (const u of [full, older, newer]) {
      await api.call('PATCH', '/users/info', { token: u.token, body: { headline: 'Developer' } });
      await api.call('POST', '/user_skills', { token: u.token, body: { name: 'Go' } });
    }
    await api.call('PATCH', '/users/info', {
      token: headlineOnly.token,
      body: { headline: 'Designer' },
    });
    const experience = {
      workplace_name: 'Andes Labs',
      position: 'Dev',
      start_date: '2020-01-01',
      work_here: true,
    };
    expect(
      (await api.call('POST', '/user_workplaces', { token: full.token, body: experience })).status,
    ).toBe(201);
    await api.db.execute(
      sql`update users set avatar_url = '/api/uploads/full.png' where id = ${full.id}`,
    );
    // Two profiles as full as each other: the one updated last comes first.
    await api.db.execute(
      sql`update users set updated_at = now() - interval '2 days' where id = ${newer.id}`,
    );
    await api.db.execute(
      sql`update users set updated_at = now() - interval '1 day' where id = ${older.id}`,
    );
    expect(await talentIds('country=UY')).toEqual([
      full.id,
      older.id,
      newer.id,
      headlineOnly.id,
      empty.id,
    ]);
    // The rank follows the lists both ways: without skills, one point less.
    const rankOf = async (id: number) =>
      (await api.db.select({ rank: users.profileRank }).from(users).where(eq(users.id, id)))[0]!
        .rank;
    expect(await rankOf(full.id)).toBe(4);
    expect(await rankOf(older.id)).toBe(2);
    expect(await rankOf(empty.id)).toBe(0);
    expect((await api.call('DELETE', '/user_skills/all', { token: older.token })).status).toBe(200);
    expect(await rankOf(older.id)).toBe(1);
    expect(
      (await api.call('POST', '/user_skills', { token: older.token, body: { name: 'Go' } })).status,
    ).toBeLessThan(300);
    expect(await rankOf(older.id)).toBe(2);
    // The same order under a word search, which still reads the trigram index.
    expect(await talentIds('country=UY&search=developer')).toEqual([full.id, older.id, newer.id]);
    const seen = await statementsWithParamsOf(api.db, () =>
      search('/talents?search=developer', bea.token),
    );
    const page = seen.find((q) => /tc_search_norm/.test(q.query))!;
    expect(await planWithoutScans(api.db, page.query, page.params)).toMatch(
      /Bitmap Index Scan on users_talent_search_idx/,
    );
  });

  it('refuses a talent (403) and nobody signed in (401)', async () => {
    const t = await api.call('GET', '/talents', { token: tina.token });
    expect(t.status).toBe(403);
    expect(t.json).toMatchObject({ status: false, code: 'forbidden' });
    const a = await api.call('GET', '/talents');
    expect(a.status).toBe(401);
    expect(a.json).toMatchObject({ status: false, code: 'unauthorized' });
  });

  it('refuses a bad query with 400', async () => {
    for (const q of [`search=${'a'.repeat(101)}`, 'language=1', 'country=CHL', 'per_page=51']) {
      const r = await api.call('GET', `/talents?${q}`, { token: bea.token });
      expect(r.status, q).toBe(400);
    }
  });
});

// Words that the database folds to nothing (docs/api.md "Search"): a lone combining accent, "ʼ",
// and whatever else unaccent, the punctuation rule or the text search parser leaves no letter
// of. Which characters those are is the database's own answer (its unaccent rules, its locale),
// so they are asked of it rather than listed here.
describe('GET /projects, /jobs, /talents: words that fold to nothing', () => {
  /** Every code point that the search keeps as a word when it is alone (searchWords). */
  const wordCodePoints = () => {
    const all: number[] = [];
    for (let c = 1; c < 0x110000; c++) {
      if ((c < 0xd800 || c > 0xdfff) && searchWords(String.fromCodePoint(c)).length === 1) {
        all.push(c);
      }
    }
    return `{${all.join(',')}}`;
  };
  let blank: string[] = [];
  let unparsed: string[] = [];
  let totals: Record<'projects' | 'jobs' | 'talents', number>;

  beforeAll(async () => {
    // Each code point's normalised text, and whether the text search parser finds a word in it.
    const { rows } = (await api.db.execute(sql`select c, btrim(n) = '' as blank
      from unnest(${wordCodePoints()}::int[]) c, public.tc_search_norm(chr(c)) n
      where to_tsvector('simple'::regconfig, n) = ''::tsvector order by c`)) as unknown as {
      rows: { c: number; blank: boolean }[];
    };
    blank = rows.filter((r) => r.blank).map((r) => String.fromCodePoint(r.c));
    // Left as text by the normalisation, but no word to the parser: every 50th is enough.
    unparsed = rows
      .filter((r) => !r.blank)
      .filter((_, i) => i % 50 === 0)
      .map((r) => String.fromCodePoint(r.c));
    totals = {
      projects: (await search('/projects')).total,
      jobs: (await search('/jobs')).total,
      talents: (await search('/talents', bea.token)).total,
    };
  });

  it('the database folds a lone combining accent and "ʼ" to nothing', () => {
    expect(blank).toContain('\u0301');
    expect(blank).toContain('ʼ');
  });

  it('each character that folds to nothing, searched alone, lists as if empty: never a 500, never a notice', async () => {
    const { notices, stop } = captureNotices(api.db);
    try {
      for (const ch of blank) {
        const q = `search=${encodeURIComponent(ch)}&per_page=1`;
        const what = `U+${ch.codePointAt(0)!.toString(16)}`;
        const [projects, jobs] = await Promise.all([
          search(`/projects?${q}`),
          search(`/jobs?${q}`),
        ]);
        expect(projects.total, what).toBe(totals.projects);
        expect(jobs.total, what).toBe(totals.jobs);
      }
      // Talents match words with LIKE (no text search query): as many as the limit (100 UTF-16 units) allows.
      for (let i = 0; i < blank.length; i += 25) {
        const words = blank.slice(i, i + 25).join(' ');
        const found = await search(`/talents?search=${encodeURIComponent(words)}`, bea.token);
        expect(found.total, words).toBe(totals.talents);
      }
    } finally {
      stop();
    }
    expect(notices).toEqual([]);
  });

  it('characters the text search parser takes for no letter list as if empty, without a notice', async () => {
    const { notices, stop } = captureNotices(api.db);
    try {
      for (const ch of unparsed) {
        const q = encodeURIComponent(ch);
        const what = `U+${ch.codePointAt(0)!.toString(16)}`;
        expect((await search(`/projects?search=${q}`)).total, what).toBe(totals.projects);
        expect((await search(`/jobs?search=${q}`)).total, what).toBe(totals.jobs);
      }
    } finally {
      stop();
    }
    expect(notices).toEqual([]);
  });

  it('a word that folds to nothing beside real words leaves them to find: "diseño ʼ" finds "Diseño"', async () => {
    for (const q of ['diseño ʼ', 'ʼ diseño', 'diseño \u0301', 'diseno\u0301 logo']) {
      expect(await idsOf(`/projects?search=${encodeURIComponent(q)}`), q).toEqual([P.logo.id]);
    }
    for (const q of ['diseñadora ʼ', '\u0301 diseñ']) {
      expect(await idsOf(`/jobs?search=${encodeURIComponent(q)}`), q).toEqual([J.intern.id]);
    }
    const found = await search(`/talents?search=${encodeURIComponent('tina ʼ')}`, bea.token);
    expect(found.data.map((t) => t.id)).toEqual([tina.id]);
  });

  it('the search index answers words, and a search whose words all fold to nothing', async () => {
    for (const q of ['diseño ʼ', 'ʼ']) {
      const seen = await statementsWithParamsOf(api.db, () =>
        search(`/projects?search=${encodeURIComponent(q)}`),
      );
      const page = seen.find((s) => /@@/.test(s.query))!;
      const plan = await planWithoutScans(api.db, page.query, page.params);
      expect(plan, q).toMatch(/Bitmap Index Scan on projects_search_idx/);
      expect(plan, q).not.toMatch(/Seq Scan on projects/);
    }
  });
});

// Last in the file: it posts more projects, which would change the totals above.
describe('GET /projects: words, facets and punctuation', () => {
  let tools: TPosting;
  beforeAll(async () => {
    tools = await post('projects', {
      ...project(),
      name: 'Node.js API, C++ core',
      summary: "Ilustración para el cliente de O'Reilly",
      skills: ['Adobe Illustrator', "O'Reilly \\ tools"],
      country_code: 'PE',
    });
  });

  it('punctuation separates words, as in the text: "node.js", "node js", "c++" and "o reilly" find it', async () => {
    for (const q of [
      'node.js',
      'node js',
      'NODE-JS',
      'c++',
      "o'reilly",
      'o reilly',
      'ilustracion',
    ]) {
      expect(await idsOf(`/projects?search=${encodeURIComponent(q)}`), q).toContain(tools.id);
    }
  });

  it('a search of only punctuation or symbols has no words, so it lists as if empty', async () => {
    const all = await idsOf('/projects?per_page=50');
    for (const q of ['-', '¿?', '…', '€ $', "'", '&|!():*']) {
      expect(await idsOf(`/projects?search=${encodeURIComponent(q)}&per_page=50`), q).toEqual(all);
    }
  });

  it('a facet is never a word: "skill", "status", "modality" or "#skill=react" find nothing', async () => {
    for (const q of ['skill', 'status', 'modality', 'country', '#skill=react', '#status=1']) {
      const found = await idsOf(`/projects?search=${encodeURIComponent(q)}`);
      expect(found, q).not.toContain(P.react.id);
      expect(found, q).not.toContain(tools.id);
    }
  });

  it('a skill of several words, or with a quote or a backslash, is one whole skill', async () => {
    for (const skill of ['Adobe Illustrator', 'adobe illustrator', "O'Reilly \\ tools"]) {
      expect(await idsOf(`/projects?skill=${encodeURIComponent(skill)}`), skill).toEqual([
        tools.id,
      ]);
    }
    for (const skill of ['Adobe', "O'Reilly", "'", '\\', "x' | 'y", '#status=1']) {
      expect(await idsOf(`/projects?skill=${encodeURIComponent(skill)}`), skill).toEqual([]);
    }
  });

  it('words and every facet together: one lookup, all of them required', async () => {
    const q = 'search=node&skill=adobe%20illustrator&country=pe&modality=remote';
    expect(await idsOf(`/projects?${q}`)).toEqual([tools.id]);
    expect(await idsOf(`/projects?${q.replace('country=pe', 'country=mx')}`)).toEqual([]);
    expect(await idsOf(`/projects?${q}&status=4`)).toEqual([]);
  });
});
