import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { listQuery } from '@/lib/schemas/common';
import { idSchema } from '@/lib/schemas/profile';
import type { TAppEnv } from '@/server/context';
import { jsonBody, queryParams } from '@/server/lib/validate';
import { requireAuth, stillAuthenticated } from '@/server/middleware/auth';
import * as notifications from '@/server/services/notifications/notifications';
import { openNotificationStream, STREAM_HEADERS } from '@/server/services/notifications/stream';

// Notifications (docs/api.md "Notifications"): the list, "opened", and the live stream (its loop
// is server/services/notifications/stream.ts).

const notificationsQuery = listQuery(20);

export const notificationRoutes = new Hono<TAppEnv>()
  .get('/notifications', requireAuth, async (c) => {
    const query = queryParams(c, notificationsQuery);
    return c.json({ status: true, data: await notifications.listNotifications(c.var.ctx, query) });
  })
  .patch('/notifications/clicked', requireAuth, async (c) => {
    const body = await jsonBody(c, idSchema);
    return c.json({ status: true, data: await notifications.markClicked(c.var.ctx, body) });
  })
  .patch('/notifications/clicked_all', requireAuth, async (c) => {
    return c.json({ status: true, data: await notifications.markAllClicked(c.var.ctx) });
  })
  .get('/notifications/stream', requireAuth, async (c) => {
    const run = await openNotificationStream(c.var.ctx, {
      stillAuthenticated: () => stillAuthenticated(c),
    });
    const response = streamSSE(c, run);
    for (const [name, value] of Object.entries(STREAM_HEADERS)) response.headers.set(name, value);
    return response;
  });
