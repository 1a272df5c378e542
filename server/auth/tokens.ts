import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_ISSUER = 'talentchain';
export const TOKEN_AUDIENCE = 'talentchain-web';
export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export type TTokenClaims = { userId: number; version: number };

/** User ids are PostgreSQL `integer`s: a larger `sub` names no user (and must not reach SQL). */
const MAX_USER_ID = 2_147_483_647;

const hmacKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();

/**
 * The secret as a WebCrypto HMAC key, imported once: given the bytes, jose imports them again
 * for every token it signs or checks, a third of a check's time.
 */
function hmacKey(secret: Uint8Array) {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    hmacKeys.set(secret, key);
  }
  return key;
}

/** An access token: HS256, `exp`, `iss`, `aud`, and the user's token version (`ver`). */
export async function signAccessToken(
  claims: TTokenClaims,
  secret: Uint8Array,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ver: claims.version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .sign(await hmacKey(secret));
}

/** The token's claims, or null for anything not signed by us, expired, or malformed. */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  now: Date,
): Promise<TTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      currentDate: now,
      requiredClaims: ['exp', 'sub'],
    });
    const userId = Number(payload.sub);
    const version = payload.ver;
    if (!Number.isInteger(userId) || userId <= 0 || userId > MAX_USER_ID) return null;
    if (typeof version !== 'number' || !Number.isSafeInteger(version)) return null;
    return { userId, version };
  } catch {
    return null;
  }
}
