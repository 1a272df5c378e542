import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { signEmailToken } from '@/server/services/account/email-token';
import { createTestApi, type TJson } from '../helpers/api';
import { createUser } from '../helpers/users';

// docs/api.md "One's own account": the address confirmed by its link, and changed by a link to
// the new address, with the old one told.

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());
beforeEach(async () => {
  await api.resetRateLimits();
});

let seq = 0;
const fromIp = () => `10.29.4.${++seq}`;
const uniqueEmail = (tag: string) => `${tag}-${++seq}-${Date.now()}@example.com`;

/** The token of the newest e-mail to `to` that carries a confirmation link. */
function linkTokenTo(to: string) {
  const mail = [...api.outbox].reverse().find((m) => m.to === to && /confirm-email/.test(m.text));
  expect(mail, `a link to ${to}`).toBeDefined();
  const url = mail!.text.split('\n').find((l) => l.includes('/account/confirm-email?token='))!;
  return decodeURIComponent(new URL(url).searchParams.get('token')!);
}
const mailsTo = (to: string) => api.outbox.filter((m) => m.to === to);
const confirm = (token: string) =>
  api.call('POST', '/me/email/confirm', { body: { token }, ip: fromIp() });
const me = async (token: string) =>
  (await api.call('GET', `/users/id/${(await idOf(token))!}`, { token })).json.data as TJson;
