import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { RATE_LIMITS } from '@/server/services/rate-limit';
import { createTestApi } from '../helpers/api';
import { createUser } from '../helpers/users';

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

let seq = 0;
const fromIp = () => `10.5.0.${++seq}`;
const change = (token: string | undefined, body: unknown, ip = fromIp()) =>
  api.call('POST', '/users/password', { token, body, ip });
const login = (email: string, password: string, ip = fromIp()) =>
  api.login(email, password, { ip });
const fresh = (current: string, next: string) => ({
  current_password: current,
  new_password: next,
  confirm_new_password: next,
});

const WRONG_PASSWORD = {
  status: false,
  code: 'invalid_input',
  message: 'Failed to change password',
  message_es: 'Error al cambiar la contraseña',
  errors: [
    {
      path: 'current_password',
      code: 'wrong_password',
      message: 'The current password is not right.',
    },
  ],
};

describe('POST /api/users/password', () => {
  it('changes the password, answers a new token and ends every older token', async () => {
    const user = await createUser(api.db, api.deps);
    const { status, json } = await change(user.token, fresh(user.password, 'fresh password 1'));
    expect(status).toBe(200);
    expect(json).toEqual({
      status: true,
      access_token: expect.any(String),
      message: 'Password changed successfully',
      message_es: 'Contraseña cambiada correctamente',
    });
    const again = await change(user.token, fresh('fresh password 1', 'fresh password 2'));
    expect(again.status).toBe(401);
    const token = json.access_token as string;
    expect((await api.call('GET', `/users/id/${user.id}`, { token })).status).toBe(200);
    expect((await login(user.email, 'fresh password 1')).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
  });

  it('refuses a wrong current password with wrong_password and changes nothing', async () => {
    const user = await createUser(api.db, api.deps);
    const [before] = await api.db.select().from(users).where(eq(users.id, user.id));
    const { status, json } = await change(user.token, fresh('not my password', 'fresh password 1'));
    expect(status).toBe(400);
    expect(json).toEqual(WRONG_PASSWORD);
    const [after] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({
      passwordHash: before!.passwordHash,
      tokenVersion: before!.tokenVersion,
    });
    // The token still works: a wrong guess is no reason to end the session.
    expect((await api.call('GET', `/users/id/${user.id}`, { token: user.token })).status).toBe(200);
  });

  it('refuses an account without a password (Google only) the same way', async () => {
    const user = await createUser(api.db, api.deps);
    await api.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const { status, json } = await change(user.token, fresh(user.password, 'fresh password 1'));
    expect(status).toBe(400);
    expect(json).toEqual(WRONG_PASSWORD);
  });

  it('counts wrong current passwords as failed logins: a stolen token cannot guess on', async () => {
    const user = await createUser(api.db, api.deps);
    const { max, windowSeconds } = RATE_LIMITS.loginFailuresPerAccountAddress;
    const ip = '198.51.100.61';
    for (let i = 0; i < max; i++) {
      expect((await change(user.token, fresh(`guess ${i}`, 'fresh password 1'), ip)).status).toBe(
        400,
      );
    }
    const blocked = await change(user.token, fresh(user.password, 'fresh password 1'), ip);
    expect(blocked.status).toBe(429);
    expect(blocked.json).toMatchObject({ status: false, code: 'rate_limited' });
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same counter as the login's: logging in to this account from there is refused too.
    expect((await login(user.email, user.password, ip)).status).toBe(429);
    // The owner elsewhere is not affected.
    expect((await login(user.email, user.password)).status).toBe(200);
    api.clock.now = new Date(api.clock.now.getTime() + windowSeconds * 1000);
    const later = await change(user.token, fresh(user.password, 'fresh password 1'), ip);
    expect(later.status).toBe(200);
  });

  it('shares the per-address failure limit with logins', async () => {
    const user = await createUser(api.db, api.deps);
    const ip = '198.51.100.62';
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerAddress.max; i++) {
      expect((await login(`ghost${i}@example.com`, 'whatever', ip)).status).toBe(401);
    }
    const blocked = await change(user.token, fresh(user.password, 'fresh password 1'), ip);
    expect(blocked.status).toBe(429);
  });

  it('refuses new passwords that do not match, with a field error and both messages', async () => {
    const user = await createUser(api.db, api.deps);
    const { status, json } = await change(user.token, {
      current_password: user.password,
      new_password: 'fresh password 1',
      confirm_new_password: 'fresh password 2',
    });
    expect(status).toBe(400);
    expect(json).toEqual({
      status: false,
      code: 'invalid_input',
      message: 'Passwords do not match',
      message_es: 'Las contraseñas no coinciden',
      errors: [
        {
          path: 'confirm_new_password',
          code: 'passwords_differ',
          message: 'Passwords do not match.',
        },
      ],
    });
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('requires a token, and answers bad input with 400 field errors', async () => {
    expect((await change(undefined, fresh('whatever', 'fresh password 1'))).status).toBe(401);
    const user = await createUser(api.db, api.deps);
    const cases: [unknown, string, string][] = [
      [{}, 'current_password', 'required'],
      [
        { new_password: 'fresh password 1', confirm_new_password: 'fresh password 1' },
        'current_password',
        'required',
      ],
      [fresh(user.password, 'short'), 'new_password', 'too_short'],
      [fresh(user.password, 'x'.repeat(129)), 'new_password', 'too_long'],
      [{ ...fresh(user.password, 'x'), new_password: ['a'] }, 'new_password', 'invalid_type'],
    ];
    for (const [body, path, code] of cases) {
      const { status, json } = await change(user.token, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.errors).toContainEqual(expect.objectContaining({ path, code }));
    }
    const short = await change(user.token, fresh(user.password, 'short'));
    expect(short.json.errors).toContainEqual({
      path: 'new_password',
      code: 'too_short',
      params: { min: 8 },
      message: 'Use at least 8 characters.',
    });
    // Bad input is not a guess: nothing was counted, the right password still works.
    expect((await change(user.token, fresh(user.password, 'fresh password 9'))).status).toBe(200);
  });
});
