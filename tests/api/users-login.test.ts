import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@/server/auth/tokens';
import { RATE_LIMITS } from '@/server/services/rate-limit';
import { createTestApi } from '../helpers/api';
import { createUser } from '../helpers/users';

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

let seq = 0;
const fromIp = () => `10.2.0.${++seq}`;
const login = (email: string, password: string, ip = fromIp()) =>
  api.login(email, password, { ip });

const WRONG = {
  status: false,
  code: 'unauthorized',
  message: 'Email and/or password incorrect',
  message_es: 'Correo y/o contraseña incorrectos',
};

describe('POST /api/users/login', () => {
  it('answers the token and the signed-in user for the right password, any e-mail case', async () => {
    const user = await createUser(api.db, api.deps, { name: 'Ana' });
    const { status, json } = await login(` ${user.email.toUpperCase()} `, user.password);
    expect(status).toBe(200);
    expect(json).toMatchObject({
      status: true,
      access_token: expect.any(String),
      data: { id: user.id, email: user.email, person: { name: 'Ana' }, is_talent: true },
    });
  });

  it('refuses a wrong password, an unknown e-mail and an account without password alike', async () => {
    const user = await createUser(api.db, api.deps);
    const googleOnly = await createUser(api.db, api.deps);
    await api.db.update(users).set({ passwordHash: null }).where(eq(users.id, googleOnly.id));
    const attempts = [
      login(user.email, 'wrong password'),
      login('nobody@example.com', user.password),
      login(googleOnly.email, googleOnly.password),
    ];
    for (const { status, json } of await Promise.all(attempts)) {
      expect(status).toBe(401);
      expect(json).toEqual(WRONG);
      expect(json).not.toHaveProperty('access_token');
    }
  });

  it('answers bad input with 400, never 500', async () => {
    const bodies = [
      {},
      [],
      { email: 'a@b.co' },
      { email: 1, password: 'x' },
      { email: 'a@b.co', password: ['x'] },
      { email: 'a@b.co', password: 'x'.repeat(10_000) },
    ];
    for (const body of bodies) {
      const { status, json } = await api.call('POST', '/users/login', { body, ip: fromIp() });
      expect(status).toBe(400);
      expect(json).toMatchObject({ status: false, code: 'invalid_input' });
    }
  });

  it('refuses the 11th failed login to one account from one address, until the window ends', async () => {
    const user = await createUser(api.db, api.deps);
    const { max, windowSeconds } = RATE_LIMITS.loginFailuresPerAccountAddress;
    expect(max).toBe(10);
    const ip = '198.51.100.7';
    for (let i = 0; i < max; i++)
      expect((await login(user.email, `wrong ${i}`, ip)).status).toBe(401);
    const blocked = await login(user.email, user.password, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.json).toMatchObject({
      status: false,
      code: 'rate_limited',
      message_es: expect.any(String),
    });
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(0);
    api.clock.now = new Date(api.clock.now.getTime() + windowSeconds * 1000);
    expect((await login(user.email, user.password, ip)).status).toBe(200);
  });

  it('does not count successful logins against the account', async () => {
    const user = await createUser(api.db, api.deps);
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerAccountAddress.max + 2; i++) {
      expect((await login(user.email, user.password, '198.51.100.9')).status).toBe(200);
    }
  });

  it('refuses the 31st failed login from one address within 15 minutes', async () => {
    const { max } = RATE_LIMITS.loginFailuresPerAddress;
    expect(max).toBe(30);
    const ip = '198.51.100.23';
    for (let i = 0; i < max; i++) {
      expect((await login(`ghost${i}@example.com`, 'whatever', ip)).status).toBe(401);
    }
    const over = await login('ghost-last@example.com', 'whatever', ip);
    expect(over.status).toBe(429);
    expect(over.res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await login('ghost@example.com', 'whatever', '198.51.100.24')).status).toBe(401);
  });
});

