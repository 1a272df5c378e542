import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/services/http-client';
import { onSessionEnded } from '@/services/session-events';
import { movePageTo } from '../helpers/page-origin';

// A real HTTP peer on loopback; the page is moved to its origin, so the client's `/api` reaches it.
const seen: { path: string; authorization?: string }[] = [];
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/api/ok') return answer(200, { status: true, data: 1, access_token: 'new' });
    if (req.url === '/api/denied')
      return answer(401, { status: false, code: 'unauthorized', message: 'no', message_es: 'no' });
    if (req.url === '/api/invalid') {
      return answer(400, {
        status: false,
        code: 'invalid_input',
        errors: [
          {
            path: 'name',
            code: 'too_long',
            params: { max: 100 },
            message: 'Use at most 100 characters.',
          },
        ],
      });
    }
    if (req.url === '/api/limited')
      return answer(429, { status: false, code: 'rate_limited' }, { 'Retry-After': '42' });
    if (req.url === '/api/broken') return answer(500, { status: false, code: 'internal' });
    if (req.url === '/api/gone') return res.socket?.destroy();
    return answer(200, 'not an envelope');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  movePageTo(`http://127.0.0.1:${port}`);
});
afterAll(() => new Promise((r) => server.close(r)));

describe('the HTTP client', () => {
  it('sends the bearer token from local storage, except when told not to (POST /file)', async () => {
    window.localStorage.setItem('access_token', 'tok123');
    await call({ url: '/ok' });
    await call({ url: '/ok', skipAuth: true });
    expect(seen.slice(-2).map((s) => s.authorization)).toEqual(['Bearer tok123', undefined]);
  });

  it('answers the data and a renewed token on success', async () => {
    await expect(call({ url: '/ok' })).resolves.toEqual({ ok: true, data: 1, accessToken: 'new' });
  });

  it('answers a typed failure with the field errors and Retry-After, never UI text', async () => {
    await expect(call({ url: '/invalid' })).resolves.toEqual({
      ok: false,
      failure: {
        code: 'invalid_input',
        status: 400,
        fields: [
          {
            path: 'name',
            code: 'too_long',
            params: { max: 100 },
            message: 'Use at most 100 characters.',
          },
        ],
      },
    });
    await expect(call({ url: '/limited' })).resolves.toMatchObject({
      ok: false,
      failure: { code: 'rate_limited', status: 429, retryAfter: 42 },
    });
  });

  it('answers 5xx, a dropped connection and a broken answer as failures too', async () => {
    await expect(call({ url: '/broken' })).resolves.toMatchObject({
      ok: false,
      failure: { code: 'internal', status: 500 },
    });
    await expect(call({ url: '/gone' })).resolves.toMatchObject({
      ok: false,
      failure: { code: 'network', status: 0 },
    });
    await expect(call({ url: '/other' })).resolves.toMatchObject({
      ok: false,
      failure: { code: 'invalid' },
    });
  });

  it('reports an ended session on a 401 to a call that carried a token, and only then', async () => {
    let ended = 0;
    const stop = onSessionEnded(() => (ended += 1));
    window.localStorage.setItem('access_token', 'expired');
    await call({ url: '/denied' });
    expect(ended).toBe(1);
    await call({ url: '/denied', skipAuth: true });
    window.localStorage.removeItem('access_token');
    await call({ url: '/denied' });
    expect(ended).toBe(1);
    stop();
  });
});
