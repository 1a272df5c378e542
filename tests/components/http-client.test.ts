import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getHttpClient, request } from '@/services/http-client';

// A real HTTP peer on loopback (jsdom speaks to it with CORS, as a browser would).
const seen: { path: string; authorization?: string }[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    if (req.method === 'OPTIONS') return res.end();
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/api/ok') return answer(200, { status: true, data: 1 });
    if (req.url === '/api/denied')
      return answer(401, { status: false, code: 'unauthorized', message: 'no', message_es: 'no' });
    if (req.url === '/api/broken') return answer(500, { status: false, code: 'internal' });
    return answer(200, 'not an envelope');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  (await getHttpClient()).defaults.baseURL = base;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('the HTTP client', () => {
  it('sends the bearer token from local storage, except when told not to (POST /file)', async () => {
    window.localStorage.setItem('access_token', 'tok123');
    await request({ url: '/ok' });
    await request({ url: '/ok', skipAuth: true });
    expect(seen.slice(-2).map((s) => s.authorization)).toEqual(['Bearer tok123', undefined]);
  });

  it('answers a 4xx with its envelope instead of throwing (status false counts as failure)', async () => {
    await expect(request({ url: '/denied' })).resolves.toMatchObject({
      status: false,
      code: 'unauthorized',
    });
  });

  it('throws on a 5xx and on a network error', async () => {
    await expect(request({ url: '/broken' })).rejects.toThrow();
    await expect(request({ url: 'http://127.0.0.1:9/api/x' })).rejects.toThrow();
  });

  it('treats an answer without a boolean status as a failure', async () => {
    await expect(request({ url: '/other' })).resolves.toEqual({
      status: false,
      code: 'bad_answer',
    });
  });
});
