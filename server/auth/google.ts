import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { TDeps } from '@/server/context';
import { AppError } from '@/server/errors';

/** Google signs ID tokens with either spelling of its issuer. */
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** Who the ID token says the person is; `emailVerified` is true only for an explicit `true`. */
export type TGoogleIdentity = {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
  givenName?: string;
  familyName?: string;
};

// One key set per URL for the life of the process: jose caches the keys and refetches them
// (with a cooldown) when a token names an unknown `kid`, which is how Google rotates keys.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url));
    keySets.set(url, set);
  }
  return set;
}

const rejected = () =>
  new AppError('unauthorized', {
    message: 'The Google sign-in could not be verified.',
    messageEs: 'No se pudo verificar el inicio de sesión con Google.',
  });

const optionalString = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * Verifies a Google ID token: RS256 signature by a key of Google's JWKS, our client id as
 * audience, Google as issuer, not expired by `deps.now()`. Throws `unauthorized` for anything
 * else, and `unavailable` when no client id is configured (no token can be checked then).
 */
export async function verifyGoogleIdToken(
  token: string,
  deps: Pick<TDeps, 'google' | 'now'>,
): Promise<TGoogleIdentity> {
  const { clientId, jwksUrl } = deps.google;
  if (!clientId) {
    throw new AppError('unavailable', {
      message: 'Google sign-in is not configured on this server.',
      messageEs: 'El inicio de sesión con Google no está configurado en este servidor.',
    });
  }
  let payload;
  try {
    ({ payload } = await jwtVerify(token, keySet(jwksUrl), {
      algorithms: ['RS256'],
      audience: clientId,
      issuer: GOOGLE_ISSUERS,
      currentDate: deps.now(),
      requiredClaims: ['exp', 'iat', 'sub'],
    }));
  } catch (err) {
    // Google's key set out of reach (network error, timeout, a non-200 answer: jose's generic
    // error) is our problem, not a bad token: say so with a 503.
    const generic = err instanceof errors.JOSEError && err.code === 'ERR_JOSE_GENERIC';
    if (generic || err instanceof errors.JWKSTimeout || !(err instanceof errors.JOSEError)) {
      throw new AppError('unavailable', {
        message: 'Google sign-in is unavailable right now. Try again later.',
        messageEs: 'El inicio de sesión con Google no está disponible ahora. Inténtalo más tarde.',
      });
    }
    // Forged, expired, for another client or from another issuer: all the same to the caller.
    throw rejected();
  }
  const email = optionalString(payload.email);
  if (!payload.sub || !email) throw rejected();
  return {
    sub: payload.sub,
    email,
    emailVerified: payload.email_verified === true,
    name: optionalString(payload.name),
    givenName: optionalString(payload.given_name),
    familyName: optionalString(payload.family_name),
  };
}
