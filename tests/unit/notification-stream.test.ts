import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectLiveNotifications,
  createSseParser,
  POLL_EVERY_MS,
  reconnectDelay,
  type TSseEvent,
} from '@/lib/notification-stream';

// The browser half of live notifications (docs/architecture.md "Live notifications"): the
// text/event-stream parser, and the connection that reconnects with backoff and polls meanwhile.

function parse(...chunks: string[]) {
  const events: TSseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  return events;
}

const notification = { id: 5, type: 'application_new', message: 'Hi', message_es: 'Hola' };
const wire = [
  'event: ready\ndata: {}\n\n',
  ': keep-alive\n\n',
  `event: notification\nid: 5\ndata: ${JSON.stringify(notification)}\n\n`,
].join('');

describe('the event-stream parser', () => {
  it('reads the events the server sends, and skips the keep-alive comments', () => {
    expect(parse(wire)).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'notification', data: JSON.stringify(notification), id: '5' },
    ]);
  });

  it('gives the same events whatever the pieces the network cut the text into', () => {
    const whole = parse(wire);
    for (let size = 1; size < 12; size++) {
      const chunks = wire.match(new RegExp(`[^]{1,${size}}`, 'g'))!;
      expect(parse(...chunks)).toEqual(whole);
    }
  });

  it('takes LF, CRLF and CR line ends, a CRLF split across two pieces included', () => {
    expect(parse('event: a\r\ndata: 1\r', '\n\r\n')).toEqual([{ event: 'a', data: '1' }]);
    expect(parse('event: b\rdata: 2\r\r')).toEqual([{ event: 'b', data: '2' }]);
    expect(parse('data: x\r', '\r', 'data: y\n\n')).toEqual([
      { event: 'message', data: 'x' },
      { event: 'message', data: 'y' },
    ]);
  });

  it('joins several data lines, drops one space after the colon, and names untyped events "message"', () => {
    expect(parse('data:a\ndata:  b\ndata\n\n')).toEqual([{ event: 'message', data: 'a\n b\n' }]);
  });

  it('dispatches nothing for an event without data or one not yet ended by a blank line', () => {
    expect(parse('event: ready\n\n', ': only a comment\n\n', 'event: x\ndata: 1\n')).toEqual([]);
  });

  it('resets the type after each event, ignores unknown fields and a leading byte-order mark', () => {
    expect(parse('\uFEFFevent: one\nretry: 10\nfoo: bar\ndata: 1\n\ndata: 2\n\n')).toEqual([
      { event: 'one', data: '1' },
      { event: 'message', data: '2' },
    ]);
  });
});

describe('reconnection delays', () => {
  it('are 1 s, 2 s, 4 s… and never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

/** A fetch answer: an event stream fed by the test (until the reader hangs up). */
function sseResponse() {
  let push!: (text: string) => void;
  let end!: () => void;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) => {
        if (!cancelled) controller.enqueue(encoder.encode(text));
      };
      end = () => controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream' },
  });
  return {
    response,
    push: (text: string) => push(text),
    end: () => end(),
    cancelled: () => cancelled,
  };
}

