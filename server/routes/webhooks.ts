import { Hono, type Context } from 'hono';
import { MAX_ID } from '@/lib/schemas/common';
import { createWebhookSchema, webhookDeliveriesQuerySchema } from '@/lib/schemas/webhooks';
import type { TAppEnv } from '@/server/context';
import type { AppError } from '@/server/errors';
import { jsonBody, queryParams } from '@/server/lib/validate';
import { requireAuth } from '@/server/middleware/auth';
import { companyNotFound } from '@/server/services/companies/permissions';
import * as endpoints from '@/server/services/open/webhook-endpoints';

// A company's webhooks (docs/api.md "Webhooks"): its owners and admins add, list and delete
// endpoints and read their delivery logs (server/services/open/webhook-endpoints.ts).

/** A path id: digits within the ids' range; anything else is `notFound()`. */
function pathId(c: Context<TAppEnv>, name: string, notFound: () => AppError): number {
  const raw = c.req.param(name) ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > MAX_ID) throw notFound();
  return id;
}

const companyId = (c: Context<TAppEnv>) => pathId(c, 'id', companyNotFound);
const webhookId = (c: Context<TAppEnv>) => pathId(c, 'webhook_id', endpoints.webhookNotFound);

export const webhookRoutes = new Hono<TAppEnv>()
  .post('/companies/:id{[0-9]+}/webhooks', requireAuth, async (c) => {
    const id = companyId(c);
    const body = await jsonBody(c, createWebhookSchema);
    const data = await endpoints.createWebhook(c.var.ctx, { companyId: id, ...body });
    return c.json(
      {
        status: true,
        data,
        message: 'Webhook added. Copy its secret now: it is shown only once.',
        message_es: 'Webhook añadido. Copia su secreto ahora: solo se muestra una vez.',
      },
      201,
    );
  })
  .get('/companies/:id{[0-9]+}/webhooks', requireAuth, async (c) => {
    const data = await endpoints.listWebhooks(c.var.ctx, { companyId: companyId(c) });
    return c.json({ status: true, data });
  })
  .delete('/companies/:id{[0-9]+}/webhooks/:webhook_id', requireAuth, async (c) => {
    const id = companyId(c);
    await endpoints.deleteWebhook(c.var.ctx, { companyId: id, webhookId: webhookId(c) });
    return c.json({
      status: true,
      message: 'Webhook deleted.',
      message_es: 'Webhook eliminado.',
    });
  })
  .get('/companies/:id{[0-9]+}/webhooks/:webhook_id/deliveries', requireAuth, async (c) => {
    const id = companyId(c);
    const hook = webhookId(c);
    const query = queryParams(c, webhookDeliveriesQuerySchema);
    const data = await endpoints.listDeliveries(c.var.ctx, {
      companyId: id,
      webhookId: hook,
      ...query,
    });
    return c.json({ status: true, data });
  });
