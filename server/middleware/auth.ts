import { eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { users } from '@/db/schema';
import type { Db } from '@/db/types';
import { verifyAccessToken } from '@/server/auth/tokens';
import type { TAppEnv, TAuthUser } from '@/server/context';
import { AppError } from '@/server/errors';
import { prepared } from '@/server/lib/sql';
import { assertRole, type TRole } from '@/server/services/access';
import { isOperatorRow, requireOperatorUser } from '@/server/services/trust/operators';

/** The token's user as every authenticated request reads it: prepared, built once. */
const tokenUser = (db: Db) =>
  prepared(db, 'token_user', () =>
    db
      .select({
        id: users.id,
        isTalent: users.isTalent,
        tokenVersion: users.tokenVersion,
        profileVersion: users.profileVersion,
        email: users.email,
        emailVerifiedAt: users.emailVerifiedAt,
        isOperator: users.isOperator,
        suspendedAt: users.suspendedAt,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id'))),
  );

/** The bearer token's user, null without an Authorization header; a bad token is a 401. */
async function authenticate(c: Context<TAppEnv>, now = c.var.ctx.now): Promise<TAuthUser | null> {
  const header = c.req.header('Authorization');
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(header.trim());
  if (!match) throw new AppError('unauthorized');
  const ctx = c.var.ctx;
  const claims = await verifyAccessToken(match[1]!, ctx.deps.jwtSecret, now);
  if (!claims) throw new AppError('unauthorized');
  const [row] = await tokenUser(ctx.db).execute({ id: claims.userId });
  // A password change or recovery raises the version: older tokens stop working. A suspended or
  // deleted account raises it too; its own test is the second lock (docs/security.md).
  if (!row || row.tokenVersion !== claims.version) throw new AppError('unauthorized');
  if (row.suspendedAt || row.deletedAt) throw new AppError('unauthorized');
  return {
    id: row.id,
    isTalent: row.isTalent,
    profileVersion: row.profileVersion,
    isOperator: isOperatorRow(row, ctx.deps.operators),
  };
}

/**
 * Whether the request's token is still good at this moment: not expired, not revoked by a
 * password change. A long-lived answer (the notification stream) asks again as it goes.
 */
export async function stillAuthenticated(c: Context<TAppEnv>): Promise<boolean> {
  try {
    return (await authenticate(c, c.var.ctx.deps.now())) !== null;
  } catch {
    return false;
  }
}

/** Requires a valid bearer token; fills `ctx.user`. */
export const requireAuth: MiddlewareHandler<TAppEnv> = async (c, next) => {
  const user = await authenticate(c);
  if (!user) throw new AppError('unauthorized');
  c.var.ctx.user = user;
  await next();
};

/** Reads a bearer token when one is sent (a bad one is still a 401); anonymous otherwise. */
export const optionalAuth: MiddlewareHandler<TAppEnv> = async (c, next) => {
  c.var.ctx.user = await authenticate(c);
  await next();
};

/**
 * Requires a signed-in talent or business (401 without a valid token, 403 with the other role).
 * Use it alone: it authenticates when requireAuth has not run before it.
 */
export const requireRole =
  (role: TRole): MiddlewareHandler<TAppEnv> =>
  async (c, next) => {
    const ctx = c.var.ctx;
    ctx.user ??= await authenticate(c);
    assertRole(ctx, role);
    await next();
  };

/**
 * The operators' calls (`/api/admin/*`): anyone else gets 404, a missing or bad token included,
 * so the console answers nobody but an operator (docs/api.md "Operators").
 */
export const requireOperator: MiddlewareHandler<TAppEnv> = async (c, next) => {
  const ctx = c.var.ctx;
  try {
    ctx.user ??= await authenticate(c);
  } catch {
    throw new AppError('not_found');
  }
  requireOperatorUser(ctx);
  await next();
};