const failing = (status: number) =>
  new Response(JSON.stringify({ status: false }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** Lets the connection's promises run (reads, parsing) without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function connect(fetchImpl: typeof fetch) {
  const seen = {
    ready: 0,
    notifications: [] as unknown[],
    messages: [] as unknown[],
    polls: 0,
    unauthorized: 0,
  };
  const connection = connectLiveNotifications({
    url: 'http://app.test/api/notifications/stream',
    token: () => 'the-token',
    fetch: fetchImpl,
    onReady: () => (seen.ready += 1),
    onNotification: (n) => seen.notifications.push(n),
    onMessage: (m) => seen.messages.push(m),
    onUnauthorized: () => (seen.unauthorized += 1),
    poll: () => (seen.polls += 1),
  });
  return { connection, seen };
}

describe('the live connection', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the token in the Authorization header, never in the URL, and hands over each notification', async () => {
    vi.useFakeTimers();
    const stream = sseResponse();
    const fetchImpl = vi.fn(async () => stream.response);
    const { connection, seen } = connect(fetchImpl as unknown as typeof fetch);
    await settle();
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://app.test/api/notifications/stream');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer the-token' });

    stream.push('event: ready\ndata: {}\n\n');
    await settle();
    expect(seen.ready).toBe(1);
    expect(connection.live).toBe(true);
    stream.push(`event: notification\ndata: ${JSON.stringify(notification)}\n\n`);
    stream.push('event: notification\ndata: {not json\n\n');
    await settle();
    expect(seen.notifications).toEqual([notification]);
    expect(seen.polls).toBe(0);
    connection.stop();
  });

  it('hands over each conversation message (`event: message`) apart from the notifications, skipping malformed ones', async () => {
    vi.useFakeTimers();
    const stream = sseResponse();
    const fetchImpl = vi.fn(async () => stream.response);
    const { connection, seen } = connect(fetchImpl as unknown as typeof fetch);
    await settle();
    stream.push('event: ready\ndata: {}\n\n');
    const message = { id: 9, conversation_id: 4, body: 'Hola\nqué tal', created_at: 'x' };
    // Split anywhere, as the network delivers it.
    const text = `event: message\ndata: ${JSON.stringify(message)}\n\n`;
    stream.push(text.slice(0, 11));
    stream.push(text.slice(11));
    stream.push('event: message\ndata: {not json\n\n');
    stream.push(`event: notification\ndata: ${JSON.stringify(notification)}\n\n`);
    await settle();
    expect(seen.messages).toEqual([message]);
    expect(seen.notifications).toEqual([notification]);
    connection.stop();
  });

  it('polls every 5 s while the stream fails, reconnects after 1 s, 2 s, 4 s, and stops polling once ready', async () => {
    vi.useFakeTimers();
    const stream = sseResponse();
    let calls = 0;
    const fetchImpl = vi.fn(async () => (++calls <= 3 ? failing(503) : stream.response));
    const { connection, seen } = connect(fetchImpl as unknown as typeof fetch);
    await settle();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(seen.polls).toBe(1); // at once when it fails

    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(seen.polls).toBe(2); // 5 s after the first
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchImpl).toHaveBeenCalledTimes(4); // 4 s after the third

    stream.push('event: ready\ndata: {}\n\n');
    await settle();
    expect(seen.ready).toBe(1);
    await vi.advanceTimersByTimeAsync(3 * POLL_EVERY_MS);
    expect(seen.polls).toBe(2);
    connection.stop();
  });

  it('after a drop polls at once and reconnects after 1 s again (the backoff starts over once live)', async () => {
    vi.useFakeTimers();
    const first = sseResponse();
    const second = sseResponse();
    const answers = [first.response, second.response];
    const fetchImpl = vi.fn(async () => answers.shift()!);
    const { connection, seen } = connect(fetchImpl as unknown as typeof fetch);
    await settle();
    first.push('event: ready\ndata: {}\n\n');
    await settle();
    first.end();
    await settle();
    expect(connection.live).toBe(false);
    expect(seen.polls).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    second.push('event: ready\ndata: {}\n\n');
    await settle();
    expect(seen.ready).toBe(2);
    connection.stop();
  });

  it('opens the stream again when it stays silent past the keep-alive', async () => {
    vi.useFakeTimers();
    const first = sseResponse();
    const second = sseResponse();
    const answers = [first.response, second.response];
    const fetchImpl = vi.fn(async () => answers.shift()!);
    const { connection } = connect(fetchImpl as unknown as typeof fetch);
    await settle();
    first.push('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(44_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000 + 1000);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    connection.stop();
  });

  it('gives up on a 401 (the session is over) and does not poll', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(async () => failing(401));
    const { seen } = connect(fetchImpl as unknown as typeof fetch);
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(seen.unauthorized).toBe(1);
    expect(seen.polls).toBe(0);
  });

  it('stops everything on stop(): the request, the reconnection and the polling', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(async () => failing(500));
    const { connection, seen } = connect(fetchImpl as unknown as typeof fetch);
    await settle();
    connection.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(seen.polls).toBe(1);

    const stream = sseResponse();
    const live = connect(vi.fn(async () => stream.response) as unknown as typeof fetch);
    await settle();
    live.connection.stop();
    await settle();
    expect(stream.cancelled()).toBe(true);
    stream.push('event: ready\ndata: {}\n\n');
    await settle();
    expect(live.seen.ready).toBe(0);
  });
});
