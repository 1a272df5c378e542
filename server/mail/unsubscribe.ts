import { SignJWT, jwtVerify } from 'jose';
import { EMAIL_KINDS } from '@/db/schema';
import { TOKEN_ISSUER } from '@/server/auth/tokens';

// One-click unsubscribe (RFC 8058; docs/product.md "E-mail that respects people"): every e-mail
// of a kind the user chooses about carries a signed link naming the user and the kind. A POST of
// the link turns that kind off; opening it only shows a page with a button.

export type TEmailKind = (typeof EMAIL_KINDS)[number];

/** The audience of unsubscribe tokens: never accepted as a session, nor a session as one. */
const AUDIENCE = 'talentchain-unsubscribe';
const MAX_USER_ID = 2_147_483_647;

/** A token naming `userId` and `kind`; it does not expire (an old e-mail's link keeps working). */
export function signUnsubscribeToken(userId: number, kind: TEmailKind, secret: Uint8Array) {
  return new SignJWT({ kind })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(AUDIENCE)
    .sign(secret);
}

/** The user and kind a token names, or null for anything not signed by us for this use. */
export async function verifyUnsubscribeToken(
  token: string,
  secret: Uint8Array,
): Promise<{ userId: number; kind: TEmailKind } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub'],
    });
    const userId = Number(payload.sub);
    const kind = payload.kind;
    if (!Number.isInteger(userId) || userId <= 0 || userId > MAX_USER_ID) return null;
    if (!(EMAIL_KINDS as readonly unknown[]).includes(kind)) return null;
    return { userId, kind: kind as TEmailKind };
  } catch {
    return null;
  }
}

/** The link of an e-mail's one-click unsubscribe (the API call; a GET of it shows the page). */
export async function unsubscribeUrl(
  appUrl: string,
  userId: number,
  kind: TEmailKind,
  secret: Uint8Array,
) {
  const token = await signUnsubscribeToken(userId, kind, secret);
  return `${appUrl.replace(/\/$/, '')}/api/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The headers RFC 8058 asks of an e-mail a user can unsubscribe from in one click. */
export async function listUnsubscribeHeaders(
  appUrl: string,
  userId: number,
  kind: TEmailKind,
  secret: Uint8Array,
): Promise<Record<string, string>> {
  return {
    'List-Unsubscribe': `<${await unsubscribeUrl(appUrl, userId, kind, secret)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
