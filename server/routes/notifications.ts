import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { listQuery } from '@/lib/schemas/common';
import { idSchema } from '@/lib/schemas/profile';
import type { TAppEnv } from '@/server/context';
import { AppError } from '@/server/errors';
import { jsonBody, queryParams } from '@/server/lib/validate';
import { requireAuth, stillAuthenticated } from '@/server/middleware/auth';
import { requireUser } from '@/server/services/access';
import { subscribe } from '@/server/services/notifications/hub';
import * as notifications from '@/server/services/notifications/notifications';

// Notifications (docs/api.md "Notifications"): the list, "opened", and the live stream.

/** A comment line this often keeps proxies from closing a quiet stream. */
export const KEEP_ALIVE_MS = 15_000;

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
  .get('/notifications/stream', requireAuth, async (c) => {
    const { db } = c.var.ctx;
    const me = requireUser(c.var.ctx);
    const queue: Parameters<Parameters<typeof subscribe>[2]>[0][] = [];
    let wake: (() => void) | undefined;
    // Subscribe before answering: a stream that cannot listen answers 503, and the client polls.
    const unsubscribe = await subscribe(db, me.id, (n) => {
      queue.push(n);
      wake?.();
    }).catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      throw new AppError('unavailable', {
        message: 'Live notifications are unavailable; the list still updates.',
        messageEs:
          'Las notificaciones en vivo no están disponibles; la lista se sigue actualizando.',
      });
    });
    const response = streamSSE(c, async (stream) => {
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      // Tells the client the stream is live (it stops polling).
      await stream.writeSSE({ event: 'ready', data: '{}' });
      // 'resync' ends the stream: notifications may have gone unannounced (the hub's LISTEN was
      // reopened), and the client reads the list again when it reconnects.
      let resync = false;
      while (!stream.aborted && !resync) {
        while (queue.length > 0 && !stream.aborted && !resync) {
          const n = queue.shift()!;
          if (n === 'resync') {
            resync = true;
            break;
          }
          await stream.writeSSE({
            event: 'notification',
            id: String(n.id),
            data: JSON.stringify(n),
          });
        }
        if (resync) break;
        const waited = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), KEEP_ALIVE_MS);
          wake = () => {
            clearTimeout(timer);
            resolve(true);
          };
        });
        wake = undefined;
        // A token revoked (password change) or expired since the stream opened ends it; the
        // client reconnects and meets the 401.
        if (!(await stillAuthenticated(c))) break;
        if (!waited && !stream.aborted) await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
    });
    // No buffering on the way, so each event leaves when written: `no-transform` keeps the
    // server's compression (Next.js's) and proxies from holding it (streamSSE set `no-cache`).
    response.headers.set('Cache-Control', 'no-cache, no-transform');
    response.headers.set('X-Accel-Buffering', 'no');
    return response;
  });
