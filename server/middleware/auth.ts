import { eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { users } from '@/db/schema';
import type { Db } from '@/db/types';
import { scopeOf } from '@/server/auth/scopes';
import { verifyAccessToken } from '@/server/auth/tokens';
import type { TAppEnv, TAuthUser } from '@/server/context';
import { AppError } from '@/server/errors';
import { prepared } from '@/server/lib/sql';
import { assertRole, type TRole } from '@/server/services/access';
import { findLiveToken, isPersonalToken, touchToken } from '@/server/services/open/personal-tokens';
import { takeRateLimit } from '@/server/services/rate-limit';
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
  if (isPersonalToken(match[1]!)) return personalTokenUser(c, match[1]!, now);
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
 * The user of a personal access token (docs/security.md "Personal access tokens"): 401 when the
 * token is unknown, revoked, expired, or its user suspended or deleted (one prepared statement
 * reads the token with the user's row); 403 `insufficient_scope` when the route being matched
 * (this middleware's own route, `/api` included) is not one of the calls the token's scopes
 * cover. Then the token's own rate limit, and `last_used_at` at most once a minute. A token never
 * carries operator rights.
 */
async function personalTokenUser(
  c: Context<TAppEnv>,
  token: string,
  now: Date,
): Promise<TAuthUser> {
  const ctx = c.var.ctx;
  const row = await findLiveToken(ctx.db, token, now);
  if (!row) throw new AppError('unauthorized');
  const scope = scopeOf(c.req.method, routePath(c));
  if (!scope || !row.scopes.includes(scope)) {
    throw new AppError('insufficient_scope', {
      message: scope
        ? `This access token lacks the scope ${scope}.`
        : 'Access tokens cannot make this call: sign in instead.',
      messageEs: scope
        ? `Este token de acceso no tiene el permiso ${scope}.`
        : 'Los tokens de acceso no pueden hacer esta llamada: inicia sesión.',
    });
  }
  await takeRateLimit(ctx, { name: 'requestsPerPersonalToken', subject: `token:${row.tokenId}` });
  await touchToken(ctx.db, row, now);
  return {
    id: row.userId,
    isTalent: row.isTalent,
    profileVersion: row.profileVersion,
    isOperator: false,
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
