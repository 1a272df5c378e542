import { eq, sql } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { Db } from '@/db/types';
import { signAccessToken } from '@/server/auth/tokens';
import type { TCtx } from '@/server/context';
import { selfUserDto } from './user-dto';

export type TUserRow = typeof users.$inferSelect;

/** The account with this e-mail, whatever its case (served by the unique index on lower(email)). */
export async function findUserByEmail(db: Db, email: string): Promise<TUserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}

export async function findUserByGoogleSub(db: Db, sub: string): Promise<TUserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return row;
}

/**
 * The session answer of register and the logins: a fresh access token carrying the user's
 * current token version, and the whole user object (docs/api.md "The user object").
 */
export async function openSession(ctx: TCtx, user: Pick<TUserRow, 'id' | 'tokenVersion'>) {
  const accessToken = await signAccessToken(
    { userId: user.id, version: user.tokenVersion },
    ctx.deps.jwtSecret,
    ctx.now,
  );
  return { accessToken, user: await selfUserDto(ctx.db, user.id, undefined, ctx.deps.operators) };
}

/**
 * Whether `err` is a unique-constraint violation (SQLSTATE 23505). Drizzle wraps the driver's
 * error, and node-postgres and PGlite both carry `code`, so look at the error and its cause.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
