import { randomInt } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, users } from '@/db/schema';
import { RECOVERY_CODE } from '@/server/services/users/recovery';
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

  it('finds none of 300 pending codes with 10,000 code-only guesses', async () => {
    const rows = await api.db
      .insert(users)
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          email: `pending${i}@example.com`,
          passwordHash: 'not-a-real-hash',
          isTalent: true,
          name: `Pending ${i}`,
          lastName: 'Code',
          lang: 'en',
        })),
      )
      .returning({ id: users.id, email: users.email });
    for (let i = 0; i < rows.length; i += 20) {
      const ip = nextIp();
      const batch = rows.slice(i, i + 20).map((r) => askCode(r.email, ip));
      for (const { status } of await Promise.all(batch)) expect(status).toBe(200);
    }
    const pending = rows.map((r) => shownCode(r.email).replace(/ /g, ''));
    expect(new Set(pending).size).toBe(300);

    const guesses = new Set<string>();
    while (guesses.size < 10_000) {
      const guess = String(randomInt(0, 10 ** RECOVERY_CODE.digits)).padStart(12, '0');
      if (!pending.includes(guess)) guesses.add(guess);
    }
    const all = [...guesses];
    const statuses = new Map<number, number>();
    // Ten guesses per address (the per-address limit), eight addresses at a time.
    const fromOneAddress = async (codes: string[]) => {
      const ip = nextIp();
      const out: number[] = [];
      for (const code of codes)
        out.push((await reset({ code, password: 'taken over!' }, ip)).status);
      return out;
    };
    for (let i = 0; i < all.length; i += 80) {
      const slots = Array.from({ length: 8 }, (_, j) => all.slice(i + j * 10, i + j * 10 + 10));
      for (const status of (await Promise.all(slots.map(fromOneAddress))).flat()) {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }
    expect(statuses).toEqual(new Map([[400, 10_000]]));
    // Every pending code is still unused, and no password changed.
    const stillPending = await api.db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(isNull(recoveryCodes.usedAt));
    expect(stillPending.length).toBeGreaterThanOrEqual(300);
    const hashes = await api.db.select({ hash: users.passwordHash }).from(users);
    expect(hashes.filter((h) => h.hash === 'not-a-real-hash')).toHaveLength(300);
  }, 120_000);

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
