import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { metrics } from '@/server/metrics/registry';
import { requireUser } from '@/server/services/access';
import { subscribe } from './hub';

// The live stream of the caller's notifications (docs/architecture.md "Live notifications"):
// Server-Sent Events fed by the hub (hub.ts). The route (server/routes/notifications.ts) only
// opens it and hands its writer to Hono's streamSSE.

/** A comment line this often keeps proxies from closing a quiet stream. */
export const KEEP_ALIVE_MS = 15_000;

/**
 * The response headers of the stream. No buffering on the way, so each event leaves when
 * written: `no-transform` keeps the server's compression (Next.js's) and proxies from holding it
 * (streamSSE sets `no-cache`).
 */
export const STREAM_HEADERS = {
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
};

/** What the stream writes to (Hono's SSEStreamingApi is one). */
export type TEventWriter = {
  readonly aborted: boolean;
  onAbort(listener: () => void): void;
  writeSSE(event: { event: string; id?: string; data: string }): Promise<void>;
  write(text: string): Promise<unknown>;
};

type TQueued = Parameters<Parameters<typeof subscribe>[2]>[0];

/**
 * Subscribes the caller to their notifications and answers the loop that writes them: 'ready'
 * first, then each notification as it comes (`event: notification`) and each new message of
 * their conversations (`event: message`), a keep-alive comment when quiet. It ends when the
 * client leaves, when the hub asks for a resync, or when `stillAuthenticated` says no (a token
 * revoked or expired since the stream opened: the client reconnects and meets the 401).
 * Subscribing first means a stream that cannot listen answers 503, and the client polls.
 */
export async function openNotificationStream(
  ctx: TCtx,
  input: { stillAuthenticated: () => Promise<boolean> },
) {
  const me = requireUser(ctx);
  const queue: TQueued[] = [];
  let wake: (() => void) | undefined;
  const unsubscribe = await subscribe(ctx.db, me.id, (n) => {
    queue.push(n);
    wake?.();
  }).catch((err: unknown) => {
    if (err instanceof AppError) throw err;
    throw new AppError('unavailable', {
      message: 'Live notifications are unavailable; the list still updates.',
      messageEs: 'Las notificaciones en vivo no están disponibles; la lista se sigue actualizando.',
    });
  });

  /** Waits for a notification (true) or the keep-alive's time (false). */
  const nextOrKeepAlive = () =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), KEEP_ALIVE_MS);
      wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });

  /** Writes what is queued; false once the hub asked for a resync. */
  async function flush(stream: TEventWriter) {
    while (queue.length > 0 && !stream.aborted) {
      const n = queue.shift()!;
      if (n === 'resync') return false;
      if ('event' in n) {
        // A conversation's message: its JSON, which names its conversation_id.
        await stream.writeSSE({ event: 'message', data: JSON.stringify(n.message) });
        continue;
      }
      await stream.writeSSE({ event: 'notification', id: String(n.id), data: JSON.stringify(n) });
    }
    return true;
  }

  return async function run(stream: TEventWriter) {
    const open = metrics().openStreams;
    open.inc();
    try {
      await loop(stream);
    } finally {
      open.dec();
    }
  };

  async function loop(stream: TEventWriter) {
    stream.onAbort(() => {
      unsubscribe();
      wake?.();
    });
    // Tells the client the stream is live (it stops polling).
    await stream.writeSSE({ event: 'ready', data: '{}' });
    // 'resync' ends the stream: notifications may have gone unannounced (the hub's LISTEN was
    // reopened), and the client reads the list again when it reconnects.
    while (!stream.aborted) {
      if (!(await flush(stream))) break;
      const waited = await nextOrKeepAlive();
      wake = undefined;
      if (!(await input.stillAuthenticated())) break;
      if (!waited && !stream.aborted) await stream.write(': keep-alive\n\n');
    }
    unsubscribe();
  }
}
