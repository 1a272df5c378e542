import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, users } from '@/db/schema';
import { RECOVERY_CODE } from '@/server/services/users/recovery';
import { RATE_LIMITS } from '@/server/services/rate-limit';
import { createTestApi } from '../helpers/api';
import { createUser } from '../helpers/users';

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

let seq = 0;
const nextIp = () => {
  seq += 1;
  return `10.7.${Math.floor(seq / 250)}.${seq % 250}`;
};
const askCode = (email: string, ip = nextIp()) =>
  api.call('POST', '/users/recovery/email', { body: { email, lang: 'en' }, ip });
const reset = (body: Record<string, unknown>, ip = nextIp()) =>
  api.call('POST', '/users/recovery/password', { body, ip });

/** The code of the newest mail to `email`, as the mail shows it (groups of four). */
function shownCode(email: string): string {
  const mail = api.outbox.filter((m) => m.to === email).at(-1)!;
  return /^(\d{4} \d{4} \d{4})$/m.exec(mail.text)![1]!;
}

describe('recovery codes cannot be guessed', () => {
  it('mails a 12-digit code (10^12 possibilities) in groups of four, with a link that fills it in', async () => {
    expect(RECOVERY_CODE.digits).toBe(12);
    expect(10 ** RECOVERY_CODE.digits).toBeGreaterThanOrEqual(1e12);
    const user = await createUser(api.db, api.deps);
    expect((await askCode(user.email)).status).toBe(200);
    const shown = shownCode(user.email);
    expect(shown).toMatch(/^\d{4} \d{4} \d{4}$/);
    const mail = api.outbox.at(-1)!;
    const digits = shown.replace(/ /g, '');
    // In the fragment: never sent to a server, never in a Referer.
    expect(mail.text).toContain(
      `http://app.test/auth/recovery#email=${encodeURIComponent(user.email)}&code=${digits}`,
    );
    expect(mail.html).toContain('/auth/recovery#email=');
  });

  it('still takes the seed’s code-only call, with the code typed plainly, in groups or with hyphens', async () => {
    for (const typed of [
      (c: string) => c.replace(/ /g, ''),
      (c: string) => c,
      (c: string) => c.replace(/ /g, '-'),
    ]) {
      const user = await createUser(api.db, api.deps);
      await askCode(user.email);
      const { status, json } = await reset({
        code: typed(shownCode(user.email)),
        password: 'recovered password',
      });
      expect(status).toBe(200);
      expect(json).toMatchObject({ status: true, message: 'Password changed!' });
    }
  });

  it('voids a code after 5 wrong tries when the e-mail is sent with it', async () => {
    const user = await createUser(api.db, api.deps);
    await askCode(user.email);
    const right = shownCode(user.email);
    const wrong = right.startsWith('0') ? '1111 1111 1111' : '0000 0000 0000';
    for (let i = 0; i < RECOVERY_CODE.maxAttempts; i++) {
      expect(
        (await reset({ code: wrong, email: user.email, password: 'new password!' })).status,
      ).toBe(400);
    }
    const late = await reset({ code: right, email: user.email, password: 'new password!' });
    expect(late.status).toBe(400);
    expect(late.json).toMatchObject({ message: 'Recovery code incorrect' });
  });

  it('lets exactly one of two simultaneous resets with one code through', async () => {
    const user = await createUser(api.db, api.deps);
    await askCode(user.email);
    const code = shownCode(user.email);
    // From two addresses, so that nothing queues them: they race all the way to the database.
    const answers = await Promise.all([
      reset({ code, password: 'first racer pass' }, '10.8.0.1'),
      reset({ code, password: 'second racer pass' }, '10.8.0.2'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    // One password was set, and the version rose once.
    expect(row!.tokenVersion).toBe(1);
  });
});

// The guards, proven by guessing among every code there is: with 3-digit codes (a test-only
// setting, TDeps.recoveryCodeDigits; production codes have 12 digits, checked above) a guesser
// can try them all, so only the limits can stand between it and the pending codes.
describe('a guesser who can try every possible code', () => {
  const DIGITS = 3;
  let small: Awaited<ReturnType<typeof createTestApi>>;
  beforeAll(async () => {
    small = await createTestApi({ recoveryCodeDigits: DIGITS });
  });
  afterAll(async () => small.close());

  const everyCode = Array.from({ length: 10 ** DIGITS }, (_, i) => String(i).padStart(DIGITS, '0'));
  /** The code in the newest mail to `email` (its link carries it). */
  const mailedCode = (email: string) => {
    const mail = small.outbox.filter((m) => m.to === email).at(-1)!;
    return /[#&]code=(\d+)/.exec(mail.text)![1]!;
  };
  /** New accounts with a pending code each, and those codes. */
  async function pendingCodes(n: number) {
    const owners = [];
    for (let i = 0; i < n; i++) {
      const user = await createUser(small.db, small.deps);
      const asked = await small.call('POST', '/users/recovery/email', {
        body: { email: user.email, lang: 'en' },
        ip: nextIp(),
      });
      expect(asked.status).toBe(200);
      owners.push({ user, code: mailedCode(user.email) });
    }
    expect(owners.every((o) => o.code.length === DIGITS)).toBe(true);
    return owners;
  }
  const passwordHashes = async () =>
    (await small.db.select({ hash: users.passwordHash }).from(users)).map((u) => u.hash);

  it('at one address gets its first 10 wrong answers, then only refusals: none of the pending codes, tried after those, opens an account', async () => {
    const owners = await pendingCodes(5);
    const real = new Set(owners.map((o) => o.code));
    // Every code, the pending ones last: they come when only the limit can stop them.
    const guesses = [...everyCode.filter((c) => !real.has(c)), ...real];
    expect(guesses).toHaveLength(10 ** DIGITS);
    const hashes = await passwordHashes();

    const statuses: number[] = [];
    for (const code of guesses) {
      const { status } = await small.call('POST', '/users/recovery/password', {
        body: { code, password: 'taken over!' },
        ip: '10.9.0.1',
      });
      statuses.push(status);
    }
    const { max } = RATE_LIMITS.recoveryCodeFailuresPerAddress;
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(400));
    expect(statuses.slice(max)).toEqual(Array(guesses.length - max).fill(429));
    expect(await passwordHashes()).toEqual(hashes);
    // The owners' codes still work for them.
    const { status } = await small.call('POST', '/users/recovery/password', {
      body: { code: owners[0]!.code, password: 'recovered by the owner' },
      ip: '10.9.0.2',
    });
    expect(status).toBe(200);
  }, 120_000);

  it('naming the account from a new address each time voids its code after 5 wrong tries: the right code, tried last, no longer works', async () => {
    const [owner] = await pendingCodes(1);
    const guesses = [...everyCode.filter((c) => c !== owner!.code), owner!.code];
    const hashes = await passwordHashes();

    const statuses: number[] = [];
    for (const code of guesses) {
      const { status } = await small.call('POST', '/users/recovery/password', {
        body: { code, email: owner!.user.email, password: 'taken over!' },
        ip: nextIp(),
      });
      statuses.push(status);
    }
    expect(statuses).toEqual(Array(guesses.length).fill(400));
    expect(await passwordHashes()).toEqual(hashes);
    const [row] = await small.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, owner!.user.id));
    expect(row).toMatchObject({ attempts: RECOVERY_CODE.maxAttempts, usedAt: null });
    expect(row!.cancelledAt).not.toBeNull();
  }, 120_000);
});
