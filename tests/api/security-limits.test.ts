import { and, eq, isNotNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, recoveryCodes } from '@/db/schema';
import { purgeExpiredRows } from '@/server/services/housekeeping';
import { RATE_LIMITS } from '@/server/services/rate-limit';
import { createTestApi } from '../helpers/api';
import { serveOverHttp } from '../helpers/http-server';
import { createUser, type TTestUser } from '../helpers/users';

// Each check starts from a fresh database, app and users: the counters and rows it looks at are
// its own, never ones an earlier check left behind.
let api: Awaited<ReturnType<typeof createTestApi>>;
let http: Awaited<ReturnType<typeof serveOverHttp>>;
beforeEach(async () => {
  api = await createTestApi();
  http = await serveOverHttp(api.app);
});
afterEach(async () => {
  await http.close();
  await api.close();
});

const minutes = (n: number) => {
  api.clock.now = new Date(api.clock.now.getTime() + n * 60_000);
};
const wrongLogin = (email: string, from: string, headers?: Record<string, string>) =>
  http.login(email, 'not the password', { from, headers });
const rightLogin = (user: TTestUser, from: string) =>
  http.login(user.email, user.password, { from });

describe('the client address of a rate limit', () => {
  it('is the socket’s: rotating X-Forwarded-For or X-Real-IP escapes no limit without TRUST_PROXY', async () => {
    const { max } = RATE_LIMITS.loginFailuresPerAddress;
    for (let i = 0; i < max; i++) {
      const forged: Record<string, string> =
        i % 2 === 0 ? { 'x-forwarded-for': `203.0.113.${i}` } : { 'x-real-ip': `198.51.100.${i}` };
      expect((await wrongLogin(`ghost${i}@example.com`, '127.0.0.3', forged)).status).toBe(401);
    }
    const over = await wrongLogin('ghost@example.com', '127.0.0.3', {
      'x-forwarded-for': '192.0.2.200',
      'x-real-ip': '192.0.2.201',
    });
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('under TRUST_PROXY=1 is the address the proxy appended, whatever the client wrote before it', async () => {
    const behindProxy = await createTestApi({ trustProxy: 1 });
    try {
      let n = 0;
      const login = (xff: string) =>
        behindProxy.login(`ghost${++n}@example.com`, 'not the password', {
          headers: { 'X-Forwarded-For': xff },
          ip: '127.0.0.1', // the proxy
        });
      for (let i = 0; i < RATE_LIMITS.loginFailuresPerAddress.max; i++) {
        expect((await login(`10.0.0.${i}, 203.0.113.5`)).status).toBe(401);
      }
      expect((await login('10.1.1.1, 203.0.113.5')).status).toBe(429);
      expect((await login('203.0.113.5')).status).toBe(429);
      // Another client of the same proxy is not limited.
      expect((await login('203.0.113.5, 203.0.113.6')).status).toBe(401);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('login limits', () => {
  it('a client that used up its failures does not limit a client at another address', async () => {
    const owner = await createUser(api.db, api.deps);
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerAddress.max; i++) {
      expect((await wrongLogin(`nobody${i}@example.com`, '127.0.0.2')).status).toBe(401);
    }
    expect((await rightLogin(owner, '127.0.0.2')).status).toBe(429);
    expect((await rightLogin(owner, '127.0.0.1')).status).toBe(200);
  });

  it('wrong passwords for one account from one address never lock its owner out elsewhere', async () => {
    const owner = await createUser(api.db, api.deps);
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerAccountAddress.max; i++) {
      expect((await wrongLogin(owner.email, '127.0.0.4')).status).toBe(401);
    }
    expect((await wrongLogin(owner.email, '127.0.0.4')).status).toBe(429);
    expect((await rightLogin(owner, '127.0.0.4')).status).toBe(429);
    expect((await rightLogin(owner, '127.0.0.1')).status).toBe(200);
    // Other accounts at the guesser's address are not affected either.
    const neighbour = await createUser(api.db, api.deps);
    expect((await rightLogin(neighbour, '127.0.0.4')).status).toBe(200);
  });

  it('lets 40 concurrent correct logins for one account all through', async () => {
    const owner = await createUser(api.db, api.deps);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => rightLogin(owner, '127.0.0.5')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
  });

  it('counts failures exactly, even when the guesses arrive all at once', async () => {
    const owner = await createUser(api.db, api.deps);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => wrongLogin(owner.email, '127.0.0.6')),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(
      RATE_LIMITS.loginFailuresPerAccountAddress.max,
    );
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});

describe('a refused request', () => {
  it('is not counted and does not move the end of the window', async () => {
    const { max, windowSeconds } = RATE_LIMITS.registerPerAddress;
    const register = (i: number) =>
      http.request('POST', '/users/register', {
        from: '127.0.0.7',
        body: {
          email: `window${i}@example.com`,
          name: 'Window',
          last_name: 'Test',
          password: 'a fine password',
          is_talent: true,
          lang: 'en',
        },
      });
    for (let i = 0; i < max; i++) expect((await register(i)).status).toBe(201);
    const first = await register(100);
    expect(first.status).toBe(429);
    const retryAfter = Number(first.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(windowSeconds - 60);
    minutes(30);
    for (let i = 0; i < 5; i++) expect((await register(200 + i)).status).toBe(429);
    const later = await register(300);
    // Thirty minutes later the same window ends thirty minutes sooner: refusals did not extend it.
    expect(Number(later.headers['retry-after'])).toBe(retryAfter - 30 * 60);
    // The only counter of this fresh database, still at the maximum: refusals did not count.
    const rows = await api.db.select().from(rateLimits);
    expect(rows.map((r) => r.count)).toEqual([max]);
    minutes(31);
    expect((await register(400)).status).toBe(201);
  });
});

describe('housekeeping', () => {
  it('purges ended limit windows and spent or expired recovery codes, and nothing else', async () => {
    const user = await createUser(api.db, api.deps);
    const ask = () =>
      api.call('POST', '/users/recovery/email', { body: { email: user.email }, ip: '10.6.0.1' });
    await ask(); // replaced by the next one: cancelled
    await ask(); // pending
    expect((await wrongLogin('purge@example.com', '127.0.0.8')).status).toBe(401);
    const before = await api.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(before).toHaveLength(2);

    const now = api.clock.now;
    const first = await purgeExpiredRows(api.db, now);
    expect(first.recoveryCodes).toBeGreaterThanOrEqual(1);
    const kept = await api.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.cancelledAt).toBeNull();
    const limitsBefore = await api.db.select().from(rateLimits);
    expect(limitsBefore.length).toBeGreaterThan(0);

    const later = new Date(now.getTime() + 2 * 3600 * 1000);
    const second = await purgeExpiredRows(api.db, later);
    expect(second.recoveryCodes).toBe(1);
    expect(second.rateLimits).toBe(limitsBefore.length);
    expect(await api.db.select().from(rateLimits)).toHaveLength(0);
    expect(
      await api.db
        .select()
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, user.id), isNotNull(recoveryCodes.usedAt))),
    ).toHaveLength(0);
  });
});
