import { eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { users } from '@/db/schema';
import type { changePasswordSchema } from '@/lib/schemas/users';
import { hashPassword } from '@/server/auth/password';
import { signAccessToken } from '@/server/auth/tokens';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { requireUser } from '@/server/services/access';
import { proveCurrentPassword } from '@/server/services/users/current-password';

export type TChangePassword = v.InferOutput<typeof changePasswordSchema>;

const wrongPassword = () =>
  AppError.invalidField('current_password', 'wrong_password', {
    message: 'Failed to change password',
    messageEs: 'Error al cambiar la contraseña',
  });

/**
 * `POST /users/password` for the signed-in user, who proves the current password first. A wrong
 * one counts as a failed login of the account from this address (docs/security.md "Rate
 * limits"), so a stolen token cannot be used to guess it. The token version goes up, so every
 * token issued before (a stolen one included) stops working; the caller gets a new token so that
 * the session in which the password was changed goes on.
 */
export async function changePassword(
  ctx: TCtx,
  input: TChangePassword,
): Promise<{ accessToken: string }> {
  const me = requireUser(ctx);
  const [account] = await ctx.db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, me.id));
  if (!account) throw new AppError('unauthorized');
  await proveCurrentPassword(ctx, account, input.current_password, wrongPassword);
  const passwordHash = await hashPassword(input.new_password);
  const [row] = await ctx.db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: ctx.now })
    .where(eq(users.id, me.id))
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  if (!row) throw new AppError('unauthorized');
  const accessToken = await signAccessToken(
    { userId: row.id, version: row.tokenVersion },
    ctx.deps.jwtSecret,
    ctx.now,
  );
  return { accessToken };
}
