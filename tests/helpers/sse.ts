import type { TApp } from '@/server/app';
import { socketFrom } from './api';

// Reading a Server-Sent Events stream (GET /notifications/stream) in API tests.

export type TEvent = { event?: string; data?: string; id?: string; comments: string[] };

/** Reads Server-Sent Events from a response body, one at a time. */
export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';

  function parse(block: string): TEvent {
    const event: TEvent = { comments: [] };
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) event.comments.push(line.slice(1).trim());
      else {
        const at = line.indexOf(':');
        const field = at < 0 ? line : line.slice(0, at);
        const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
        if (field === 'data')
          event.data = event.data === undefined ? value : `${event.data}\n${value}`;
        else if (field === 'event') event.event = value;
        else if (field === 'id') event.id = value;
      }
    }
    return event;
  }

  /** The next event (comment-only blocks included, so a keep-alive shows); rejects at the end. */
  async function next(): Promise<TEvent> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parse(block);
      }
      const result = await reader.read();
      if (result.done) throw new Error('the stream ended');
      buffer += decoder.decode(result.value, { stream: true }).replace(/\r\n?/g, '\n');
    }
  }

  return { reader, next, cancel: () => reader.cancel() };
}

/** Opens the stream in process (`app.request`), as the browser's fetch would, and reads its `ready`. */
export async function openStream(app: TApp, token: string) {
  const res = await app.request(
    '/api/notifications/stream',
    { headers: { Authorization: `Bearer ${token}` } },
    socketFrom(),
  );
  if (res.status !== 200 || !res.body) throw new Error(`the stream answered ${res.status}`);
  const sse = sseReader(res.body);
  const ready = await sse.next();
  if (ready.event !== 'ready') throw new Error(`the stream began with ${ready.event}`);
  return sse;
}
