import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import type { TAppEnv, TDeps } from './context';
import { notFound, onError } from './http/error-handler';
import { assertCleanAddress } from './lib/validate';
import { contextMiddleware } from './middleware/context';
import { requestLog } from './middleware/request-log';
import { accountRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';
import { companyRoutes } from './routes/companies';
import { companyPageRoutes } from './routes/company-page';
import { conversationRoutes } from './routes/conversations';
import { emailRoutes } from './routes/email';
import { inviteRoutes } from './routes/invites';
import { favoriteRoutes } from './routes/favorites';
import { marketplaceRoutes } from './routes/marketplace';
import { workbenchRoutes } from './routes/workbench';
import { notificationRoutes } from './routes/notifications';
import { openApiRoutes } from './routes/openapi';
import { profileEntryRoutes } from './routes/profile-entries';
import { profileInfoRoutes } from './routes/profile-info';
import { profileTagRoutes } from './routes/profile-tags';
import { proofRoutes } from './routes/proofs';
import { referenceRoutes } from './routes/reference';
import { reviewRoutes } from './routes/reviews';
import { savedSearchRoutes } from './routes/saved-searches';
import { trustRoutes } from './routes/trust';
import { uploadRoutes } from './routes/uploads';
import { userRoutes } from './routes/users';
import { workbenchBulkRoutes } from './routes/workbench-bulk';
import { checkHealth } from './services/health';

/**
 * The whole HTTP API under /api. Routes validate with the shared schemas, call one service verb
 * with the request's context and answer the envelope; errors leave through one mapper.
 */
export function createApp(deps: TDeps) {
  const app = new Hono<TAppEnv>().basePath('/api');

  app.use(requestId());
  app.use(requestLog);
  app.use(async (c, next) => {
    c.header('Cache-Control', 'no-store');
    assertCleanAddress(c.req.path, c.req.queries());
    await next();
  });

  // The bench's baseline (`npm run bench`): the whole HTTP path, no database and no work.
  app.get('/ping', (c) => c.json({ status: true }));

  // Health answers even when the database is down, so it comes before the context (which opens it).
  app.get('/health', async (c) => {
    const health = await checkHealth(deps.getDb);
    return c.json({ status: health.database, data: health }, health.database ? 200 : 503);
  });

  // The described API and its reference (docs/api.md "OpenAPI"): static, no database either.
  app.route('/', openApiRoutes);

  app.use(contextMiddleware(deps));
  // Body caps live where bodies are read: jsonBody() for JSON, the upload routes for files.

  app.route('/', referenceRoutes);
  app.route('/', profileEntryRoutes);
  app.route('/', profileTagRoutes);
  app.route('/', profileInfoRoutes);
  app.route('/', uploadRoutes);
  app.route('/', userRoutes);
  app.route('/', marketplaceRoutes);
  app.route('/', workbenchRoutes);
  app.route('/', notificationRoutes);
  app.route('/', emailRoutes);
  app.route('/', proofRoutes);
  app.route('/', companyRoutes);
  app.route('/', companyPageRoutes);
  app.route('/', workbenchBulkRoutes);
  app.route('/', conversationRoutes);
  app.route('/', inviteRoutes);
  app.route('/', favoriteRoutes);
  app.route('/', savedSearchRoutes);
  app.route('/', reviewRoutes);
  app.route('/', adminRoutes);
  app.route('/', trustRoutes);
  app.route('/', accountRoutes);

  app.notFound(notFound);
  app.onError(onError);
  return app;
}

export type TApp = ReturnType<typeof createApp>;
