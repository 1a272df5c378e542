/**
 * The session's copy in a cookie, for the server's render of a signed-in page (docs/security.md
 * "Session cookie"). The token itself lives in local storage (`access_token`), where the HTTP
 * client reads it; this cookie holds the same token so that the server, asked for a signed-in
 * page, can render it with its data (docs/performance.md "How pages paint early").
 *
 * Written by the browser alongside the storage key (store/session-sync.ts), so it is readable by
 * the page's script exactly as the storage key is, and no more. `SameSite=Strict`: no other site
 * makes the browser send it. The API never reads it: only `Authorization: Bearer` authenticates a
 * call, so a cookie riding along a forged request authorises nothing.
 */
export const SESSION_COOKIE = 'tc_session';

/** As long as a token lives (server/auth/tokens.ts TOKEN_TTL_SECONDS); the server checks expiry. */
const MAX_AGE_SECONDS = 7 * 24 * 3600;

/** A JWT's alphabet; anything else in the cookie is not ours. */
const TOKEN = /^[A-Za-z0-9._-]{1,2048}$/;

/** Sets the cookie to `token`, or removes it (null). A no-op outside the browser. */
export function writeSessionCookie(token: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = token && TOKEN.test(token) ? token : '';
  const age = value ? MAX_AGE_SECONDS : 0;
  document.cookie = `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${age}; SameSite=Strict${secure}`;
}

/** The token in a request's `Cookie` header, or null (absent, empty or malformed). */
export function sessionCookieOf(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return TOKEN.test(value) ? value : null;
  }
  return null;
}
