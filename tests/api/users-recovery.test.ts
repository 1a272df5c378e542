import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes } from '@/db/schema';
import { smtpMailer } from '@/server/mail/mailer';
import { RATE_LIMITS } from '@/server/services/rate-limit';
import { createTestApi } from '../helpers/api';
import { codeInMail, mailBody, mailSubject, startSmtpPeer } from '../helpers/smtp-peer';
import { createUser } from '../helpers/users';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  api = await createTestApi({ mailer: await smtpMailer(smtp.url, 'TalentChain <no-reply@test>') });
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});

let seq = 0;
const fromIp = () => `10.3.0.${++seq}`;
const minutes = (n: number) => {
  api.clock.now = new Date(api.clock.now.getTime() + n * 60_000);
};
const askCode = (email: string, lang?: 'en' | 'es') =>
  api.call('POST', '/users/recovery/email', { body: { email, lang }, ip: fromIp() });
const reset = (body: Record<string, unknown>, ip = fromIp()) =>
  api.call('POST', '/users/recovery/password', { body, ip });
const login = (email: string, password: string) => api.login(email, password, { ip: fromIp() });
/** A well-formed code that is not `code`. */
const otherThan = (code: string) => (code === '000000000000' ? '000000000001' : '000000000000');

/** Asks for a code and reads it from the mail the SMTP server received. */
async function codeFor(email: string): Promise<string> {
  const before = smtp.received.length;
  const { status } = await askCode(email, 'en');
  expect(status).toBe(200);
  expect(smtp.received.length).toBe(before + 1);
  const code = codeInMail(smtp.received.at(-1)!.raw);
  expect(code).toMatch(/^\d{12}$/);
  return code!;
}

const WRONG_CODE = {
  status: false,
  code: 'invalid_input',
  message: 'Recovery code incorrect',
  message_es: 'Código de recuperación incorrecto',
  errors: [{ path: 'code', code: 'wrong_code', message: 'Recovery code incorrect' }],
};

