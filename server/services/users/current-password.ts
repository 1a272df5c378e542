import { dummyHash, verifyPassword } from '@/server/auth/password';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { passwordFailureLimits, withFailureLimits } from '@/server/services/rate-limit';

/**
 * Proves the signed-in caller's current password before a change that needs more than a token:
 * the password itself, the e-mail, deleting the account. A wrong one counts as a failed login of
 * the account from this address (docs/security.md "Rate limits"), so a stolen token cannot be
 * used to guess it; an account without a password (Google only) has none to give and gets the
 * same wrong answer, after the same work. `wrong` is the verb's own field error.
 */
export async function proveCurrentPassword(
  ctx: TCtx,
  account: { email: string; passwordHash: string | null },
  password: string,
  wrong: () => AppError,
): Promise<void> {
  await withFailureLimits(
    ctx,
    passwordFailureLimits(account.email, ctx.ip),
    async () => {
      const matches = await verifyPassword(account.passwordHash ?? (await dummyHash()), password);
      if (!account.passwordHash || !matches) throw wrong();
    },
    (err) => err instanceof AppError && err.code === 'invalid_input',
  );
}
