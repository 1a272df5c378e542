import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { routePath } from 'hono/route';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { personalTokens, users } from '@/db/schema';
import { createApp } from '@/server/app';
import { scopeOf, SCOPES, TOKEN_SCOPE, type TScope } from '@/server/auth/scopes';
import { doneSaid, okSaid } from '@/server/openapi/answers/messages';
import { listedTokenAnswer, newTokenAnswer } from '@/server/openapi/answers/tokens';
import { ok } from '@/server/openapi/registry';
import { RATE_LIMITS } from '@/server/services/rate-limit';
import { createTestApi } from '../helpers/api';
import { statementsOf } from '../helpers/statements';
import { addMember } from '../helpers/companies';
import { errorsOf, expectRefusal, pipelineFixtures } from '../helpers/marketplace';
import { createBusiness, createTalent, type TTestUser } from '../helpers/users';

// Personal access tokens (docs/api.md "Personal access tokens", docs/security.md "Personal access
// tokens"): made, listed and revoked with a session; a token acts on the calls its scopes cover
// and nowhere else. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, api.deps.now);
});
afterAll(async () => api.close());
beforeEach(async () => api.resetRateLimits());

const DAY = 24 * 3600 * 1000;

type TNewToken = {
  id: number;
  name: string;
  scopes: TScope[];
  prefix: string;
  expires_at: string;
  created_at: string;
  token: string;
};
type TListed = Omit<TNewToken, 'token'> & { expired: boolean; last_used_at: string | null };

const make = (user: TTestUser, body: unknown) =>
  api.call('POST', '/me/tokens', { token: user.token, body });

/** What making a token says (docs/api.md "Personal access tokens"). */
const MADE = {
  message: 'Token created. Copy it now: it is not shown again.',
  message_es: 'Token creado. Cópialo ahora: no se vuelve a mostrar.',
};

async function tokenFor(
  user: TTestUser,
  scopes: TScope[] = [...SCOPES],
  over: Record<string, unknown> = {},
) {
  const r = await make(user, { name: 'CI script', scopes, expires_in_days: 30, ...over });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  expect(r.json).toMatchObject(MADE);
  return r.json.data as TNewToken;
}

/**
 * Brings a token's end to one second from the clock and moves the clock past it (a session's JWT
 * lives 7 days: moving the clock a week would end the session too).
 */
async function expireNow(id: number) {
  const end = new Date(api.clock.now.getTime() + 1000);
  await api.db.update(personalTokens).set({ expiresAt: end }).where(eq(personalTokens.id, id));
  api.clock.now = end;
}

