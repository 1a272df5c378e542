import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { companies, users } from '@/db/schema';
import type { GetServerSideProps, GetServerSidePropsResult } from 'next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetServerEnv } from '@/lib/env';
import { setLogSink } from '@/server/logger';
import { setSsrDeps } from '@/server/ssr/context';
import { PageRenderError, SERVER_PAGE } from '@/server/ssr/page';
import { createTestApi } from '../helpers/api';
import {
  CONTROL_VALUES,
  hasControl,
  labelOf,
  ODD_VALUES,
  SQL_IN_LOG,
  type TBadValue,
} from '../helpers/bad-input';
import {
  getServerSidePropsOf,
  pageContext,
  serverPageFiles,
  type TPageRequest,
} from '../helpers/pages';
import { statementsOf } from '../helpers/statements';
import { createUser, type TTestUser, createBusiness, createTalent } from '../helpers/users';
import { pipelineFixtures } from '../helpers/marketplace';

// Server-rendered pages (docs/architecture.md "Pages rendered on the server"): every page's
// getServerSideProps goes through serverPage (server/ssr/page.ts), which refuses an address with a
// control character with a 400 and logs a failed render by class and SQLSTATE only
// (docs/security.md "Text", "Errors and logs"). Each page is called in-process, as Next calls it,
// over this file's database: PGlite, or PostgreSQL with TEST_DATABASE_URL.

let api: Awaited<ReturnType<typeof createTestApi>>;
let talent: TTestUser;
let business: TTestUser;
let operator: TTestUser;
let projectId: number;
let jobId: number;
let companySlug: string;
let conversationId: number;
const lines: string[] = [];
let restoreSink: ReturnType<typeof setLogSink>;
const previousLevel = process.env.LOG_LEVEL;
const pages = new Map<string, GetServerSideProps>();

/** What the console received (libraries, Next's own logging of a thrown error): scanned too. */
const consoleLines: string[] = [];
const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;

beforeAll(async () => {
  process.env.LOG_LEVEL = 'debug';
  resetServerEnv();
  restoreSink = setLogSink((line) => lines.push(line));
  for (const method of CONSOLE_METHODS) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleLines.push(args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' '));
    });
  }
  api = await createTestApi();
  setSsrDeps(api.deps);
  talent = await createTalent(api, { name: 'Tina' });
  business = await createBusiness(api, { name: 'Bea' });
  operator = await createTalent(api, { name: 'Olga' });
  await api.db.update(users).set({ isOperator: true }).where(eq(users.id, operator.id));
  const fx = pipelineFixtures(api.call, api.deps.now);
  projectId = (await fx.postProject(business.token)).id;
  jobId = (await fx.postJob(business.token)).id;
  const [company] = await api.db
    .select({ slug: companies.slug })
    .from(companies)
    .where(eq(companies.id, business.companyId!));
  companySlug = company!.slug;
  await fx.applyProject(talent.token, projectId);
  const applied = await fx.applyJob(talent.token, jobId);
  const opened = await api.call('POST', '/conversations', {
    token: talent.token,
    body: { kind: 'job', application_id: applied.id },
  });
  conversationId = (opened.json.data as { id: number }).id;
  for (const page of serverPageFiles()) pages.set(page.route, await getServerSidePropsOf(page));
});
afterAll(async () => {
  setSsrDeps(undefined);
  vi.restoreAllMocks();
  setLogSink(restoreSink);
  process.env.LOG_LEVEL = previousLevel;
  resetServerEnv();
  await api.close();
});

type TWho = 'talent' | 'business' | 'operator';

/** A server-rendered page: its valid path parameters, the query parameters it reads, who it is for. */
type TPageCase = {
  route: string;
  /** Who signs in for the signed-in runs. */
  who: TWho;
  /** Whether it renders with the session (page-state/signed-in-page.ts signedInPage). */
  signedIn: boolean;
  params?: () => Record<string, string>;
  query?: string[];
  /** Query strings the parameters are also tried under (`tab=jobs`). */
  bases?: string[];
};

const TX_ID = 'A'.repeat(52);
const SEARCH_PARAMS = [
  'search',
  'skill',
  'country',
  'modality',
  'status',
  'min_pay',
  'max_pay',
  'currency',
  'sort',
  'page',
  'per_page',
];

