import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { personalTokens, users } from '@/db/schema';
import type { Db } from '@/db/types';
import { TOKEN_LIMITS, type TScope, type TTokenExpiryDays } from '@/lib/schemas/tokens';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { prepared } from '@/server/lib/sql';
import { requireUser } from '@/server/services/access';

// Personal access tokens (docs/api.md "Personal access tokens", docs/security.md "Personal access
// tokens"): a person's own tools call the API as them, on the calls the token's scopes cover.
// Only the SHA-256 of the secret is stored; the secret is answered once, when it is made.

/** Every token starts with it, so that the auth middleware (and secret scanners) tell it apart. */
export const TOKEN_PREFIX = 'tc_pat_';
/** Random base62 characters after the prefix: 40 × log2(62) ≈ 238 bits. */
const SECRET_LENGTH = 40;
/** How much of the token lists show: the prefix and the first characters of the secret. */
const SHOWN_LENGTH = TOKEN_PREFIX.length + 6;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DAY_MS = 24 * 3600 * 1000;
/** `last_used_at` is written at most once a minute per token, never on every request. */
export const LAST_USED_EVERY_MS = 60 * 1000;

/** Whether a bearer credential is a personal access token (else it is a session's JWT). */
export const isPersonalToken = (bearer: string) => bearer.startsWith(TOKEN_PREFIX);

/** The stored form of a token: SHA-256, hex (the secret has 238 random bits: no salt is needed). */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new secret: the prefix and 40 uniformly random base62 characters. */
function newSecret(): string {
  let out = TOKEN_PREFIX;
  for (let i = 0; i < SECRET_LENGTH; i++) out += BASE62[randomInt(BASE62.length)];
  return out;
}

type TRow = typeof personalTokens.$inferSelect;

/** A token as lists show it: never its secret nor its hash. */
export const tokenDto = (row: TRow, now: Date) => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes as TScope[],
  prefix: row.prefix,
  expires_at: row.expiresAt.toISOString(),
  expired: row.expiresAt.getTime() <= now.getTime(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

export const tokenNotFound = () =>
  new AppError('not_found', {
    message: 'Access token not found.',
    messageEs: 'Token de acceso no encontrado.',
  });

/** `GET /me/tokens`: the caller's tokens not revoked, newest first; expired ones say so. */
export async function listTokens(ctx: TCtx) {
  const me = requireUser(ctx);
  const rows = await ctx.db
    .select()
    .from(personalTokens)
    .where(and(eq(personalTokens.userId, me.id), isNull(personalTokens.revokedAt)))
    .orderBy(desc(personalTokens.createdAt), desc(personalTokens.id));
  return rows.map((row) => tokenDto(row, ctx.now));
}

/**
 * `POST /me/tokens`: a new token, its secret answered this once. At most 20 live ones (neither
 * revoked nor expired) per user: the 21st is refused (409 `limit`).
 */
export async function createToken(
  ctx: TCtx,
  input: { name: string; scopes: TScope[]; expires_in_days: TTokenExpiryDays },
) {
  const me = requireUser(ctx);
  const token = newSecret();
  const row = await ctx.db.transaction(async (tx) => {
    // One new token of this user at a time, so two at once cannot both be the 20th.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${me.id} for update`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(personalTokens)
      .where(
        and(
          eq(personalTokens.userId, me.id),
          isNull(personalTokens.revokedAt),
          gt(personalTokens.expiresAt, ctx.now),
        ),
      );
    if ((count?.n ?? 0) >= TOKEN_LIMITS.perUser) {
      throw new AppError('limit', {
        message: `You can keep at most ${TOKEN_LIMITS.perUser} access tokens: revoke one first.`,
        messageEs: `Puedes tener como máximo ${TOKEN_LIMITS.perUser} tokens de acceso: revoca uno primero.`,
      });
    }
    const [made] = await tx
      .insert(personalTokens)
      .values({
        userId: me.id,
        name: input.name,
        tokenHash: tokenHash(token),
        prefix: token.slice(0, SHOWN_LENGTH),
        scopes: [...input.scopes],
        expiresAt: new Date(ctx.now.getTime() + input.expires_in_days * DAY_MS),
        createdAt: ctx.now,
      })
      .returning();
    return made!;
  });
  const { expired: _expired, last_used_at: _never, ...dto } = tokenDto(row, ctx.now);
  return { ...dto, token };
}

/** `DELETE /me/tokens/{id}`: revokes the caller's own token; anyone else's is not found. */
export async function revokeToken(ctx: TCtx, input: { id: number }) {
  const me = requireUser(ctx);
  const gone = await ctx.db
    .update(personalTokens)
    .set({ revokedAt: ctx.now })
    .where(
      and(
        eq(personalTokens.id, input.id),
        eq(personalTokens.userId, me.id),
        isNull(personalTokens.revokedAt),
      ),
    )
    .returning({ id: personalTokens.id });
  if (gone.length === 0) throw tokenNotFound();
}

/** A token with its user's row, as every request with a token reads it: prepared, built once. */
const tokenWithUser = (db: Db) =>
  prepared(db, 'personal_token_user', () =>
    db
      .select({
        tokenId: personalTokens.id,
        scopes: personalTokens.scopes,
        expiresAt: personalTokens.expiresAt,
        revokedAt: personalTokens.revokedAt,
        lastUsedAt: personalTokens.lastUsedAt,
        userId: users.id,
        isTalent: users.isTalent,
        profileVersion: users.profileVersion,
        suspendedAt: users.suspendedAt,
        deletedAt: users.deletedAt,
      })
      .from(personalTokens)
      .innerJoin(users, eq(users.id, personalTokens.userId))
      .where(eq(personalTokens.tokenHash, sql.placeholder('hash'))),
  );

/**
 * The token and its user, or null when the token is unknown, revoked, expired, or its user is
 * suspended or deleted: each is a 401 for the middleware (server/middleware/auth.ts).
 */
export async function findLiveToken(db: Db, token: string, now: Date) {
  const [row] = await tokenWithUser(db).execute({ hash: tokenHash(token) });
  if (!row || row.revokedAt) return null;
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  if (row.suspendedAt || row.deletedAt) return null;
  return row;
}

/**
 * Records that a token was used, at most once a minute: nothing is written while the stored
 * `last_used_at` is younger than that, and the guard in the statement keeps two requests of the
 * same minute from both writing.
 */
export async function touchToken(
  db: Db,
  row: { tokenId: number; lastUsedAt: Date | null },
  now: Date,
) {
  const since = new Date(now.getTime() - LAST_USED_EVERY_MS);
  if (row.lastUsedAt && row.lastUsedAt > since) return;
  await db
    .update(personalTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(personalTokens.id, row.tokenId),
        or(isNull(personalTokens.lastUsedAt), lt(personalTokens.lastUsedAt, since)),
      ),
    );
}
