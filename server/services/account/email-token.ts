import { createHash } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_ISSUER } from '@/server/auth/tokens';

// The e-mail links of one's own account (docs/security.md "E-mail links"): a signed token naming
// the user, the address it confirms and its purpose. It is never accepted as a session (its own
// audience), lives 7 days, and applies only while the account's address is still the one it
// names, so it works once by construction: after a change, an older link names a stale address.

const AUDIENCE = 'talentchain-email';
const MAX_USER_ID = 2_147_483_647;
/** How long a link works. */
export const EMAIL_LINK_DAYS = 7;

export type TEmailLink =
  /** Confirms the account's current address. */
  | { purpose: 'confirm'; userId: number; email: string }
  /**
   * Moves the account to `email`, the address the link was sent to, from the address whose
   * addressHash() is `fromHash` (the old address itself never travels in the new one's link).
   */
  | { purpose: 'change'; userId: number; email: string; fromHash: string };

/** SHA-256 of an address as compared (trimmed, lower case), hex. */
export const addressHash = (address: string) =>
  createHash('sha256').update(address.trim().toLowerCase()).digest('hex');

export function signEmailToken(link: TEmailLink, secret: Uint8Array, now: Date) {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    purpose: link.purpose,
    email: link.email,
    ...(link.purpose === 'change' ? { from: link.fromHash } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(link.userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + EMAIL_LINK_DAYS * 24 * 3600)
    .sign(secret);
}

/** What a token names, or null for anything not signed by us for this use, or expired at `now`. */
export async function verifyEmailToken(
  token: string,
  secret: Uint8Array,
  now: Date,
): Promise<TEmailLink | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp'],
      currentDate: now,
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0 || userId > MAX_USER_ID) return null;
    const { purpose, email, from } = payload as Record<string, unknown>;
    if (typeof email !== 'string' || email === '') return null;
    if (purpose === 'confirm') return { purpose, userId, email };
    if (purpose === 'change' && typeof from === 'string' && /^[0-9a-f]{64}$/.test(from)) {
      return { purpose, userId, email, fromHash: from };
    }
    return null;
  } catch {
    return null;
  }
}

/** The page a link opens, in the e-mail's language. */
export function confirmEmailLink(appUrl: string, lang: 'en' | 'es', token: string) {
  const base = appUrl.replace(/\/$/, '');
  return `${base}${lang === 'es' ? '/es' : ''}/account/confirm-email?token=${encodeURIComponent(token)}`;
}

/** An address shown to its old owner without giving it away: `n***@example.com`. */
export function maskEmail(address: string) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address[0]}***${address.slice(at)}`;
}
