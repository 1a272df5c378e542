import type { MiddlewareHandler } from 'hono';
import type { TAppEnv, TCtx } from '@/server/context';
import { log } from '@/server/logger';

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
    path: c.req.path,
    status,
    ms: Math.round(performance.now() - started),
    ...(user ? { userId: user.id } : {}),
  });
};
