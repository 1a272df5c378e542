import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { users } from '@/db/schema';
import { verifyAccessToken } from '@/server/auth/tokens';
import type { TAppEnv, TAuthUser } from '@/server/context';
import { AppError } from '@/server/errors';

async function authenticate(c: Context<TAppEnv>): Promise<TAuthUser | null> {
  const header = c.req.header('Authorization');
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(header.trim());
  if (!match) throw new AppError('unauthorized');
  const deps = c.get('deps');
  const claims = await verifyAccessToken(match[1]!, deps.jwtSecret, deps.now());
  if (!claims) throw new AppError('unauthorized');
  const [row] = await c
    .get('db')
    .select({ id: users.id, isTalent: users.isTalent, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, claims.userId));
  // A password change or recovery raises the version: older tokens stop working.
  if (!row || row.tokenVersion !== claims.version) throw new AppError('unauthorized');
  return { id: row.id, isTalent: row.isTalent };
}

/** Requires a valid bearer token; sets `user`. */
export const requireAuth: MiddlewareHandler<TAppEnv> = async (c, next) => {
  const user = await authenticate(c);
  if (!user) throw new AppError('unauthorized');
  c.set('user', user);
  await next();
};

/** Reads a bearer token when one is sent (a bad one is still a 401); anonymous otherwise. */
export const optionalAuth: MiddlewareHandler<TAppEnv> = async (c, next) => {
  const user = await authenticate(c);
  if (user) c.set('user', user);
  await next();
};

/** The signed-in caller; only after requireAuth. */
export function caller(c: Context<TAppEnv>): TAuthUser {
  const user = c.get('user');
  if (!user) throw new AppError('unauthorized');
  return user;
}