const listOf = async (user: TTestUser) => {
  const r = await api.call('GET', '/me/tokens', { token: user.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as TListed[];
};

describe('making, listing and revoking tokens', () => {
  it('answers the secret once; the list shows no secret; only its hash is stored', async () => {
    const t = await createTalent(api);
    const made = await tokenFor(t, ['postings:read', 'messages:write'], { name: '  My   bot ' });
    expect(made.token).toMatch(/^tc_pat_[0-9A-Za-z]{40}$/);
    expect(made).toMatchObject({
      name: 'My bot',
      scopes: ['postings:read', 'messages:write'],
      prefix: made.token.slice(0, 13),
      created_at: api.clock.now.toISOString(),
      expires_at: new Date(api.clock.now.getTime() + 30 * DAY).toISOString(),
    });
    const list = await listOf(t);
    expect(list).toHaveLength(1);
    // The answers are the ones the OpenAPI document describes (server/openapi/answers/tokens.ts).
    expect(
      v.safeParse(okSaid(newTokenAnswer), { ...MADE, status: true, data: made }).issues,
    ).toBeUndefined();
    const listed = await api.call('GET', '/me/tokens', { token: t.token });
    expect(v.safeParse(ok(v.array(listedTokenAnswer)), listed.json).issues).toBeUndefined();
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'created_at',
        'expired',
        'expires_at',
        'id',
        'last_used_at',
        'name',
        'prefix',
        'scopes',
      ].sort(),
    );
    expect(JSON.stringify(list)).not.toContain(made.token);
    // The database holds the SHA-256 of the secret, never the secret.
    const [row] = await api.db.select().from(personalTokens).where(eq(personalTokens.id, made.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(made.token).digest('hex'));
    const dump = await api.db.execute(sql`select row_to_json(t)::text as j from personal_tokens t`);
    expect(JSON.stringify(dump)).not.toContain(made.token.slice(13));
  });

  it('lists the newest first, leaves revoked ones out and says which expired', async () => {
    const t = await createTalent(api);
    const week = await tokenFor(t, ['postings:read'], { expires_in_days: 7 });
    api.clock.now = new Date(api.clock.now.getTime() + 1000);
    const year = await tokenFor(t, ['postings:read'], { expires_in_days: 365 });
    api.clock.now = new Date(api.clock.now.getTime() + 1000);
    const revoked = await tokenFor(t, ['postings:read']);
    const del = await api.call('DELETE', `/me/tokens/${revoked.id}`, { token: t.token });
    expect(del.status, JSON.stringify(del.json)).toBe(200);
    expect(v.safeParse(doneSaid(), del.json).issues).toBeUndefined();
    expect(del.json).toEqual({
      status: true,
      message: 'Token revoked.',
      message_es: 'Token revocado.',
    });
    expect((await listOf(t)).map((x) => [x.id, x.expired])).toEqual([
      [year.id, false],
      [week.id, false],
    ]);
    await expireNow(week.id);
    expect((await listOf(t)).map((x) => [x.id, x.expired])).toEqual([
      [year.id, false],
      [week.id, true],
    ]);
  });

  it("revokes only the caller's own: another's, a missing or a revoked one is 404", async () => {
    const a = await createTalent(api);
    const b = await createTalent(api);
    const mine = await tokenFor(a);
    expectRefusal(
      await api.call('DELETE', `/me/tokens/${mine.id}`, { token: b.token }),
      404,
      'not_found',
    );
    expectRefusal(
      await api.call('DELETE', '/me/tokens/2147483647', { token: a.token }),
      404,
      'not_found',
    );
    expectRefusal(await api.call('DELETE', '/me/tokens/abc', { token: a.token }), 404, 'not_found');
    expect(await listOf(b)).toEqual([]);
    expect((await api.call('DELETE', `/me/tokens/${mine.id}`, { token: a.token })).status).toBe(
      200,
    );
    expectRefusal(
      await api.call('DELETE', `/me/tokens/${mine.id}`, { token: a.token }),
      404,
      'not_found',
    );
  });

  it('needs a session: anonymous is 401', async () => {
    expectRefusal(await api.call('GET', '/me/tokens'), 401, 'unauthorized');
    expectRefusal(
      await api.call('POST', '/me/tokens', {
        body: { name: 'x', scopes: ['postings:read'], expires_in_days: 7 },
      }),
      401,
      'unauthorized',
    );
  });

  it('validates the name, the scopes and the lifetime', async () => {
    const t = await createTalent(api);
    const cases: [unknown, string, string][] = [
      [{ name: '', scopes: ['postings:read'], expires_in_days: 7 }, 'name', 'required'],
      [{ name: 'x'.repeat(81), scopes: ['postings:read'], expires_in_days: 7 }, 'name', 'too_long'],
      [{ name: 'a\nb', scopes: ['postings:read'], expires_in_days: 7 }, 'name', 'line_breaks'],
      [{ name: 'bot', scopes: [], expires_in_days: 7 }, 'scopes', 'required'],
      [{ name: 'bot', scopes: ['admin'], expires_in_days: 7 }, 'scopes.0', 'choice'],
      [
        { name: 'bot', scopes: ['postings:read', 'postings:read'], expires_in_days: 7 },
        'scopes',
        'invalid',
      ],
      [{ name: 'bot', scopes: 'postings:read', expires_in_days: 7 }, 'scopes', 'invalid_type'],
      [{ name: 'bot', scopes: ['postings:read'], expires_in_days: 8 }, 'expires_in_days', 'choice'],
      [{ name: 'bot', scopes: ['postings:read'] }, 'expires_in_days', 'required'],
    ];
    for (const [body, path, code] of cases) {
      const r = await make(t, body);
      expectRefusal(r, 400, 'invalid_input');
      expect(errorsOf(r.json), JSON.stringify(body)).toContainEqual(
        expect.objectContaining({ path, code }),
      );
    }
    expect(await listOf(t)).toEqual([]);
  });

  it('keeps at most 20 live tokens: the 21st is 409 limit; a revoked or expired one frees a place', async () => {
    const t = await createTalent(api);
    const made: TNewToken[] = [];
    for (let i = 0; i < 20; i++)
      made.push(await tokenFor(t, ['postings:read'], { expires_in_days: 30 }));
    expectRefusal(
      await make(t, { name: 'one more', scopes: ['postings:read'], expires_in_days: 7 }),
      409,
      'limit',
    );
    await api.call('DELETE', `/me/tokens/${made[1]!.id}`, { token: t.token });
    await tokenFor(t, ['postings:read']);
    expectRefusal(
      await make(t, { name: 'one more', scopes: ['postings:read'], expires_in_days: 7 }),
      409,
      'limit',
    );
    await expireNow(made[0]!.id);
    await tokenFor(t, ['postings:read']);
  });
});

describe('calling with a token', () => {
  it('reads with the scope it carries and records the use at most once a minute', async () => {
    const b = await createBusiness(api);
    const posting = await fx.post('project', b.token);
    const pat = await tokenFor(b, ['postings:read']);
    const r = await api.call('GET', `/projects/${posting.id}`, { token: pat.token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const firstUse = api.clock.now.toISOString();
    expect((await listOf(b))[0]!.last_used_at).toBe(firstUse);
    api.clock.now = new Date(api.clock.now.getTime() + 30_000);
    // Within the minute, a request reads the token and writes nothing of it.
    const seen = await statementsOf(api.db, async () => {
      expect((await api.call('GET', '/projects', { token: pat.token })).status).toBe(200);
    });
    expect(seen.filter((q) => /update "personal_tokens"/i.test(q))).toEqual([]);
    expect(seen.filter((q) => /from "personal_tokens"/i.test(q))).toHaveLength(1);
    expect((await listOf(b))[0]!.last_used_at).toBe(firstUse);
    api.clock.now = new Date(api.clock.now.getTime() + 31_000);
    expect((await api.call('GET', '/me/postings', { token: pat.token })).status).toBe(200);
    expect((await listOf(b))[0]!.last_used_at).toBe(api.clock.now.toISOString());
  });

  it('moves an applicant with applications:write, as the business its user is', async () => {
    const b = await createBusiness(api);
    const talent = await createTalent(api);
    const posting = await fx.post('project', b.token);
    const application = await fx.apply('project', talent.token, posting.id);
    const write = await tokenFor(b, ['applications:write']);
    const read = await tokenFor(b, ['applications:read']);
    const body = { lang: 'en', application_id: application.id, status: 1 };
    const path = '/project_applications/changeApplicationStatus';
    expectRefusal(
      await api.call('POST', path, { token: read.token, body }),
      403,
      'insufficient_scope',
    );
    const moved = await api.call('POST', path, { token: write.token, body });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const board = await api.call('GET', `/projects/${posting.id}/applications`, {
      token: read.token,
    });
    expect(board.status, JSON.stringify(board.json)).toBe(200);
    // Another company's applicants stay out of reach: the token is its user, nothing more.
    const other = await createBusiness(api);
    const otherWrite = await tokenFor(other, ['applications:write']);
    const refused = await api.call('POST', path, { token: otherWrite.token, body });
    expect(refused.status).toBe(404);
  });

  it('refuses every call its scopes do not cover with 403 insufficient_scope', async () => {
    const b = await createBusiness(api);
    const t = await createTalent(api);
    const posting = await fx.post('project', b.token);
    const application = await fx.apply('project', t.token, posting.id);
    const calls: [TTestUser, string, string, TScope | null, unknown?][] = [
      [b, 'GET', '/projects', 'postings:read'],
      [b, 'GET', `/jobs/${posting.id}`, 'postings:read'],
      [b, 'GET', '/me/postings', 'postings:read'],
      [b, 'GET', `/projects/${posting.id}/applications`, 'applications:read'],
      [b, 'GET', `/projects/${posting.id}/applications.csv`, 'applications:read'],
      [b, 'GET', `/project_applications/${application.id}/notes`, 'applications:read'],
      [t, 'GET', '/me/applications', 'applications:read'],
      [
        b,
        'POST',
        '/project_applications/bulk_status',
        'applications:write',
        { ids: [application.id], status: 1 },
      ],
      [
        b,
        'POST',
        `/project_applications/${application.id}/notes`,
        'applications:write',
        { body: 'Good' },
      ],
      [
        b,
        'PUT',
        `/project_applications/${application.id}/rating`,
        'applications:write',
        { stars: 4 },
      ],
      [t, 'GET', '/conversations', 'messages:write'],
      [t, 'PATCH', '/conversations/1/read', 'messages:write'],
      // Deny by default: no scope covers these.
      [t, 'GET', '/me/tokens', null],
      [t, 'POST', '/me/tokens', null, { name: 'x', scopes: ['postings:read'], expires_in_days: 7 }],
      [t, 'DELETE', '/me', null, { current_password: t.password }],
      [t, 'POST', '/users/password', null, {}],
      [t, 'POST', '/me/email', null, {}],
      [t, 'GET', '/me/export', null],
      [t, 'PATCH', '/users/info', null, { city: 'Lima' }],
      [t, 'GET', '/notifications', null],
      [t, 'GET', '/notifications/stream', null],
      [t, 'POST', '/conversations/1/block', null],
      [b, 'POST', '/projects', null, {}],
      [b, 'GET', '/me/company', null],
      [b, 'GET', `/companies/${b.companyId}/members`, null],
    ];
    for (const [user, method, path, scope, body] of calls) {
      const others = SCOPES.filter((s) => s !== scope);
      const pat = await tokenFor(user, others);
      await api.resetRateLimits();
      const r = await api.call(method, path, { token: pat.token, body });
      expectRefusal(r, 403, 'insufficient_scope');
      await api.call('DELETE', `/me/tokens/${pat.id}`, { token: user.token });
    }
    // Nothing was done through them.
    expect((await api.db.select().from(users).where(eq(users.id, t.id)))[0]!.deletedAt).toBeNull();
    expect((await listOf(t)).length).toBe(0);
  });

  it('admits the same calls with their scope', async () => {
    const b = await createBusiness(api);
    const t = await createTalent(api);
    const posting = await fx.post('project', b.token);
    const application = await fx.apply('project', t.token, posting.id);
    const calls: [TTestUser, string, string, TScope, unknown?][] = [
      [b, 'GET', '/projects', 'postings:read'],
      [b, 'GET', `/projects/${posting.id}/applications.csv`, 'applications:read'],
      [b, 'GET', `/project_applications/${application.id}/notes`, 'applications:read'],
      [t, 'GET', '/me/applications', 'applications:read'],
      [
        b,
        'POST',
        `/project_applications/${application.id}/notes`,
        'applications:write',
        { body: 'Good' },
      ],
      [t, 'GET', '/conversations', 'messages:write'],
    ];
    for (const [user, method, path, scope, body] of calls) {
      const pat = await tokenFor(user, [scope]);
      const res = await api.app.request(
        `/api${path}`,
        {
          method,
          headers: { Authorization: `Bearer ${pat.token}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
      );
      expect([200, 201], `${method} ${path}: ${await res.clone().text()}`).toContain(res.status);
    }
  });

  it('never carries operator rights: the console is not found', async () => {
    const op = await createTalent(api);
    await api.db.update(users).set({ isOperator: true }).where(eq(users.id, op.id));
    expect((await api.call('GET', '/admin/reports', { token: op.token })).status).toBe(200);
    const pat = await tokenFor(op);
    expectRefusal(await api.call('GET', '/admin/reports', { token: pat.token }), 404, 'not_found');
  });

  it('stops a revoked, an expired or an unknown token with 401', async () => {
    const b = await createBusiness(api);
    const revoked = await tokenFor(b, ['postings:read'], { expires_in_days: 7 });
    const expiring = await tokenFor(b, ['postings:read'], { expires_in_days: 7 });
    await api.call('DELETE', `/me/tokens/${revoked.id}`, { token: b.token });
    expectRefusal(
      await api.call('GET', '/me/postings', { token: revoked.token }),
      401,
      'unauthorized',
    );
    expect((await api.call('GET', '/me/postings', { token: expiring.token })).status).toBe(200);
    api.clock.now = new Date(api.clock.now.getTime() + 7 * DAY);
    expectRefusal(
      await api.call('GET', '/me/postings', { token: expiring.token }),
      401,
      'unauthorized',
    );
    const forged = `tc_pat_${'a'.repeat(40)}`;
    expectRefusal(await api.call('GET', '/me/postings', { token: forged }), 401, 'unauthorized');
    // An optional-auth call too: a dead token is not read as anonymous.
    expectRefusal(
      await api.call('GET', '/projects', { token: revoked.token }),
      401,
      'unauthorized',
    );
  });

  it("refuses a suspended user's tokens through the user row, and a deleted user's are gone", async () => {
    const s = await createBusiness(api);
    const pat = await tokenFor(s, ['postings:read']);
    expect((await api.call('GET', '/me/postings', { token: pat.token })).status).toBe(200);
    await api.db.update(users).set({ suspendedAt: api.clock.now }).where(eq(users.id, s.id));
    expectRefusal(await api.call('GET', '/me/postings', { token: pat.token }), 401, 'unauthorized');
    await api.db.update(users).set({ suspendedAt: null }).where(eq(users.id, s.id));
    expect((await api.call('GET', '/me/postings', { token: pat.token })).status).toBe(200);

    const d = await createTalent(api);
    const dead = await tokenFor(d, ['applications:read']);
    const del = await api.call('DELETE', '/me', {
      token: d.token,
      body: { current_password: d.password },
    });
    expect(del.status, JSON.stringify(del.json)).toBe(200);
    expect(
      await api.db.select().from(personalTokens).where(eq(personalTokens.userId, d.id)),
    ).toEqual([]);
    expectRefusal(
      await api.call('GET', '/me/applications', { token: dead.token }),
      401,
      'unauthorized',
    );
  });

  it("refuses a deleted user's token by the row even if the token row stayed", async () => {
    const d = await createTalent(api);
    const pat = await tokenFor(d, ['applications:read']);
    await api.db.update(users).set({ deletedAt: api.clock.now }).where(eq(users.id, d.id));
    expectRefusal(
      await api.call('GET', '/me/applications', { token: pat.token }),
      401,
      'unauthorized',
    );
  });

  it('counts every request of a token: past 1000 in an hour it is 429 with Retry-After', async () => {
    const b = await createBusiness(api);
    const pat = await tokenFor(b, ['postings:read']);
    const other = await tokenFor(b, ['postings:read']);
    const { max, windowSeconds } = RATE_LIMITS.requestsPerPersonalToken;
    expect(max).toBe(1000);
    // Fill the counter as 999 requests would, then the last two.
    await api.db.execute(sql`delete from rate_limits`);
    expect((await api.call('GET', '/me/postings', { token: pat.token })).status).toBe(200);
    await api.db.execute(sql`update rate_limits set count = ${max - 1}`);
    expect((await api.call('GET', '/me/postings', { token: pat.token })).status).toBe(200);
    const r = await api.call('GET', '/me/postings', { token: pat.token });
    expectRefusal(r, 429, 'rate_limited');
    expect(Number(r.res.headers.get('Retry-After'))).toBe(windowSeconds);
    // Another token, and the session, keep their own counts.
    expect((await api.call('GET', '/me/postings', { token: other.token })).status).toBe(200);
    expect((await api.call('GET', '/me/postings', { token: b.token })).status).toBe(200);
    api.clock.now = new Date(api.clock.now.getTime() + windowSeconds * 1000);
    expect((await api.call('GET', '/me/postings', { token: pat.token })).status).toBe(200);
  });

  it('chooses the company with company_id as a session does', async () => {
    const b = await createBusiness(api);
    const other = await createBusiness(api);
    await addMember(api, other.companyId!, b.id, 'admin');
    const theirs = await fx.post('project', other.token);
    const pat = await tokenFor(b, ['postings:read']);
    const ids = async (query: string, token: string) => {
      const r = await api.call('GET', `/me/postings${query}`, { token });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return (r.json.data as { data: { id: number }[] }).data.map((p) => p.id);
    };
    expect(await ids(`?company_id=${other.companyId}`, pat.token)).toEqual(
      await ids(`?company_id=${other.companyId}`, b.token),
    );
    expect(await ids(`?company_id=${other.companyId}`, pat.token)).toContain(theirs.id);
    expect(await ids('', pat.token)).not.toContain(theirs.id);
  });
});

describe('the scopes table', () => {
  it('names only routes the app has, and each with a scope', () => {
    const routes = new Set(
      createApp({} as never).routes.map((r) => `${r.method} ${r.path.replace(/^\/api/, '')}`),
    );
    for (const [key, scope] of Object.entries(TOKEN_SCOPE)) {
      expect(routes, key).toContain(key);
      expect(SCOPES).toContain(scope);
    }
  });

  it("reads the matched route's path, /api included, inside a route's middleware", async () => {
    const app = new Hono().basePath('/api');
    let seen = '';
    app.use(async (_c, next) => next());
    app.get(
      '/projects/:id/applications',
      async (c, next) => {
        seen = routePath(c);
        await next();
      },
      (c) => c.text('ok'),
    );
    await app.request('/api/projects/7/applications');
    expect(seen).toBe('/api/projects/:id/applications');
    expect(scopeOf('GET', seen)).toBe('applications:read');
    expect(scopeOf('HEAD', seen)).toBe('applications:read');
    expect(scopeOf('POST', seen)).toBeNull();
  });
});
