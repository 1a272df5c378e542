import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import type { TAppEnv, TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { onError } from '@/server/http/error-handler';
import { contextMiddleware } from '@/server/middleware/context';
import { optionalAuth, requireAuth, requireRole } from '@/server/middleware/auth';
import { assertOwner, requireUser } from '@/server/services/access';
import { createTestApi, socketFrom } from '../helpers/api';
import { type TTestUser, createBusiness, createTalent } from '../helpers/users';

// The access helpers every feature uses (server/services/access.ts and the auth middleware),
// on a small app built from the real pieces: the context middleware and the error mapper.

let api: Awaited<ReturnType<typeof createTestApi>>;
let talent: TTestUser;
let business: TTestUser;
let probe: Hono<TAppEnv>;

beforeAll(async () => {
  api = await createTestApi();
  talent = await createTalent(api);
  business = await createBusiness(api);
  const whoAmI = (c: { var: { ctx: TCtx }; json: (x: unknown) => Response }) =>
    c.json({ status: true, data: { user: c.var.ctx.user, ip: c.var.ctx.ip } });
  probe = new Hono<TAppEnv>()
    .use(contextMiddleware(api.deps))
    .get('/talents', requireRole('talent'), whoAmI)
    .get('/businesses', requireRole('business'), whoAmI)
    .get('/signed-in', requireAuth, requireRole('business'), whoAmI)
    .get('/anyone', optionalAuth, whoAmI)
    .onError(onError);
});
afterAll(async () => api.close());

const call = async (path: string, token?: string) => {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const res = await probe.request(path, { headers }, socketFrom('192.0.2.44'));
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

describe('requireRole', () => {
  it('lets the role through with ctx.user filled, once per request', async () => {
    const t = await call('/talents', talent.token);
    expect(t).toEqual({
      status: 200,
      json: {
        status: true,
        data: {
          user: {
            id: talent.id,
            isTalent: true,
            profileVersion: expect.any(Number),
            isOperator: false,
          },
          ip: '192.0.2.44',
        },
      },
    });
    const b = await call('/businesses', business.token);
    expect(b.json.data).toMatchObject({ user: { id: business.id, isTalent: false } });
    expect((await call('/signed-in', business.token)).status).toBe(200);
  });

  it('answers the other role 403 forbidden with both messages', async () => {
    expect(await call('/businesses', talent.token)).toEqual({
      status: 403,
      json: {
        status: false,
        code: 'forbidden',
        message: 'Only businesses can do this.',
        message_es: 'Solo las empresas pueden hacer esto.',
      },
    });
    const t = await call('/talents', business.token);
    expect(t.status).toBe(403);
    expect(t.json).toMatchObject({ code: 'forbidden', message: 'Only talents can do this.' });
    expect((await call('/signed-in', talent.token)).status).toBe(403);
  });

  it('answers no token or a bad one 401 before any role check', async () => {
    for (const path of ['/talents', '/businesses', '/signed-in']) {
      for (const token of [undefined, 'not.a.token']) {
        const { status, json } = await call(path, token);
        expect(status, `${path} ${token}`).toBe(401);
        expect(json).toMatchObject({ status: false, code: 'unauthorized' });
      }
    }
  });

  it('refuses a suspended or deleted account’s token on its own, whatever its version', async () => {
    // Suspending and deleting raise the token version too; this is the second lock
    // (docs/security.md): the row's own state, read with the version, refuses the token.
    const who = await createTalent(api);
    expect((await call('/talents', who.token)).status).toBe(200);
    for (const state of [{ suspendedAt: new Date() }, { deletedAt: new Date() }]) {
      await api.db.update(users).set(state).where(eq(users.id, who.id));
      const { status, json } = await call('/talents', who.token);
      expect(status, JSON.stringify(state)).toBe(401);
      expect(json).toMatchObject({ code: 'unauthorized' });
      await api.db
        .update(users)
        .set({ suspendedAt: null, deletedAt: null })
        .where(eq(users.id, who.id));
      expect((await call('/talents', who.token)).status).toBe(200);
    }
  });

  it('leaves anonymous callers of optionalAuth routes with a null user', async () => {
    expect((await call('/anyone')).json.data).toMatchObject({ user: null });
    expect((await call('/anyone', talent.token)).json.data).toMatchObject({
      user: { id: talent.id },
    });
  });
});

describe('requireUser and assertOwner', () => {
  const ctx = (user: TCtx['user']) => ({ ...({} as TCtx), user });
  const notFound = () => new AppError('not_found');

  it('requireUser answers the user or throws unauthorized', () => {
    expect(requireUser(ctx({ id: 3, isTalent: true }))).toEqual({ id: 3, isTalent: true });
    expect(() => requireUser(ctx(null))).toThrow(expect.objectContaining({ code: 'unauthorized' }));
  });

  it('assertOwner treats a missing row and someone else’s alike: not found', () => {
    const me = { id: 3, isTalent: true };
    expect(() => assertOwner({ userId: 3 }, me, notFound)).not.toThrow();
    for (const row of [undefined, { userId: 4 }]) {
      expect(() => assertOwner(row, me, notFound)).toThrow(
        expect.objectContaining({ code: 'not_found' }),
      );
    }
  });
});
