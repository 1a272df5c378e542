import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies } from '@/db/schema';
import { eq } from 'drizzle-orm';
import { createTestApi } from '../helpers/api';
import { createTeam, joinAs } from '../helpers/companies';

// Who may make each team call (docs/api.md "Companies and teams"; the roles of docs/product.md
// "Companies and teams", "Permissions"), one test per call and caller: the company's owner, an
// admin, a recruiter, the owner of another company, a talent, nobody signed in. Every cell builds
// its own company, so that a removal or a revoked invitation in one changes nothing in another.
// A non-member is answered as for a missing company (404); a member whose role lacks the right
// gets 403; a talent 403; nobody 401. The public calls answer everyone.

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api?.close());
beforeEach(async () => api.resetRateLimits());

type TTeam = Awaited<ReturnType<typeof createTeam>>;
const CALLERS = ['owner', 'admin', 'recruiter', 'outsider', 'talent', 'anonymous'] as const;
type TCaller = (typeof CALLERS)[number];
const tokenOf = (t: TTeam, caller: TCaller) =>
  caller === 'anonymous' ? undefined : t[caller].token;

let seq = 0;
const fresh = () => `team-access-${++seq}-${Date.now()}@example.com`;

/** The owner's invitation of a new address: its id and its link's token. */
async function invitation(t: TTeam) {
  const email = fresh();
  const r = await api.call('POST', `/companies/${t.companyId}/invitations`, {
    token: t.owner.token,
    body: { email, role: 'recruiter', lang: 'en' },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  const mail = [...api.outbox].reverse().find((m) => m.to === email)!;
  const token = /\/invitations\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  return { id: (r.json.data as { id: number }).id, token };
}

type TRequest = { method: string; path: string; body?: unknown };
type TCall = { name: string; request: (t: TTeam) => Promise<TRequest>; expect: number[] };

const of = (t: TTeam) => `/companies/${t.companyId}`;
const slugOf = async (t: TTeam) =>
  (await api.db.select().from(companies).where(eq(companies.id, t.companyId)))[0]!.slug;

//                                     owner admin recruiter outsider talent anonymous
const CALLS: TCall[] = [
  {
    name: 'GET /me/companies',
    request: async () => ({ method: 'GET', path: '/me/companies' }),
    expect: [200, 200, 200, 200, 403, 401],
  },
  {
    name: 'GET /me/company',
    request: async () => ({ method: 'GET', path: '/me/company' }),
    expect: [200, 200, 200, 200, 403, 401],
  },
  {
    name: 'GET /companies/{slug}',
    request: async (t) => ({ method: 'GET', path: `/companies/${await slugOf(t)}` }),
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    name: 'PATCH /companies/{id}',
    request: async (t) => ({ method: 'PATCH', path: of(t), body: { about: 'We build.' } }),
    expect: [200, 200, 403, 404, 403, 401],
  },
  {
    name: 'GET /companies/{id}/members',
    request: async (t) => ({ method: 'GET', path: `${of(t)}/members` }),
    expect: [200, 200, 200, 404, 403, 401],
  },
  {
    name: 'POST /companies/{id}/invitations',
    request: async (t) => ({
      method: 'POST',
      path: `${of(t)}/invitations`,
      body: { email: fresh(), role: 'recruiter', lang: 'es' },
    }),
    expect: [201, 201, 403, 404, 403, 401],
  },
  {
    name: 'GET /companies/{id}/invitations',
    request: async (t) => ({ method: 'GET', path: `${of(t)}/invitations` }),
    expect: [200, 200, 403, 404, 403, 401],
  },
  {
    name: 'DELETE /companies/{id}/invitations/{invitation_id}',
    request: async (t) => ({
      method: 'DELETE',
      path: `${of(t)}/invitations/${(await invitation(t)).id}`,
    }),
    expect: [200, 200, 403, 404, 403, 401],
  },
  {
    name: 'POST /companies/{id}/invitations/{invitation_id}/resend',
    request: async (t) => ({
      method: 'POST',
      path: `${of(t)}/invitations/${(await invitation(t)).id}/resend`,
      body: { lang: 'en' },
    }),
    expect: [200, 200, 403, 404, 403, 401],
  },
  {
    name: 'GET /invitations/{token}',
    request: async (t) => ({ method: 'GET', path: `/invitations/${(await invitation(t)).token}` }),
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    // Made for another address: every caller here is the wrong one.
    name: 'POST /invitations/{token}/accept',
    request: async (t) => ({
      method: 'POST',
      path: `/invitations/${(await invitation(t)).token}/accept`,
    }),
    expect: [403, 403, 403, 403, 403, 401],
  },
  {
    name: 'PATCH /companies/{id}/members/{user_id}',
    request: async (t) => {
      const other = await joinAs(api, t.companyId, 'recruiter', 'Second Recruiter');
      return {
        method: 'PATCH',
        path: `${of(t)}/members/${other.id}`,
        body: { role: 'admin' },
      };
    },
    expect: [200, 403, 403, 404, 403, 401],
  },
  {
    name: 'DELETE /companies/{id}/members/{user_id}',
    request: async (t) => {
      const other = await joinAs(api, t.companyId, 'recruiter', 'Second Recruiter');
      return { method: 'DELETE', path: `${of(t)}/members/${other.id}` };
    },
    expect: [200, 200, 403, 404, 403, 401],
  },
  {
    name: 'GET /companies/{id}/audit',
    request: async (t) => ({ method: 'GET', path: `${of(t)}/audit` }),
    expect: [200, 200, 403, 404, 403, 401],
  },
];

describe('who may make each team call', () => {
  for (const call of CALLS) {
    for (const [i, caller] of CALLERS.entries()) {
      const status = call.expect[i]!;
      it(`${call.name} by the ${caller} → ${status}`, async () => {
        const t = await createTeam(api, { prefix: `${caller} ${seq++}` });
        const req = await call.request(t);
        const r = await api.call(req.method, req.path, {
          token: tokenOf(t, caller),
          body: req.body,
        });
        expect(r.status, `${call.name} by ${caller}: ${JSON.stringify(r.json)}`).toBe(status);
        if (status >= 400) {
          // Refusals carry their reason in both languages.
          expect(r.json).toMatchObject({
            status: false,
            message: expect.any(String),
            message_es: expect.any(String),
          });
        }
      });
    }
  }
});