describe('password recovery by e-mail code', () => {
  it('mails a 12-digit code through SMTP that sets a new password and ends old sessions', async () => {
    const user = await createUser(api.db, api.deps);
    const code = await codeFor(user.email);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual([user.email]);
    expect(mailSubject(mail.raw)).toBe('Your TalentChain recovery code');
    expect(mailBody(mail.raw)).toContain('expires in 15 minutes');
    // Only a keyed hash is stored.
    const rows = await api.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);

    const { status, json } = await reset({ code, password: 'brand new password' });
    expect(status).toBe(200);
    expect(json).toEqual({
      status: true,
      message: 'Password changed!',
      message_es: '¡Contraseña cambiada!',
    });
    expect((await login(user.email, 'brand new password')).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
    const old = await api.call('POST', '/users/password', {
      token: user.token,
      body: { new_password: 'x'.repeat(10), confirm_new_password: 'x'.repeat(10) },
    });
    expect(old.status).toBe(401);
  });

  it('writes the mail in the language asked for, else in the user’s language', async () => {
    const maria = await createUser(api.db, api.deps, { lang: 'es' });
    await askCode(maria.email);
    const raw = smtp.received.at(-1)!.raw;
    expect(mailSubject(raw)).toBe('Tu código de recuperación de TalentChain');
    expect(mailBody(raw)).toContain('vence en 15 minutos');
    expect(codeInMail(raw)).toMatch(/^\d{12}$/);
    await askCode(maria.email, 'en');
    expect(mailSubject(smtp.received.at(-1)!.raw)).toBe('Your TalentChain recovery code');
  });

  it('answers 503 "Failed to send recovery email" when the SMTP server cannot be reached', async () => {
    const offline = await createTestApi({
      mailer: await smtpMailer('smtp://127.0.0.1:9', 'TalentChain <no-reply@test>'),
    });
    const user = await createUser(offline.db, offline.deps);
    const { status, json } = await offline.call('POST', '/users/recovery/email', {
      body: { email: user.email },
    });
    expect(status).toBe(503);
    expect(json).toMatchObject({
      status: false,
      code: 'unavailable',
      message: 'Failed to send recovery email',
    });
    await offline.close();
  });

  it('answers an unknown e-mail with 404 "Email not found" and sends nothing', async () => {
    const before = smtp.received.length;
    const { status, json } = await askCode('nobody@example.com');
    expect(status).toBe(404);
    expect(json).toEqual({
      status: false,
      code: 'not_found',
      message: 'Email not found',
      message_es: 'Correo no encontrado',
    });
    expect(smtp.received.length).toBe(before);
  });

  it('refuses a wrong, an expired and a used code with "Recovery code incorrect"', async () => {
    const user = await createUser(api.db, api.deps);
    const code = await codeFor(user.email);
    for (const bad of [otherThan(code), 'abcdef', '12345', code.slice(0, 6)]) {
      const { status, json } = await reset({ code: bad, password: 'brand new password' });
      expect(status).toBe(400);
      expect(json).toMatchObject(WRONG_CODE);
    }
    expect((await reset({ code, password: 'brand new password' })).status).toBe(200);
    expect((await reset({ code, password: 'third password!' })).json).toMatchObject(WRONG_CODE);

    const expiring = await codeFor(user.email);
    minutes(16);
    expect((await reset({ code: expiring, password: 'third password!' })).json).toMatchObject(
      WRONG_CODE,
    );
    expect((await login(user.email, 'brand new password')).status).toBe(200);
  });

  it('cancels the earlier code when a new one is asked for', async () => {
    const user = await createUser(api.db, api.deps);
    const first = await codeFor(user.email);
    const second = await codeFor(user.email);
    if (first !== second) {
      expect((await reset({ code: first, password: 'brand new password' })).status).toBe(400);
    }
    expect((await reset({ code: second, password: 'brand new password' })).status).toBe(200);
  });

  it('also checks the e-mail when one is given, and cancels the code after 5 wrong tries', async () => {
    const user = await createUser(api.db, api.deps);
    const other = await createUser(api.db, api.deps);
    const code = await codeFor(user.email);
    expect((await reset({ code, email: other.email, password: 'brand new password' })).status).toBe(
      400,
    );
    const wrong = otherThan(code);
    for (let i = 0; i < 4; i++) {
      expect(
        (await reset({ code: wrong, email: user.email, password: 'brand new password' })).status,
      ).toBe(400);
    }
    // The fifth wrong try uses the code up: even the right one no longer works.
    expect(
      (await reset({ code: wrong, email: user.email, password: 'brand new password' })).status,
    ).toBe(400);
    const [row] = await api.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(row).toMatchObject({ attempts: 5, cancelledAt: expect.any(Date) });
    const late = await reset({ code, password: 'brand new password' });
    expect(late.json).toMatchObject(WRONG_CODE);
  });

  it('answers bad input with 400, never 500', async () => {
    const bodies = [
      {},
      { code: 123456, password: 'brand new password' },
      { code: ['1'], password: 'brand new password' },
      { code: '123456', password: 'short' },
      { code: '123456', password: 'x'.repeat(10_000) },
      { code: 'x'.repeat(10_000), password: 'brand new password' },
      { code: '123456', password: 'brand new password', email: 'nope' },
    ];
    for (const body of bodies) {
      const { status, json } = await reset(body);
      expect(status).toBe(400);
      expect(json).toMatchObject({
        status: false,
        code: 'invalid_input',
        message_es: expect.any(String),
      });
    }
    for (const body of [
      {},
      { email: 'x' },
      { email: 'a@b.co', lang: 'de' },
      { email: ['a@b.co'] },
    ]) {
      expect((await api.call('POST', '/users/recovery/email', { body, ip: fromIp() })).status).toBe(
        400,
      );
    }
  });

  it('sends at most 5 codes per hour for one e-mail to one address, refusing the 6th', async () => {
    const user = await createUser(api.db, api.deps);
    const { max } = RATE_LIMITS.recoveryEmailPerAccountAddress;
    expect(max).toBe(5);
    const ask = (email: string, ip: string) =>
      api.call('POST', '/users/recovery/email', { body: { email }, ip });
    for (let i = 0; i < max; i++) expect((await ask(user.email, '192.0.2.5')).status).toBe(200);
    const over = await ask(user.email.toUpperCase(), '192.0.2.5');
    expect(over.status).toBe(429);
    expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner, somewhere else, still gets a code.
    expect((await ask(user.email, '192.0.2.6')).status).toBe(200);
  });

  it('takes at most 20 recovery e-mail requests per hour from one address', async () => {
    const { max } = RATE_LIMITS.recoveryEmailPerAddress;
    expect(max).toBe(20);
    const ip = '192.0.2.20';
    for (let i = 0; i < max; i++) {
      const { status } = await api.call('POST', '/users/recovery/email', {
        body: { email: `x${i}@example.com` },
        ip,
      });
      expect(status).toBe(404);
    }
    const over = await api.call('POST', '/users/recovery/email', {
      body: { email: 'y@example.com' },
      ip,
    });
    expect(over.status).toBe(429);
  });

  it('takes at most 10 wrong codes per 15 minutes from one address', async () => {
    const { max } = RATE_LIMITS.recoveryCodeFailuresPerAddress;
    expect(max).toBe(10);
    const ip = '192.0.2.10';
    for (let i = 0; i < max; i++) {
      const code = String(100000000000 + i);
      expect((await reset({ code, password: 'brand new password' }, ip)).status).toBe(400);
    }
    const over = await reset({ code: '999999999999', password: 'brand new password' }, ip);
    expect(over.status).toBe(429);
    expect(over.res.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
