import { sql } from 'drizzle-orm';
import { addDrainStep, listenerOf } from '@/db/client';
import type { Db } from '@/db/types';
import { AppError } from '@/server/errors';
import { log } from '@/server/logger';
import {
  MESSAGE_PAYLOAD_PREFIX,
  messageOf,
  type TMessageDto,
} from '@/server/services/conversations/messages';
import { NOTIFY_CHANNEL, notificationOf } from './notifications';

// The live half of notifications (docs/architecture.md "Live notifications"). Each instance
// LISTENs once per database on NOTIFY_CHANNEL; every notification written anywhere, by any
// instance, arrives as "<user id>:<notification id>", and the hub reads that row once and hands
// it to the streams that user has open here. A conversation's new message arrives the same way as
// "m:<user id>:<message id>" (server/services/conversations/messages.ts), read once however many
// of its participants listen here, and goes down as `event: message`. Nothing is kept in process memory but the list of
// open streams, so instances behind a load balancer need nothing else in common.

type TNotificationDto = NonNullable<Awaited<ReturnType<typeof notificationOf>>>;
/** A conversation's new message for a stream (docs/api.md "Conversations"). */
export type TMessageEvent = { event: 'message'; message: TMessageDto };
/**
 * Told each new notification, or `'resync'`: the stream must end, because the user's streams were
 * ended (endStreamsOf), or because LISTEN was reopened after a drop and what was
 * written meanwhile was not announced, so the stream should end; its client reconnects and reads
 * the list again.
 */
type TSubscriber = (n: TNotificationDto | TMessageEvent | 'resync') => void;

/** The payload word, after "<user id>:", that ends that user's streams on every instance. */
const END_STREAMS = 'end';

/**
 * Ends every open notification stream of `userId`, on every instance, once `tx` commits (NOTIFY
 * is sent at commit): a member removed from a company must not keep hearing about it. Their
 * clients reconnect, and what they are then told follows their memberships as they are.
 */
export async function endStreamsOf(tx: Db, userId: number) {
  await tx.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${`${userId}:${END_STREAMS}`})`);
}

type THub = {
  subscribers: Map<number, Set<TSubscriber>>;
  /** Resolves once LISTEN runs; rejects when it cannot (the clients then poll). */
  ready: Promise<void>;
};

const hubs = new WeakMap<Db, THub>();

/**
 * Every hub's subscribers, for the drain at shutdown (docs/deploy.md "Stopping"): each stream is
 * told to resync, so it ends and its client reconnects, through the load balancer, to an instance
 * that stays. Streams asked for after that are refused (503): the client retries elsewhere.
 */
const everyHub = new Set<THub>();
let draining = false;
addDrainStep(() => {
  draining = true;
  for (const hub of everyHub) {
    for (const mine of hub.subscribers.values()) for (const deliver of mine) deliver('resync');
  }
});

/**
 * Open streams one user may hold on one instance (tabs and devices): each holds a connection,
 * so a client opening streams in a loop is refused instead of exhausting the server.
 */
export const MAX_STREAMS_PER_USER = 10;

function hubOf(db: Db): THub {
  let hub = hubs.get(db);
  if (hub) return hub;
  const subscribers = new Map<number, Set<TSubscriber>>();
  /** Messages being read: their participants' payloads arrive together and share one read. */
  const reading = new Map<number, Promise<TMessageDto | null>>();
  const readMessage = (id: number) => {
    let read = reading.get(id);
    if (!read) {
      read = messageOf(db, id).finally(() => reading.delete(id));
      reading.set(id, read);
    }
    return read;
  };
  const ready = listenerOf(db)(
    NOTIFY_CHANNEL,
    (payload) => {
      if (payload.startsWith(`${MESSAGE_PAYLOAD_PREFIX}:`)) {
        const [, user, message] = payload.split(':');
        const mine = subscribers.get(Number(user));
        const id = Number(message);
        if (!mine || mine.size === 0 || !id) return;
        readMessage(id)
          .then((m) => {
            if (m) for (const deliver of mine) deliver({ event: 'message', message: m });
          })
          .catch((err: unknown) => {
            log('error', 'message lookup failed', {
              error: err instanceof Error ? err.message : 'unknown',
            });
          });
        return;
      }
      const [user, what] = payload.split(':');
      const userId = Number(user);
      const mine = subscribers.get(userId);
      if (what === END_STREAMS) {
        // The user's streams end (endStreamsOf); their clients reconnect and read afresh.
        if (mine) for (const deliver of mine) deliver('resync');
        return;
      }
      const id = Number(what);
      if (!mine || mine.size === 0 || !id) return;
      notificationOf(db, userId, id)
        .then((n) => {
          if (n) for (const deliver of mine) deliver(n);
        })
        .catch((err: unknown) => {
          log('error', 'notification lookup failed', {
            error: err instanceof Error ? err.message : 'unknown',
          });
        });
    },
    () => {
      for (const mine of subscribers.values()) for (const deliver of mine) deliver('resync');
    },
  ).then(() => {});
  hub = { subscribers, ready };
  hubs.set(db, hub);
  everyHub.add(hub);
  // A failed LISTEN is retried by the next subscriber, not remembered.
  ready.catch((err: unknown) => {
    if (hubs.get(db) === hub) hubs.delete(db);
    everyHub.delete(hub!);
    log('error', 'LISTEN for notifications failed', {
      error: err instanceof Error ? err.message : 'unknown',
    });
  });
  return hub;
}

/**
 * Calls `deliver` with each new notification of `userId` and each new message of their
 * conversations, from any instance, until the returned
 * function is called. Resolves once this instance listens (rejects if it cannot).
 */
export async function subscribe(db: Db, userId: number, deliver: TSubscriber) {
  if (draining) {
    throw new AppError('unavailable', {
      message: 'This server is stopping; try again.',
      messageEs: 'Este servidor se está deteniendo; inténtalo de nuevo.',
    });
  }
  const hub = hubOf(db);
  let mine = hub.subscribers.get(userId);
  if (!mine) hub.subscribers.set(userId, (mine = new Set()));
  if (mine.size >= MAX_STREAMS_PER_USER) {
    throw new AppError('rate_limited', {
      message: 'Too many open notification streams. Close a tab and try again.',
      messageEs:
        'Demasiadas conexiones de notificaciones abiertas. Cierra una pestaña y vuelve a intentarlo.',
      headers: { 'Retry-After': '30' },
    });
  }
  mine.add(deliver);
  const unsubscribe = () => {
    mine.delete(deliver);
    if (mine.size === 0 && hub.subscribers.get(userId) === mine) hub.subscribers.delete(userId);
  };
  try {
    await hub.ready;
  } catch (err) {
    unsubscribe();
    throw err;
  }
  return unsubscribe;
}