describe('POST /api/users/check/email', () => {
  it('says true for a registered e-mail in any case and false (200, not_found) otherwise', async () => {
    const user = await createUser(api.db, api.deps);
    const found = await api.call('POST', '/users/check/email', {
      body: { email: user.email.toUpperCase() },
      ip: fromIp(),
    });
    expect(found.status).toBe(200);
    expect(found.json).toEqual({ status: true });
    const missing = await api.call('POST', '/users/check/email', {
      body: { email: 'no-one@example.com' },
      ip: fromIp(),
    });
    expect(missing.status).toBe(200);
    expect(missing.json).toMatchObject({
      status: false,
      code: 'not_found',
      message: expect.any(String),
      message_es: expect.any(String),
    });
    const bad = await api.call('POST', '/users/check/email', {
      body: { email: ['x'] },
      ip: fromIp(),
    });
    expect(bad.status).toBe(400);
  });

  it('allows 60 checks per 15 minutes from one address and refuses the 61st', async () => {
    const { max } = RATE_LIMITS.checkEmailPerAddress;
    expect(max).toBe(60);
    const ip = '192.0.2.60';
    for (let i = 0; i < max; i++) {
      const { status } = await api.call('POST', '/users/check/email', {
        body: { email: `scan${i}@example.com` },
        ip,
      });
      expect(status).toBe(200);
    }
    const over = await api.call('POST', '/users/check/email', {
      body: { email: 'scan@example.com' },
      ip,
    });
    expect(over.status).toBe(429);
    expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('GET /api/users/id/{id}', () => {
  it('shows a user their own full profile and others the public one', async () => {
    const ana = await createUser(api.db, api.deps, { name: 'Ana' });
    const other = await createUser(api.db, api.deps);
    const self = await api.call('GET', `/users/id/${ana.id}`, { token: ana.token });
    expect(self.json).toMatchObject({
      status: true,
      data: { id: ana.id, email: ana.email, notifications: [] },
    });
    for (const token of [other.token, undefined]) {
      const { status, json } = await api.call('GET', `/users/id/${ana.id}`, { token });
      expect(status).toBe(200);
      expect(json.data).toMatchObject({ id: ana.id, person: { name: 'Ana', phone: null } });
      expect(json.data).not.toHaveProperty('email');
      expect(json.data).not.toHaveProperty('notifications');
      expect(json.data).not.toHaveProperty('paypal_email');
    }
  });

  it('answers 400 for an id that is not a positive integer and 404 for an unknown one', async () => {
    for (const id of ['abc', '1.5', '-1', '0', '99999999999', '1e3']) {
      const { status, json } = await api.call('GET', `/users/id/${id}`);
      expect(status, id).toBe(400);
      expect(json).toMatchObject({ status: false, code: 'invalid_input' });
    }
    const missing = await api.call('GET', '/users/id/987654');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ status: false, code: 'not_found' });
  });
});

describe('access tokens', () => {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const changeWith = (token: string) =>
    api.call('POST', '/users/password', {
      token,
      body: { new_password: 'another password', confirm_new_password: 'another password' },
    });

  it('refuses tampered, forged, expired and foreign tokens with 401', async () => {
    const user = await createUser(api.db, api.deps);
    const [header, payload, signature] = user.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const iat = Math.floor(api.clock.now.getTime() / 1000);
    const signed = (secret: Uint8Array, iss = TOKEN_ISSUER, aud = TOKEN_AUDIENCE, alg = 'HS256') =>
      new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg })
        .setSubject(String(user.id))
        .setIssuer(iss)
        .setAudience(aud)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(secret);
    const tokens = {
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      algNoneSigned: `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
      editedSub: `${header}.${b64({ ...claims, sub: String(user.id + 1) })}.${signature}`,
      editedVersion: `${header}.${b64({ ...claims, ver: 5 })}.${signature}`,
      wrongKey: await signed(new TextEncoder().encode('another-secret-another-secret-32b')),
      wrongIssuer: await signed(api.deps.jwtSecret, 'someone-else'),
      wrongAudience: await signed(api.deps.jwtSecret, TOKEN_ISSUER, 'another-app'),
      hs512: await signed(api.deps.jwtSecret, TOKEN_ISSUER, TOKEN_AUDIENCE, 'HS512'),
      garbage: 'not.a.token',
    };
    for (const [name, token] of Object.entries(tokens)) {
      const { status, json } = await changeWith(token);
      expect(status, name).toBe(401);
      expect(json).toMatchObject({ status: false, code: 'unauthorized' });
    }
    const noBearer = await api.call('POST', '/users/password', {
      headers: { Authorization: user.token },
      body: {},
    });
    expect(noBearer.status).toBe(401);
    // The untouched token works, until it expires (7 days).
    expect((await api.call('GET', `/users/id/${user.id}`, { token: user.token })).status).toBe(200);
    api.clock.now = new Date(api.clock.now.getTime() + 8 * 24 * 3600 * 1000);
    expect((await changeWith(user.token)).status).toBe(401);
    expect((await api.call('GET', `/users/id/${user.id}`, { token: user.token })).status).toBe(401);
  });
});
