import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { recoveryCodes, users } from '@/db/schema';
import type { Db } from '@/db/types';
import { langOf } from '@/lib/i18n/lang';
import {
  normalizeRecoveryCode,
  RECOVERY_CODE_DIGITS,
  type TRecoveryEmailInput,
  type TRecoveryPasswordInput,
} from '@/lib/schemas/users';
import { hashPassword } from '@/server/auth/password';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { log } from '@/server/logger';
import { recoveryCodeMail, type TLang } from '@/server/mail/templates';
import {
  enqueueAccountMail,
  sendAccountMailNow,
} from '@/server/services/notifications/mail-outbox';
import { accountAt, takeRateLimit, withFailureLimits } from '@/server/services/rate-limit';
import { findUserByEmail } from './user-session';

/**
 * docs/security.md "Password recovery": 12 digits from a CSPRNG (10^12 codes, so that guesses
 * sent without an e-mail, which are tried against every pending code at once, find none), valid
 * 15 minutes, single use, and at most 5 wrong tries when the e-mail is given.
 */
export const RECOVERY_CODE = {
  digits: RECOVERY_CODE_DIGITS,
  ttlMinutes: 15,
  maxAttempts: 5,
} as const;

/**
 * The stored form of a code: HMAC-SHA256 keyed with the server's secret. Deterministic, because
 * the seed's call sends only the code (no e-mail), so the code itself must find its row; keyed,
 * so that a copy of the table does not give the codes away. The prefix keeps these MACs apart
 * from the access tokens' signatures made with the same secret.
 */
export function recoveryCodeHash(code: string, secret: Uint8Array): string {
  return createHmac('sha256', secret).update(`recovery-code:${code}`).digest('hex');
}

/** The digits of a code: 12, unless a test configured fewer (TDeps.recoveryCodeDigits). */
const digitsOf = (deps: TCtx['deps']) => deps.recoveryCodeDigits ?? RECOVERY_CODE.digits;

const active = (now: Date) =>
  and(
    isNull(recoveryCodes.usedAt),
    isNull(recoveryCodes.cancelledAt),
    gt(recoveryCodes.expiresAt, now),
  );

const wrongCode = () =>
  AppError.invalidField('code', 'wrong_code', {
    message: 'Recovery code incorrect',
    messageEs: 'Código de recuperación incorrecto',
  });

/**
 * `POST /users/recovery/email`: replaces the user's earlier codes with a new one and mails it in
 * `lang` (else the user's language). The code is never logged nor stored in clear.
 */
export async function requestRecoveryCode(ctx: TCtx, input: TRecoveryEmailInput): Promise<void> {
  const { db, deps, ip, now } = ctx;
  await takeRateLimit(ctx, { name: 'recoveryEmailPerAddress', subject: ip });
  await takeRateLimit(ctx, {
    name: 'recoveryEmailPerAccountAddress',
    subject: accountAt(input.email, ip),
  });
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    throw new AppError('not_found', {
      message: 'Email not found',
      messageEs: 'Correo no encontrado',
    });
  }
  const lang: TLang = input.lang ?? langOf(user.lang);
  // The e-mail is written to the outbox with the code (docs/architecture.md "E-mail outbox and
  // job queue") and sent at once; its text is erased from the outbox once sent.
  const mailKey = await db.transaction(async (tx) => {
    await tx
      .update(recoveryCodes)
      .set({ cancelledAt: now })
      .where(
        and(
          eq(recoveryCodes.userId, user.id),
          isNull(recoveryCodes.usedAt),
          isNull(recoveryCodes.cancelledAt),
        ),
      );
    // Active codes must differ from each other, since a code alone identifies its account.
    const digits = digitsOf(deps);
    for (let i = 0; i < 20; i++) {
      const candidate = String(randomInt(0, 10 ** digits)).padStart(digits, '0');
      const codeHash = recoveryCodeHash(candidate, deps.jwtSecret);
      const [clash] = await tx
        .select({ id: recoveryCodes.id })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.codeHash, codeHash), active(now)))
        .limit(1);
      if (clash) continue;
      const expiresAt = new Date(now.getTime() + RECOVERY_CODE.ttlMinutes * 60_000);
      await tx
        .insert(recoveryCodes)
        .values({ userId: user.id, codeHash, expiresAt, createdAt: now });
      return enqueueAccountMail(tx, ctx, {
        userId: user.id,
        type: 'recovery_code',
        mail: recoveryCodeMail(lang, user.email, candidate, deps.appUrl),
      });
    }
    throw new Error('no free recovery code after 20 draws');
  });
  if (!(await sendAccountMailNow(ctx, mailKey))) {
    // The outbox logged the error's class; the code itself is never logged.
    log('error', 'recovery mail not sent', { userId: user.id });
    throw new AppError('unavailable', {
      message: 'Failed to send recovery email',
      messageEs: 'No se pudo enviar el correo de recuperación',
    });
  }
}

