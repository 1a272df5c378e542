import type { MiddlewareHandler } from 'hono';
import { CONTROL_CHARS } from '@/lib/schemas/text';
import type { TAppEnv, TCtx } from '@/server/context';
import { log } from '@/server/logger';

/** A refused path's control characters (docs/security.md "Text"), kept out of the log as U+FFFD. */
const CONTROL_CHARS_ALL = new RegExp(CONTROL_CHARS.source, 'g');

/**
 * Paths that carry a secret in a segment: an invitation's link token (docs/security.md
 * "Invitations"). The log keeps the route, not the token.
 */
const SECRET_SEGMENTS = /(\/invitations\/)[^/]+/g;

/** The path as the log shows it: control characters as U+FFFD, secrets as "…". */
export const loggedPath = (path: string) =>
  path.replace(CONTROL_CHARS_ALL, '\ufffd').replace(SECRET_SEGMENTS, '$1…');

/** One structured line per request: method, path (no query: it may carry secrets), status, time. */
export const requestLog: MiddlewareHandler<TAppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  const status = c.res.status;
  // No context when the request ended before it was built (health, a database that is down).
  const user = (c.get('ctx') as TCtx | undefined)?.user;
  log(status >= 500 ? 'error' : 'info', 'request', {
    requestId: c.get('requestId'),
    method: c.req.method,
    path: loggedPath(c.req.path),
    status,
    ms: Math.round(performance.now() - started),
    ...(user ? { userId: user.id } : {}),
  });
};