/** Every server-rendered page; a test fails when a page file is missing here. */
const PAGES: TPageCase[] = [
  // The console answers operators only (a redirect from /admin), 404 to anyone else.
  { route: '/admin/', who: 'talent', signedIn: false },
  { route: '/admin/audit', who: 'operator', signedIn: true, query: ['page'] },
  { route: '/admin/reports', who: 'operator', signedIn: true, query: ['status', 'page'] },
  { route: '/admin/verifications', who: 'operator', signedIn: true, query: ['page'] },
  { route: '/account/confirm-email', who: 'talent', signedIn: false, query: ['token'] },
  { route: '/account/tokens', who: 'talent', signedIn: true },
  { route: '/applications', who: 'talent', signedIn: true, query: ['type', 'page'] },
  {
    route: '/business/jobs/[id]/applicants',
    who: 'business',
    signedIn: true,
    params: () => ({ id: String(jobId) }),
  },
  {
    route: '/business/jobs/[id]/edit',
    who: 'business',
    signedIn: true,
    params: () => ({ id: String(jobId) }),
  },
  { route: '/business/company', who: 'business', signedIn: true },
  { route: '/business/jobs/new', who: 'business', signedIn: true },
  { route: '/business/postings', who: 'business', signedIn: true, query: ['type', 'page'] },
  { route: '/business/team', who: 'business', signedIn: true },
  { route: '/business/webhooks', who: 'business', signedIn: true },
  {
    route: '/business/projects/[id]/applicants',
    who: 'business',
    signedIn: true,
    params: () => ({ id: String(projectId) }),
  },
  {
    route: '/business/projects/[id]/edit',
    who: 'business',
    signedIn: true,
    params: () => ({ id: String(projectId) }),
  },
  { route: '/business/projects/new', who: 'business', signedIn: true },
  {
    route: '/companies/[slug]',
    who: 'talent',
    signedIn: false,
    params: () => ({ slug: companySlug }),
  },
  {
    route: '/invitations/[token]',
    who: 'talent',
    signedIn: false,
    // A token as the server makes them, that no invitation has: the page says so in the browser.
    params: () => ({ token: 'k3Yc0TqLw9vJ2mZ8sH5pR1xN7bD4fG6aE0uQyWiOt_-' }),
  },
  { route: '/jobs/[id]', who: 'talent', signedIn: false, params: () => ({ id: String(jobId) }) },
  { route: '/messages/', who: 'talent', signedIn: true },
  {
    route: '/messages/[id]',
    who: 'talent',
    signedIn: true,
    params: () => ({ id: String(conversationId) }),
  },
  { route: '/notifications', who: 'talent', signedIn: true, query: ['page'] },
  {
    route: '/opportunities',
    who: 'talent',
    signedIn: false,
    query: ['tab', ...SEARCH_PARAMS, 'contract_type'],
    bases: ['', 'tab=jobs'],
  },
  { route: '/profile/my-profile', who: 'talent', signedIn: true },
  { route: '/profile/settings', who: 'talent', signedIn: true },
  {
    route: '/projects/[id]',
    who: 'talent',
    signedIn: false,
    params: () => ({ id: String(projectId) }),
  },
  {
    route: '/talents/[id]',
    who: 'business',
    signedIn: false,
    params: () => ({ id: String(talent.id) }),
  },
  // A token of no use (the page says the link is not valid), and the one query it reads.
  { route: '/unsubscribe', who: 'talent', signedIn: false, query: ['token'] },
  {
    route: '/verify/[network]/[txId]',
    who: 'talent',
    signedIn: false,
    params: () => ({ network: 'algorand', txId: TX_ID }),
  },
];

const tokenOf = (who: TWho) =>
  (who === 'talent' ? talent : who === 'business' ? business : operator).token;

/** Calls the page as Next would for `request`; answers what it returned and the status set. */
async function render(request: TPageRequest) {
  const page = pages.get(request.route);
  if (!page) throw new Error(`no server-rendered page ${request.route}`);
  const ctx = pageContext(request);
  const result = (await page(ctx)) as GetServerSidePropsResult<Record<string, unknown>>;
  return { result, status: ctx.res.statusCode };
}

