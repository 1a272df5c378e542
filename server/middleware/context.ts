import type { MiddlewareHandler } from 'hono';
import type { TAppEnv, TDeps } from '@/server/context';
import { clientAddress } from '@/server/http/client-address';

/**
 * Builds the request's service context once (server/context.ts TCtx): the database, the clock's
 * reading, the dependencies and the client's address; the auth middleware fills `user`.
 */
export const contextMiddleware =
  (deps: TDeps): MiddlewareHandler<TAppEnv> =>
  async (c, next) => {
    c.set('ctx', {
      db: await deps.getDb(),
      user: null,
      now: deps.now(),
      deps,
      ip: clientAddress(c, deps.trustProxy),
    });
    await next();
  };