/**
 * The active code the request names. With an e-mail: that account's code, and a wrong guess
 * uses up one of its tries (the last one cancels it). Without: the only active code with this
 * hash (were two accounts ever to share one, neither is changed).
 */
async function findCode({ db, deps, now }: TCtx, input: TRecoveryPasswordInput) {
  const code = normalizeRecoveryCode(input.code);
  const wellFormed = new RegExp(`^\\d{${digitsOf(deps)}}$`).test(code);
  const codeHash = recoveryCodeHash(code, deps.jwtSecret);
  if (!input.email) {
    if (!wellFormed) return undefined;
    const rows = await db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.codeHash, codeHash), active(now)))
      .limit(2);
    return rows.length === 1 ? rows[0] : undefined;
  }
  const user = await findUserByEmail(db, input.email);
  if (!user) return undefined;
  const [row] = await db
    .select()
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), active(now)))
    .orderBy(desc(recoveryCodes.id))
    .limit(1);
  if (!row) return undefined;
  if (wellFormed && timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(codeHash))) return row;
  await db
    .update(recoveryCodes)
    .set({
      attempts: sql`${recoveryCodes.attempts} + 1`,
      cancelledAt: sql`CASE WHEN ${recoveryCodes.attempts} + 1 >= ${RECOVERY_CODE.maxAttempts} THEN ${now.toISOString()}::timestamptz ELSE NULL END`,
    })
    .where(eq(recoveryCodes.id, row.id));
  return undefined;
}

/**
 * `POST /users/recovery/password`: a valid code sets the new password, is used up, and raises
 * the token version so every session opened before the recovery ends.
 */
export async function resetPasswordWithCode(
  ctx: TCtx,
  input: TRecoveryPasswordInput,
): Promise<void> {
  const { db, now } = ctx;
  // Wrong codes are limited per address; with an e-mail, each code also dies after 5 wrong tries.
  const row = await withFailureLimits(
    ctx,
    [{ name: 'recoveryCodeFailuresPerAddress', subject: ctx.ip }],
    async () => (await findCode(ctx, input)) ?? Promise.reject(wrongCode()),
    (err) => err instanceof AppError && err.code === 'invalid_input',
  );
  const passwordHash = await hashPassword(input.password);
  const changed = await db.transaction(async (tx) => {
    // The guard in the WHERE makes the code single-use even against two requests at once.
    const [used] = await tx
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.id, row.id), active(now)))
      .returning({ id: recoveryCodes.id });
    if (!used) return false;
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, row.userId));
    return true;
  });
  if (!changed) throw wrongCode();
}

/** Deletes codes that can no longer be used: spent, replaced, voided or expired. */
export async function purgeSpentRecoveryCodes(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(recoveryCodes)
    .where(
      or(
        isNotNull(recoveryCodes.usedAt),
        isNotNull(recoveryCodes.cancelledAt),
        lte(recoveryCodes.expiresAt, now),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return gone.length;
}
