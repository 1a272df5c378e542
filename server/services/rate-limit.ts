import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '@/db/client';
import { rateLimits } from '@/db/schema';
import { AppError } from '@/server/errors';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every limit of the API (QUALITY.md "Security baseline"): `max` requests per fixed window of
 * `windowSeconds`, counted per key (an IP, or an account's e-mail). The request after the
 * `max`-th in a window is refused with 429 and `Retry-After`.
 */
export const RATE_LIMITS = {
  /** Failed logins only: a successful login gives its attempt back (see `refund`). */
  loginPerAccount: { max: 10, windowSeconds: 15 * MINUTE },
  loginPerIp: { max: 30, windowSeconds: 15 * MINUTE },
  registerPerIp: { max: 10, windowSeconds: HOUR },
  recoveryEmailPerAccount: { max: 5, windowSeconds: HOUR },
  recoveryEmailPerIp: { max: 20, windowSeconds: HOUR },
  recoveryCodePerIp: { max: 10, windowSeconds: 15 * MINUTE },
  recoveryCodePerAccount: { max: 5, windowSeconds: 15 * MINUTE },
  /** The e-mail check tells whether an account exists (seed §7), so it is kept slow to scan. */
  checkEmailPerIp: { max: 60, windowSeconds: 15 * MINUTE },
  uploadPerIp: { max: 30, windowSeconds: 15 * MINUTE },
} as const;

export type TRateLimitName = keyof typeof RATE_LIMITS;

/**
 * The key stored for a limit. The subject (an e-mail or an IP, which a client may make as long
 * as it likes) is hashed: the table stays small and holds no e-mail addresses.
 */
function rowKey(name: TRateLimitName, subject: string): string {
  const digest = createHash('sha256').update(subject.toLowerCase()).digest('base64url');
  return `${name}:${digest}`;
}

/**
 * Counts one request against `name` for `subject` and throws `rate_limited` once the window's
 * count passes the limit. One atomic upsert, so concurrent requests (and several instances of
 * the server) cannot slip past it; an expired window starts again at 1.
 */
export async function hitRateLimit(
  db: Db,
  name: TRateLimitName,
  subject: string,
  now: Date,
  texts: { message?: string; messageEs?: string } = {},
): Promise<void> {
  const { max, windowSeconds } = RATE_LIMITS[name];
  const at = now.toISOString();
  const fresh = new Date(now.getTime() + windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: rowKey(name, subject), count: 1, resetAt: fresh })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= ${at}::timestamptz THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${at}::timestamptz THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  if (row && row.count > max) {
    const seconds = Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
    throw new AppError('rate_limited', { ...texts, headers: { 'Retry-After': String(seconds) } });
  }
}

/** Gives back one counted request (a login that succeeded should not lock its owner out). */
export async function refundRateLimit(
  db: Db,
  name: TRateLimitName,
  subject: string,
): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`GREATEST(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${rowKey(name, subject)}`);
}

/**
 * The client's address: the first entry of `X-Forwarded-For`, else `X-Real-IP`, else 'unknown'.
 * These headers are only trustworthy when the server sits behind a proxy that sets them (as
 * production must): without one, a client can name any address and so dodge the per-IP limits
 * (the per-account limits still hold), and all direct clients share the 'unknown' bucket.
 */
export function clientIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  const real = c.req.header('x-real-ip')?.trim();
  return real || 'unknown';
}
