import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword } from '@/server/auth/password';
import { signAccessToken } from '@/server/auth/tokens';
import type { TDeps } from '@/server/context';
import { AppError } from '@/server/errors';
import type { TChangePasswordInput } from './user-schemas';

/**
 * `POST /users/password` for the signed-in user. The token version goes up, so every token
 * issued before (a stolen one included) stops working; the caller gets a new token so that the
 * session in which the password was changed goes on.
 */
export async function changePassword({
  db,
  deps,
  userId,
  input,
}: {
  db: Db;
  deps: TDeps;
  userId: number;
  input: TChangePasswordInput;
}): Promise<{ accessToken: string }> {
  if (input.new_password !== input.confirm_new_password) {
    throw new AppError('invalid_input', {
      message: 'Passwords do not match',
      messageEs: 'Las contraseñas no coinciden',
      errors: [{ path: 'confirm_new_password', message: 'Passwords do not match' }],
    });
  }
  const passwordHash = await hashPassword(input.new_password);
  const now = deps.now();
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  if (!row) throw new AppError('unauthorized');
  const accessToken = await signAccessToken(
    { userId: row.id, version: row.tokenVersion },
    deps.jwtSecret,
    now,
  );
  return { accessToken };
}
