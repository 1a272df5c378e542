import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { AppError } from './errors';
import { assertCleanQuery } from './lib/validate';
import type { TAppEnv, TDeps } from './context';
import { log, safeErrorFields } from './logger';
import { requestLog } from './middleware/request-log';
import { profileRoutes } from './routes/profile';
import { referenceRoutes } from './routes/reference';
import { uploadRoutes } from './routes/uploads';
import { userRoutes } from './routes/users';
import { checkHealth } from './services/health';

/** The whole HTTP API under /api. Routes validate, call one service verb and answer the envelope. */
export function createApp(deps: TDeps) {
  const app = new Hono<TAppEnv>().basePath('/api');

  app.use(requestId());
  app.use(requestLog);
  app.use(async (c, next) => {
    c.set('deps', deps);
    c.header('Cache-Control', 'no-store');
    assertCleanQuery(c.req.queries());
    await next();
  });

  // Health answers even when the database is down, so it is mounted before the db middleware.
  app.get('/health', async (c) => {
    const health = await checkHealth(deps.getDb);
    return c.json({ status: health.database, data: health }, health.database ? 200 : 503);
  });

  app.use(async (c, next) => {
    c.set('db', await deps.getDb());
    await next();
  });
  // Body caps live where bodies are read: jsonBody() for JSON, the upload routes for files.

  app.route('/', referenceRoutes);
  app.route('/', profileRoutes);
  app.route('/', uploadRoutes);
  app.route('/', userRoutes);

  app.notFound((c) => {
    const err = new AppError('not_found', {
      message: 'There is no such endpoint.',
      messageEs: 'No existe ese recurso.',
    });
    return c.json(err.toBody(), 404);
  });

  app.onError((error, c) => {
    if (error instanceof AppError) {
      for (const [k, v] of Object.entries(error.headers ?? {})) c.header(k, v);
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const err = new AppError(error.status === 401 ? 'unauthorized' : 'invalid_input');
      return c.json(err.toBody(), error.status);
    }
    log('error', 'unhandled error', {
      requestId: c.get('requestId'),
      path: c.req.path,
      ...safeErrorFields(error),
    });
    return c.json(new AppError('internal').toBody(), 500);
  });

  return app;
}

export type TApp = ReturnType<typeof createApp>;
