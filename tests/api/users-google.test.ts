import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { createTestApi } from '../helpers/api';
import { startJwksPeer, type TIdTokenClaims } from '../helpers/jwks';
import { createUser } from '../helpers/users';

let google: Awaited<ReturnType<typeof startJwksPeer>>;
let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  google = await startJwksPeer();
  api = await createTestApi({ google: { clientId: google.clientId, jwksUrl: google.jwksUrl } });
});
afterAll(async () => {
  await api.close();
  await google.close();
});

let seq = 0;
const person = (over: Partial<TIdTokenClaims> = {}): TIdTokenClaims => {
  seq += 1;
  return {
    sub: `10${seq}987654321`,
    email: `g${seq}@gmail.test`,
    email_verified: true,
    name: 'Lucía Martín',
    given_name: 'Lucía',
    family_name: 'Martín',
    ...over,
  };
};
const googleLogin = (token: string) =>
  api.call('POST', '/users/login/google', { body: { google_id_token: token } });
const sign = (
  claims: TIdTokenClaims,
  over: { aud?: string; iss?: string; expiresInSeconds?: number } = {},
) => google.sign(claims, { now: api.clock.now, ...over });

describe('POST /api/users/login/google', () => {
  it('signs in the account linked to the token’s subject', async () => {
    const user = await createUser(api.db, api.deps);
    const claims = person();
    await api.db.update(users).set({ googleSub: claims.sub }).where(eq(users.id, user.id));
    const { status, json } = await googleLogin(await sign(claims));
    expect(status).toBe(200);
    expect(json).toMatchObject({
      status: true,
      access_token: expect.any(String),
      data: { id: user.id, email: user.email },
    });
  });

  it('links an account with the same, Google-verified e-mail and signs it in', async () => {
    const user = await createUser(api.db, api.deps);
    const claims = person({ email: user.email.toUpperCase() });
    const { status, json } = await googleLogin(await sign(claims));
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ id: user.id });
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.googleSub).toBe(claims.sub);
    // The password still works too.
    const login = await api.login(user.email, user.password, { ip: '10.4.0.1' });
    expect(login.status).toBe(200);
  });

  it('never links a password account to a Google e-mail that Google has not verified', async () => {
    const user = await createUser(api.db, api.deps);
    const { status, json } = await googleLogin(
      await sign(person({ email: user.email, email_verified: false })),
    );
    expect(status).toBe(401);
    expect(json).toMatchObject({ status: false, code: 'unauthorized' });
    expect(json).not.toHaveProperty('access_token');
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.googleSub).toBeNull();
  });

  it('never re-links an account already linked to another Google account', async () => {
    const user = await createUser(api.db, api.deps);
    await api.db.update(users).set({ googleSub: 'original-sub' }).where(eq(users.id, user.id));
    const { status } = await googleLogin(await sign(person({ email: user.email })));
    expect(status).toBe(401);
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.googleSub).toBe('original-sub');
  });

  it('answers not_found (404) for a Google e-mail without account, so the client offers to create one', async () => {
    const { status, json } = await googleLogin(await sign(person()));
    expect(status).toBe(404);
    expect(json).toMatchObject({
      status: false,
      code: 'not_found',
      message: expect.any(String),
      message_es: expect.any(String),
    });
  });

  it('refuses forged, expired, foreign-audience and foreign-issuer tokens with 401', async () => {
    const user = await createUser(api.db, api.deps);
    const claims = person();
    await api.db.update(users).set({ googleSub: claims.sub }).where(eq(users.id, user.id));
    const valid = await sign(claims);
    const [header, , signature] = valid.split('.') as [string, string, string];
    const edited = Buffer.from(
      JSON.stringify({
        ...claims,
        sub: 'someone-else',
        aud: google.clientId,
        iss: 'https://accounts.google.com',
        exp: 9_999_999_999,
        iat: 1,
      }),
    ).toString('base64url');
    const bad = {
      forged: await google.forge(claims, api.clock.now),
      wrongAudience: await sign(claims, { aud: 'another-client.apps.googleusercontent.com' }),
      wrongIssuer: await sign(claims, { iss: 'https://evil.example.com' }),
      expired: await sign(claims, { expiresInSeconds: -10 }),
      editedClaims: `${header}.${edited}.${signature}`,
      algNone: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${valid.split('.')[1]}.`,
      garbage: 'not-a-jwt',
    };
    for (const [name, token] of Object.entries(bad)) {
      const { status, json } = await googleLogin(token);
      expect(status, name).toBe(401);
      expect(json).toMatchObject({ status: false, code: 'unauthorized' });
    }
    expect((await googleLogin(valid)).status).toBe(200);
    // The same token an hour and more later has expired.
    api.clock.now = new Date(api.clock.now.getTime() + 3601_000);
    expect((await googleLogin(valid)).status).toBe(401);
  });

  it('accepts the issuer spelled without scheme, as Google sometimes does', async () => {
    const user = await createUser(api.db, api.deps);
    const claims = person();
    await api.db.update(users).set({ googleSub: claims.sub }).where(eq(users.id, user.id));
    expect((await googleLogin(await sign(claims, { iss: 'accounts.google.com' }))).status).toBe(
      200,
    );
  });

  it('answers bad input with 400 and says clearly when Google sign-in is not configured', async () => {
    for (const body of [
      {},
      { google_id_token: 42 },
      { google_id_token: '' },
      { google_id_token: 'x'.repeat(10_000) },
    ]) {
      expect((await api.call('POST', '/users/login/google', { body })).status).toBe(400);
    }
    const unconfigured = await createTestApi({ google: { jwksUrl: google.jwksUrl } });
    const { status, json } = await unconfigured.call('POST', '/users/login/google', {
      body: { google_id_token: await sign(person()) },
    });
    expect(status).toBe(503);
    expect(json).toMatchObject({
      status: false,
      code: 'unavailable',
      message: expect.stringContaining('not configured'),
    });
    await unconfigured.close();
  });

  it('answers 503, not 401, when Google’s key set cannot be reached', async () => {
    const offline = await createTestApi({
      google: { clientId: google.clientId, jwksUrl: 'http://127.0.0.1:9/certs' },
    });
    const { status, json } = await offline.call('POST', '/users/login/google', {
      body: { google_id_token: await sign(person()) },
    });
    expect(status).toBe(503);
    expect(json).toMatchObject({ status: false, code: 'unavailable' });
    await offline.close();
  });
});

describe('POST /api/users/register with a Google ID token', () => {
  const body = (claims: TIdTokenClaims, token: string, over: Record<string, unknown> = {}) => ({
    email: claims.email,
    name: claims.given_name,
    last_name: claims.family_name,
    google_id_token: token,
    lang: 'en',
    is_talent: true,
    ...over,
  });
  const register = (b: unknown) =>
    api.call('POST', '/users/register', {
      body: b,
      ip: `10.4.1.${++seq}`,
    });

  it('creates a password-less account linked to the Google subject, which Google can then sign in', async () => {
    const claims = person();
    const token = await sign(claims);
    const { status, json } = await register(body(claims, token));
    expect(status).toBe(201);
    expect(json).toMatchObject({
      status: true,
      access_token: expect.any(String),
      data: { email: claims.email },
    });
    const [row] = await api.db.select().from(users).where(eq(users.email, claims.email));
    expect(row).toMatchObject({ googleSub: claims.sub, passwordHash: null });
    const again = await googleLogin(token);
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ id: row!.id });
    // No password was set, so none can log in.
    const login = await api.login(claims.email, 'anything at all', { ip: '10.4.0.2' });
    expect(login.status).toBe(401);
  });

  it('refuses a token for another e-mail, an unverified e-mail, or a bad token', async () => {
    const claims = person();
    const other = await register(
      body(claims, await sign(claims), { email: 'someone-else@example.com' }),
    );
    expect(other.status).toBe(400);
    expect(other.json).toMatchObject({
      code: 'invalid_input',
      message: 'The Google account has another e-mail.',
      errors: [
        {
          path: 'google_id_token',
          code: 'google_email',
          message: 'The Google account has another e-mail.',
        },
      ],
    });
    const unverified = person({ email_verified: false });
    const notVerified = await register(body(unverified, await sign(unverified)));
    expect(notVerified.status).toBe(400);
    expect(notVerified.json.errors).toEqual([
      {
        path: 'google_id_token',
        code: 'google_unverified',
        message: 'Google has not verified this e-mail.',
      },
    ]);
    const forged = await register(body(claims, await google.forge(claims, api.clock.now)));
    expect(forged.status).toBe(401);
    expect(forged.json).toMatchObject({
      message: expect.any(String),
      message_es: expect.any(String),
    });
  });

  it('refuses a Google account already linked to another user', async () => {
    const claims = person();
    const first = await register(body(claims, await sign(claims)));
    expect(first.status).toBe(201);
    const sameEmail = await register(
      body(claims, await sign(claims), { email: claims.email.toUpperCase() }),
    );
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.json.errors).toEqual([
      { path: 'email', code: 'email_taken', message: 'This e-mail is already registered.' },
    ]);
    // Same Google subject under another e-mail (changed on Google's side).
    const moved = { ...claims, email: `moved-${claims.email}` };
    const second = await register(body(moved, await sign(moved)));
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({
      code: 'conflict',
      message: 'This Google account is already linked to another account.',
      errors: [
        {
          path: 'google_id_token',
          code: 'google_taken',
          message: 'This Google account is already linked to another account.',
        },
      ],
    });
  });
});