const tokens = new Map<string, number>();
const idOf = async (token: string) => tokens.get(token);
const register = async (email: string, lang: 'en' | 'es' = 'en') => {
  const r = await api.call('POST', '/users/register', {
    body: {
      email,
      name: 'Ana',
      last_name: 'Quispe',
      password: 'correct horse battery',
      lang,
      is_talent: true,
    },
    ip: fromIp(),
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  const token = r.json.access_token as string;
  tokens.set(token, (r.json.data as { id: number }).id);
  return { token, id: (r.json.data as { id: number }).id };
};

describe('confirming the address', () => {
  it('registration sends a link in the user’s language; opening it confirms the address', async () => {
    const email = uniqueEmail('reg');
    const { token, id } = await register(email, 'es');
    expect((await me(token)).email_verified).toBe(false);
    const [mail] = mailsTo(email);
    expect(mail!.subject).toBe('Confirma tu correo en TalentChain');
    expect(mail!.text).toContain('http://app.test/es/account/confirm-email?token=');
    // No session needed: the link alone.
    const r = await confirm(linkTokenTo(email));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({ purpose: 'confirm', email });
    expect((await me(token)).email_verified).toBe(true);
    // Others see the badge too.
    const pub = await api.call('GET', `/users/id/${id}`);
    expect((pub.json.data as TJson).email_verified).toBe(true);
    // The same link again answers the same.
    expect((await confirm(linkTokenTo(email))).status).toBe(200);
  });

  it('resends the link to an unconfirmed address, at most 5 an hour; a confirmed one gets none', async () => {
    const email = uniqueEmail('resend');
    const { token } = await register(email);
    const before = mailsTo(email).length;
    for (let i = 0; i < 5; i++) {
      const r = await api.call('POST', '/me/email/verification', {
        token,
        body: { lang: 'en' },
      });
      expect(r.status).toBe(200);
      expect(r.json.data).toEqual({ email_verified: false, sent: true });
    }
    expect(mailsTo(email).length).toBe(before + 5);
    const sixth = await api.call('POST', '/me/email/verification', { token, body: {} });
    expect(sixth.status).toBe(429);
    await confirm(linkTokenTo(email));
    await api.resetRateLimits();
    const done = await api.call('POST', '/me/email/verification', { token, body: {} });
    expect(done.json.data).toEqual({ email_verified: true, sent: false });
    expect(mailsTo(email).length).toBe(before + 5);
    expect((await api.call('POST', '/me/email/verification', { body: {} })).status).toBe(401);
  });

  it('refuses a forged, expired, or other-purpose token', async () => {
    const user = await createUser(api.db, api.deps);
    const other = new Uint8Array(32).fill(7);
    const forged = await signEmailToken(
      { purpose: 'confirm', userId: user.id, email: user.email },
      other,
      api.clock.now,
    );
    for (const token of [forged, user.token, 'not-a-token']) {
      const r = await confirm(token);
      expect(r.status).toBe(409);
      expect(r.json.code).toBe('expired');
    }
    const old = await signEmailToken(
      { purpose: 'confirm', userId: user.id, email: user.email },
      api.deps.jwtSecret,
      new Date(api.clock.now.getTime() - 8 * 24 * 3600 * 1000),
    );
    expect((await confirm(old)).status).toBe(409);
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeNull();
  });

  it('a link names its user and address: it confirms no other account, nor a later address', async () => {
    const ana = await createUser(api.db, api.deps);
    const bob = await createUser(api.db, api.deps);
    // A link for Bob's account naming Ana's address does nothing to either.
    const mixed = await signEmailToken(
      { purpose: 'confirm', userId: bob.id, email: ana.email },
      api.deps.jwtSecret,
      api.clock.now,
    );
    expect((await confirm(mixed)).status).toBe(409);
    const rows = await api.db.select().from(users).where(eq(users.id, ana.id));
    expect(rows[0]!.emailVerifiedAt).toBeNull();
  });
});

describe('POST /api/me/email', () => {
  const change = (token: string | undefined, body: unknown) =>
    api.call('POST', '/me/email', { token, body, ip: fromIp() });

  it('changes only once the new address confirms; the old one is told twice', async () => {
    const oldEmail = uniqueEmail('old');
    const { token, id } = await register(oldEmail);
    const newEmail = uniqueEmail('new');
    const r = await change(token, {
      new_email: newEmail,
      current_password: 'correct horse battery',
      lang: 'en',
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({ pending_email: newEmail });
    const told = mailsTo(oldEmail).find((m) => /being changed/.test(m.subject));
    expect(told!.text).toContain(`${newEmail[0]}***@example.com`);
    expect(told!.text).not.toContain(newEmail);
    // Until the link is opened, the old address signs in and the new one does not.
    expect((await api.login(oldEmail, 'correct horse battery', { ip: fromIp() })).status).toBe(200);
    expect((await api.login(newEmail, 'correct horse battery', { ip: fromIp() })).status).toBe(401);

    // The new address's link names the old one only by a hash.
    const claims = linkTokenTo(newEmail).split('.')[1]!;
    expect(Buffer.from(claims, 'base64url').toString()).not.toContain(oldEmail);
    const done = await confirm(linkTokenTo(newEmail));
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json.data).toEqual({ purpose: 'change', email: newEmail });
    expect((await api.login(newEmail, 'correct horse battery', { ip: fromIp() })).status).toBe(200);
    expect((await api.login(oldEmail, 'correct horse battery', { ip: fromIp() })).status).toBe(401);
    expect(mailsTo(oldEmail).some((m) => /was changed/.test(m.subject))).toBe(true);
    // Sessions go on, and the new address is confirmed.
    const self = await api.call('GET', `/users/id/${id}`, { token });
    expect(self.status).toBe(200);
    expect(self.json.data).toMatchObject({ email: newEmail, email_verified: true });
    // The old address's registration link no longer applies.
    expect((await confirm(linkTokenTo(oldEmail))).status).toBe(409);
  });

  it('a change link replayed after a second change is refused', async () => {
    const a = uniqueEmail('a');
    const { token, id } = await register(a);
    const b = uniqueEmail('b');
    await change(token, { new_email: b, current_password: 'correct horse battery' });
    const toB = linkTokenTo(b);
    expect((await confirm(toB)).status).toBe(200);
    const c = uniqueEmail('c');
    await change(token, { new_email: c, current_password: 'correct horse battery' });
    expect((await confirm(linkTokenTo(c))).status).toBe(200);
    // B's link again: the account no longer has A, so nothing happens.
    const replay = await confirm(toB);
    expect(replay.status).toBe(409);
    const [row] = await api.db.select().from(users).where(eq(users.id, id));
    expect(row!.email).toBe(c);
  });

  it('refuses a wrong password (field error) and a taken address (409), changing nothing', async () => {
    const user = await createUser(api.db, api.deps);
    const taken = await createUser(api.db, api.deps);
    const wrong = await change(user.token, {
      new_email: uniqueEmail('x'),
      current_password: 'not my password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({
      code: 'invalid_input',
      errors: [{ path: 'current_password', code: 'wrong_password' }],
    });
    const clash = await change(user.token, {
      new_email: taken.email.toUpperCase(),
      current_password: user.password,
    });
    expect(clash.status).toBe(409);
    expect(clash.json).toEqual({
      status: false,
      code: 'conflict',
      message: 'This e-mail is already registered.',
      message_es: 'Este correo ya está registrado.',
      errors: [
        { path: 'new_email', code: 'email_taken', message: 'This e-mail is already registered.' },
      ],
    });
    const same = await change(user.token, {
      new_email: user.email,
      current_password: user.password,
    });
    expect(same.status).toBe(400);
    expect(same.json.errors).toMatchObject([{ path: 'new_email', code: 'same_email' }]);
    const bad = await change(user.token, { new_email: 'nope', current_password: user.password });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toMatchObject([{ path: 'new_email', code: 'email' }]);
    expect((await change(undefined, { new_email: 'a@b.co', current_password: 'x' })).status).toBe(
      401,
    );
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });

  it('refuses the change when the address was registered after the link left', async () => {
    const user = await createUser(api.db, api.deps);
    const target = uniqueEmail('race');
    await change(user.token, { new_email: target, current_password: user.password });
    const link = linkTokenTo(target);
    await createUser(api.db, api.deps, { email: target });
    const r = await confirm(link);
    expect(r.status).toBe(409);
    expect(r.json.errors).toMatchObject([{ path: 'new_email', code: 'email_taken' }]);
  });

  it('limits change requests to 5 an hour per account', async () => {
    const user = await createUser(api.db, api.deps);
    for (let i = 0; i < 5; i++) {
      const r = await change(user.token, {
        new_email: uniqueEmail('limit'),
        current_password: user.password,
      });
      expect(r.status).toBe(200);
    }
    const r = await change(user.token, {
      new_email: uniqueEmail('limit'),
      current_password: user.password,
    });
    expect(r.status).toBe(429);
  });
});
