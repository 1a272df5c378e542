// The live half of notifications in the browser (docs/architecture.md "Live notifications"):
// `GET /api/notifications/stream` is Server-Sent Events that needs the `Authorization` header, so
// it is read with `fetch` and a stream reader, never EventSource (which cannot send headers, and
// would put the token in the URL). Free of React, the store and the HTTP client: the caller says
// where to connect, with which token, and what to do with each event.

/** One server-sent event: its type (`message` when the server named none), data and id. */
export type TSseEvent = { event: string; data: string; id?: string };

/**
 * An incremental parser of `text/event-stream` (WHATWG HTML, "Server-sent events"): `push` takes
 * decoded text in pieces of any size, split anywhere, and `onEvent` runs once per complete event
 * (a blank line ends one). Lines end in LF, CRLF or CR; `field: value` loses one space after the
 * colon; several `data:` lines join with "\n"; comment lines (starting with ':', the server's
 * keep-alive) and unknown fields are ignored; an event without data is not dispatched.
 */
export function createSseParser(onEvent: (event: TSseEvent) => void) {
  let partial = '';
  let afterCR = false;
  let started = false;
  let type = '';
  let data: string[] = [];
  let id: string | undefined;

  const dispatch = () => {
    if (data.length > 0) {
      onEvent({ event: type || 'message', data: data.join('\n'), ...(id !== undefined && { id }) });
    }
    type = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  };

  return {
    push(chunk: string) {
      let text = chunk;
      if (!started && text.length > 0) {
        started = true;
        if (text.startsWith('\uFEFF')) text = text.slice(1);
      }
      let start = 0;
      for (let i = 0; i < text.length; i++) {
        const ch = text[i];
        if (ch === '\n' && afterCR) {
          // The LF of a CRLF whose CR ended the line already (maybe in the previous piece).
          afterCR = false;
          start = i + 1;
          continue;
        }
        afterCR = false;
        if (ch === '\n' || ch === '\r') {
          line(partial + text.slice(start, i));
          partial = '';
          start = i + 1;
          afterCR = ch === '\r';
        }
      }
      partial += text.slice(start);
    },
  };
}

/** Reconnection waits 1 s, 2 s, 4 s… and never more than 30 s. */
export const RECONNECT_FIRST_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** While the stream is not live, `GET /notifications` is polled this often. */
export const POLL_EVERY_MS = 5000;
/**
 * The server writes a comment every 15 s: a stream silent for this long is dead (a half-open
 * connection after a network change), and is opened again.
 */
export const SILENT_FOR_MS = 45_000;

/** The wait before reconnection attempt `attempt` (0 is the first after a failure). */
export const reconnectDelay = (attempt: number) =>
  Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.min(attempt, 16));

export type TLiveOptions = {
  /** The stream's absolute URL. */
  url: string;
  /** The access token, read before each connection (null: signed out, stop). */
  token: () => string | null;
  /** The stream is live (`event: ready`): anything missed while it was not should be fetched. */
  onReady: () => void;
  /** An `event: notification`, its data parsed. */
  onNotification: (notification: unknown) => void;
  /** An `event: message` (a conversation's new message, docs/api.md "Conversations"), its data parsed. */
  onMessage?: (message: unknown) => void;
  /** The server answered 401: the session is over. Nothing is retried. */
  onUnauthorized: () => void;
  /** Fetches the list; called every `pollEveryMs` while the stream is not live. */
  poll: () => void;
  fetch?: typeof fetch;
  pollEveryMs?: number;
  silentForMs?: number;
};

export type TLiveConnection = {
  stop(): void;
  /** Whether the stream is live now (`ready` seen, not dropped since). */
  readonly live: boolean;
};

type TOutcome = 'again' | 'unauthorized' | 'signed_out';

/**
 * Keeps the stream open: connects, reconnects after a failure or a drop with backoff
 * (`reconnectDelay`), and polls while it is not live, from the first failure until `ready`
 * arrives again. `stop()` ends everything: the request, the timers and the polling.
 */
export function connectLiveNotifications(options: TLiveOptions): TLiveConnection {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const pollEveryMs = options.pollEveryMs ?? POLL_EVERY_MS;
  const silentForMs = options.silentForMs ?? SILENT_FOR_MS;
  let stopped = false;
  let live = false;
  let attempt = 0;
  /** Ends the open request. */
  let hangUp: (() => void) | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;
  let wakeUp: (() => void) | undefined;

  const startPolling = () => {
    if (pollTimer !== undefined || stopped) return;
    pollTimer = setInterval(() => {
      if (!stopped) options.poll();
    }, pollEveryMs);
    // Once right away as well: a drop may have lost a notification.
    options.poll();
  };
  const stopPolling = () => {
    if (pollTimer !== undefined) clearInterval(pollTimer);
    pollTimer = undefined;
  };

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  async function once(): Promise<TOutcome> {
    const token = options.token();
    if (!token) return 'signed_out';
    const controller = new AbortController();
    hangUp = () => controller.abort();
    let res: Response;
    try {
      res = await fetchImpl(options.url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        cache: 'no-store',
        // A stream stays open for the whole visit: at low priority it never competes with what
        // the page needs, and a browser (or Lighthouse) waiting for the important requests to
        // end does not wait for it.
        priority: 'low',
        signal: controller.signal,
      });
    } catch {
      return 'again';
    }
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !res.body || !type.includes('text/event-stream')) {
      void res.body?.cancel().catch(() => {});
      return res.status === 401 ? 'unauthorized' : 'again';
    }
    const reader = res.body.getReader();
    // The body is cancelled too, in case the abort does not reach it.
    hangUp = () => {
      controller.abort();
      void reader.cancel().catch(() => {});
    };
    const decoder = new TextDecoder();
    const parser = createSseParser((e) => {
      if (stopped) return;
      if (e.event === 'ready') {
        attempt = 0;
        live = true;
        stopPolling();
        options.onReady();
      } else if (e.event === 'notification' || e.event === 'message') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(e.data);
        } catch {
          return; // a malformed event is skipped; the next poll or sync finds the row
        }
        if (e.event === 'notification') options.onNotification(parsed);
        else options.onMessage?.(parsed);
      }
    });
    let silence: ReturnType<typeof setTimeout> | undefined;
    const listen = () => {
      clearTimeout(silence);
      silence = setTimeout(() => hangUp?.(), silentForMs);
    };
    try {
      listen();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || stopped) break;
        listen();
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // dropped, or aborted by stop() or the silence timer
    } finally {
      clearTimeout(silence);
      hangUp();
    }
    return 'again';
  }

  void (async () => {
    while (!stopped) {
      const outcome = await once();
      live = false;
      if (stopped) return;
      if (outcome !== 'again') {
        stopped = true;
        stopPolling();
        if (outcome === 'unauthorized') options.onUnauthorized();
        return;
      }
      startPolling();
      await wait(reconnectDelay(attempt));
      attempt += 1;
    }
  })();

  return {
    stop() {
      stopped = true;
      live = false;
      stopPolling();
      hangUp?.();
      wakeUp?.();
    },
    get live() {
      return live;
    },
  };
}
