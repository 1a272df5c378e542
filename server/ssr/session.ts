import type { IncomingMessage } from 'node:http';
import { companyChoiceOf } from '@/lib/company-choice';
import { sessionCookieOf } from '@/lib/session-cookie';
import { COMPANY_COOKIE } from '@/lib/storage-keys';
import { createApp, type TApp } from '@/server/app';
import { verifyAccessToken } from '@/server/auth/tokens';
import type { TDeps } from '@/server/context';
import { ssrDeps } from './context';

// The signed-in side of server renders (docs/performance.md "How pages paint early"): a page
// asked for with the session cookie (lib/session-cookie.ts) reads its data through the API, in
// the same process, as the signed-in browser would. Same routes, same checks (the token's version
// included), same answers.

/** A response of the API as the browser's HTTP client sees it. */
export type TApiAnswer = { status: number; body: unknown; retryAfter: string | null };

/** An API request as the client's services write them (an axios config's parts). */
export type TApiRequest = {
  url?: string;
  method?: string;
  params?: Record<string, unknown>;
  data?: unknown;
};

/** The caller the page renders for, and the API as they would call it. */
export type TPageSession = {
  userId: number;
  call: (request: TApiRequest) => Promise<TApiAnswer>;
};

/** The in-process API, made once for the dependencies it was made with. */
let made: { deps: TDeps; app: TApp } | undefined;

/** `params` as axios writes a query string: arrays repeat the key, absent values are left out. */
function queryString(params: Record<string, unknown> = {}): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null) q.append(key, String(v));
    }
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * The session of a page request: the cookie's token when it is well formed, signed by us and not
 * expired (whether it was revoked, the API's own check says on the first call: a 401). Null for
 * a visitor without one; the page then renders signed out, as before.
 */
export async function pageSession(req: IncomingMessage): Promise<TPageSession | null> {
  const token = sessionCookieOf(req.headers.cookie);
  if (!token) return null;
  const deps = ssrDeps();
  const claims = await verifyAccessToken(token, deps.jwtSecret, deps.now());
  if (!claims) return null;
  if (made?.deps !== deps) made = { deps, app: createApp(deps) };
  const api = made.app;
  // The company the browser's calls name with their cookie (server/http/company-choice.ts): the
  // same answers as the browser's (my postings of the chosen company). No other cookie goes.
  const company = companyChoiceOf(req.headers.cookie);
  const call = async ({ url = '', method = 'GET', params, data }: TApiRequest) => {
    const headers = new Headers({ authorization: `Bearer ${token}`, accept: 'application/json' });
    if (company) headers.set('cookie', `${COMPANY_COOKIE}=${company}`);
    const body = data === undefined ? undefined : JSON.stringify(data);
    if (body) headers.set('content-type', 'application/json');
    const request = new Request(`http://server-render/api${url}${queryString(params)}`, {
      method,
      headers,
      body,
    });
    // The page's own request as the bindings: rate limits key on the real client's address.
    const res = await api.fetch(request, { incoming: req });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, retryAfter: res.headers.get('retry-after') };
  };
  return { userId: claims.userId, call };
}