const propsOf = (result: GetServerSidePropsResult<Record<string, unknown>>) =>
  'props' in result ? (result.props as Record<string, unknown>) : null;

/** The query string of `base` with `key` set to `value` (an array repeats the key). */
function searchWith(base: string, key: string, value: TBadValue) {
  const q = new URLSearchParams(base);
  q.delete(key);
  for (const v of [value].flat()) q.append(key, v);
  return q.toString();
}

describe('every server-rendered page', () => {
  it('has its getServerSideProps made by serverPage, so that none skips its guards', () => {
    const routes = [...pages.keys()];
    expect(routes).toContain('/opportunities');
    expect(routes).toContain('/jobs/[id]');
    expect(routes).toContain('/applications');
    for (const [route, getServerSideProps] of pages) {
      expect(
        (getServerSideProps as unknown as Record<symbol, unknown>)[SERVER_PAGE],
        `${route}: export getServerSideProps = serverPage(...) (server/ssr/page.ts) or signedInPage(...)`,
      ).toBe(true);
    }
  });

  it('is in the fuzz’s table below, which says what parameters it reads', () => {
    expect([...pages.keys()].sort()).toEqual(PAGES.map((p) => p.route).sort());
  });
});

describe('an address with a control character', () => {
  /** Where a control character goes: a query value, a query parameter's name, a path parameter. */
  function* dirtyRequests(page: TPageCase): Generator<[string, TPageRequest]> {
    const params = page.params?.() ?? {};
    for (const ch of ['\u0000', '\u001b', '\u007f', '\u0085']) {
      const code = `U+${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
      const key = page.query?.[0] ?? 'x';
      yield [
        `${key} with ${code}`,
        { route: page.route, params, search: searchWith('', key, `a${ch}b`) },
      ];
      yield [
        `a parameter named with ${code}`,
        { route: page.route, params, search: `${encodeURIComponent(`k${ch}`)}=1` },
      ];
      for (const name of Object.keys(params)) {
        yield [
          `path parameter ${name} with ${code}`,
          { route: page.route, params: { ...params, [name]: `${params[name]}${ch}` } },
        ];
      }
    }
  }

  it('is a 400 page saying so, on every page, in both languages, signed in or out, before any query', async () => {
    const texts = {
      en: 'This address contains characters that are not allowed.',
      es: 'Esta dirección contiene caracteres que no se permiten.',
    };
    for (const page of PAGES) {
      for (const [what, request] of dirtyRequests(page)) {
        for (const locale of ['en', 'es'] as const) {
          for (const token of [undefined, tokenOf(page.who)]) {
            const label = `${page.route} ${what} (${locale}, ${token ? 'signed in' : 'signed out'})`;
            let answer: Awaited<ReturnType<typeof render>> | undefined;
            const statements = await statementsOf(api.db, async () => {
              answer = await render({ ...request, locale, token });
            });
            expect(answer!.status, label).toBe(400);
            const props = propsOf(answer!.result);
            expect(props?.addressRefused, label).toBe(true);
            const i18n = props?._nextI18Next as {
              initialLocale: string;
              initialI18nStore: Record<
                string,
                { common: { error_pages: Record<string, { body: string }> } }
              >;
            };
            expect(i18n.initialLocale, label).toBe(locale);
            expect(i18n.initialI18nStore[locale]!.common.error_pages.bad_address!.body, label).toBe(
              texts[locale],
            );
            expect(statements, label).toEqual([]);
          }
        }
      }
    }
  });

  it('is refused as the API refuses it: /opportunities?skill=a%00b is a 400, as GET /api/projects?skill=a%00b', async () => {
    const { status, json } = await api.call('GET', '/projects?skill=a%00b');
    expect(status).toBe(400);
    expect(json.errors).toEqual([
      { path: 'skill', code: 'control_characters', message: 'Control characters are not allowed.' },
    ]);
    const page = await render({ route: '/opportunities', search: 'skill=a%00b' });
    expect(page.status).toBe(400);
  });
});

describe('a posting page', () => {
  it.each(['en', 'es'] as const)(
    'says with the page whether its caller applied, from the server, to a talent only (%s)',
    async (locale) => {
      for (const [route, id, key] of [
        ['/projects/[id]', projectId, 'accepted'],
        ['/jobs/[id]', jobId, 'selected'],
      ] as const) {
        const params = { id: String(id) };
        const applied = propsOf(
          (await render({ route, params, locale, token: talent.token })).result,
        );
        expect(applied?.mine, route).toMatchObject({
          userId: talent.id,
          entry: { id, application: { [key]: 0 } },
        });
        const other = await createTalent(api, { name: 'Otto' });
        const none = propsOf((await render({ route, params, locale, token: other.token })).result);
        expect(none?.mine, route).toEqual({ userId: other.id, entry: null });
        const visitor = propsOf((await render({ route, params, locale })).result);
        expect(visitor?.mine, route).toBeNull();
        const owner = propsOf(
          (await render({ route, params, locale, token: business.token })).result,
        );
        expect(owner?.mine, route).toBeNull();
      }
    },
  );
});

describe('the verify page', () => {
  it.each(['en', 'es'] as const)(
    'is a 400 saying the id is malformed, for either network, and a 404 for an unknown network (%s)',
    async (locale) => {
      const route = '/verify/[network]/[txId]';
      for (const [network, txId] of [
        ['algorand', 'not-a-tx'],
        ['algorand', 'A'.repeat(51)],
        ['algorand', 'a'.repeat(52)],
        ['near', 'not-a-hash'],
        ['near', '0'.repeat(44)],
      ] as const) {
        const label = `${network}/${txId}`;
        const statements = await statementsOf(api.db, async () => {
          const { result, status } = await render({ route, params: { network, txId }, locale });
          expect(status, label).toBe(400);
          expect(propsOf(result)?.malformed, label).toEqual({ network, txId });
        });
        expect(statements, `${label}: the chain and the database are not asked`).toEqual([]);
      }
      const unknown = await render({ route, params: { network: 'ethereum', txId: TX_ID }, locale });
      expect(unknown.result).toEqual({ notFound: true });
      const valid = await render({ route, params: { network: 'algorand', txId: TX_ID }, locale });
      expect(valid.status).toBe(200);
      expect(propsOf(valid.result)?.proof).toMatchObject({ network: 'algorand', tx_id: TX_ID });
    },
  );
});

describe('a page whose query fails', () => {
  it('logs its class, SQLSTATE and path only, and leaves as an error without SQL, parameters or query text', async () => {
    const broken = await createTestApi();
    const secret = `secret${randomBytes(6).toString('hex')}`;
    const fromLine = lines.length;
    const fromConsole = consoleLines.length;
    const thrown: unknown[] = [];
    setSsrDeps(broken.deps);
    try {
      const owner = await createUser(broken.db, broken.deps, { isTalent: false });
      const project = await pipelineFixtures(broken.call, broken.deps.now).postProject(owner.token);
      const id = String(project.id);
      // Break the table under the pages' real queries, whose parameters hold what was typed.
      await broken.db.execute(sql`ALTER TABLE projects RENAME COLUMN summary TO summary_gone`);
      for (const request of [
        { route: '/opportunities', search: `search=${secret}&skill=${secret}-skill&country=PE` },
        { route: '/projects/[id]', params: { id }, search: `ref=${secret}` },
        { route: '/business/projects/[id]/edit', params: { id }, search: `ref=${secret}` },
        { route: '/business/projects/[id]/edit', params: { id }, token: owner.token },
      ] satisfies TPageRequest[]) {
        const error = await render(request).then(
          () => new Error(`${request.route} rendered over a broken table`),
          (e: unknown) => e,
        );
        expect(error, request.route).toBeInstanceOf(PageRenderError);
        expect((error as Error).cause, request.route).toBeUndefined();
        thrown.push(error);
      }
      // The signed-in page's own read of its user had finished when it failed: nothing it
      // started outlives it (here, it would meet a closed database).
      expect(lines.slice(fromLine).join('\n')).toContain(`"path":"/api/users/id/${owner.id}"`);
    } finally {
      setSsrDeps(api.deps);
      await broken.close();
    }
    // What Next writes of the thrown error (its 500), and what we wrote ourselves.
    const shown = thrown.map((e) => inspect(e, { depth: 10 })).join('\n');
    const log = lines.slice(fromLine).join('\n');
    const logged = `${log}\n${consoleLines.slice(fromConsole).join('\n')}`;
    expect(log).toContain('"msg":"page failed"');
    expect(log).toContain('"path":"/opportunities"');
    expect(log).toMatch(/"path":"\/projects\/\d+"/);
    expect(log).toMatch(/"sqlState":"42703"/);
    for (const text of [shown, logged]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('summary_gone');
      expect(text).not.toMatch(SQL_IN_LOG);
    }
  });
});

describe('the fuzz of every server-rendered page', () => {
  const VALUES = [...CONTROL_VALUES, ...ODD_VALUES];
  /** The four ways a page is asked for. */
  const WAYS = [
    { locale: 'en', signed: false },
    { locale: 'es', signed: true },
    { locale: 'es', signed: false },
    { locale: 'en', signed: true },
  ] as const;

  /** Each query parameter a page reads (under each of its bases), an unknown one, each path parameter. */
  function* slotsOf(page: TPageCase): Generator<{ base: string; key: string; path: boolean }> {
    for (const base of page.bases ?? ['']) {
      for (const key of [...(page.query ?? []), 'x']) yield { base, key, path: false };
    }
    for (const key of Object.keys(page.params?.() ?? {})) yield { base: '', key, path: true };
  }

  // Every bad value in every parameter of a page, each asked one of the four ways in turn (so
  // every page, parameter and value meets each language and each session state), one test a page
  // (each within the test timeout on a busy machine), then the log of them all.
  let fromLine = 0;
  let fromConsole = 0;
  let renders = 0;
  beforeAll(() => {
    fromLine = lines.length;
    fromConsole = consoleLines.length;
  });
  it.each(PAGES.map((page) => [page.route, page] as const))(
    'never answers 500 to a bad query or path parameter of %s, signed in or out, in both languages',
    async (_route, page) => {
      let turn = 0;
      const params = page.params?.() ?? {};
      for (const slot of slotsOf(page)) {
        for (const value of VALUES) {
          if (slot.path && Array.isArray(value)) continue; // a path segment is one value
          const way = WAYS[turn++ % WAYS.length]!;
          const request: TPageRequest = {
            route: page.route,
            locale: way.locale,
            token: way.signed ? tokenOf(page.who) : undefined,
            params: slot.path ? { ...params, [slot.key]: value as string } : params,
            search: slot.path ? slot.base : searchWith(slot.base, slot.key, value),
          };
          const label = `${page.route} ${slot.key}=${labelOf(value)} (${way.locale}, ${way.signed ? 'signed in' : 'signed out'})`;
          const answer = await render(request).catch((e: unknown) => {
            throw new Error(`${label}: threw (a 500) ${inspect(e)}`);
          });
          renders++;
          if (hasControl(value)) {
            expect(answer.status, label).toBe(400);
            expect(propsOf(answer.result)?.addressRefused, label).toBe(true);
            continue;
          }
          const props = propsOf(answer.result);
          // An id that cannot be a transaction's is a 400 saying so (the verify page).
          expect(answer.status, label).toBe(props?.malformed ? 400 : 200);
          if (!props) {
            expect(answer.result, label).toEqual({ notFound: true });
          } else if (page.signedIn) {
            expect(Boolean(props.serverSession), `${label}: rendered with its session`).toBe(
              way.signed,
            );
          }
        }
      }
    },
  );

  it('asked every page over 1,500 times in all; the log holds no error, no SQL and none of the values', () => {
    expect(renders).toBeGreaterThan(1500);
    const log = lines.slice(fromLine);
    const logged = [...log, ...consoleLines.slice(fromConsole)].join('\n');
    expect(log.filter((l) => /"level":"error"|"status":5\d\d/.test(l))).toEqual([]);
    expect(logged).not.toMatch(SQL_IN_LOG);
    for (const value of ODD_VALUES.flat()) {
      // Words and numbers may be in any log line; anything more telling must not.
      if (value.trim().length >= 5 && !/^[\d\s.+-]+$|^[a-z]+$/i.test(value)) {
        expect(logged.includes(value), `${labelOf(value)} in the log`).toBe(false);
      }
    }
  });
});
