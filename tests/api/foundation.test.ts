import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../helpers/api';

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

describe('GET /api/ping', () => {
  it("answers without touching the database (the benchmarks' baseline)", async () => {
    const down = await createTestApi({
      getDb: async () => {
        throw new Error('connection refused');
      },
    });
    const { status, json } = await down.call('GET', '/ping');
    expect(status).toBe(200);
    expect(json).toEqual({ status: true });
    await down.close();
  });
});

describe('GET /api/health', () => {
  it('answers status, version and that the database is reachable', async () => {
    const { status, json } = await api.call('GET', '/health');
    expect(status).toBe(200);
    expect(json).toEqual({
      status: true,
      data: { status: 'ok', version: expect.any(String), database: true },
    });
  });

  it('says the database is down with a 503 instead of failing', async () => {
    const down = await createTestApi({
      getDb: async () => {
        throw new Error('connection refused');
      },
    });
    const { status, json } = await down.call('GET', '/health');
    expect(status).toBe(503);
    expect(json).toMatchObject({ status: false, data: { database: false } });
    await down.close();
  });
});

describe('GET /api/countries', () => {
  it('lists every ISO 3166 country with English and Spanish names', async () => {
    const { status, json, res } = await api.call('GET', '/countries');
    expect(status).toBe(200);
    const data = json.data as { code: string; name_en: string; name_es: string }[];
    expect(data.length).toBeGreaterThanOrEqual(190);
    expect(data).toContainEqual({ code: 'PE', name_en: 'Peru', name_es: 'Perú' });
    expect(data).toContainEqual({ code: 'ES', name_en: 'Spain', name_es: 'España' });
    expect(new Set(data.map((c) => c.code)).size).toBe(data.length);
    expect(res.headers.get('cache-control')).toContain('max-age');
  });

  for (const list of ['/countries', '/languages']) {
    it(`answers ${list} with an ETag, and 304 without a body to a client that holds it`, async () => {
      const first = await api.call('GET', list);
      const etag = first.res.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      expect(first.res.headers.get('content-type')).toMatch(/^application\/json/);
      const again = await api.app.request(`/api${list}`, {
        headers: { 'If-None-Match': `W/"other", ${etag}` },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('public, max-age=86400');
      const stale = await api.app.request(`/api${list}`, { headers: { 'If-None-Match': '"old"' } });
      expect(stale.status).toBe(200);
      expect(await stale.text()).toBe(await (await api.app.request(`/api${list}`)).text());
    });
  }
});

describe('GET /api/languages', () => {
  it('lists ISO 639-1 languages with integer ids and names in both languages', async () => {
    const { status, json } = await api.call('GET', '/languages');
    expect(status).toBe(200);
    const data = json.data as { id: number; code: string; name_en: string; name_es: string }[];
    expect(data.length).toBeGreaterThanOrEqual(180);
    for (const l of data) {
      expect(Number.isInteger(l.id)).toBe(true);
      expect(l.code).toMatch(/^[a-z]{2}$/);
    }
    expect(data.find((l) => l.code === 'es')).toMatchObject({
      name_en: 'Spanish',
      name_es: 'Español',
    });
    expect(data.find((l) => l.code === 'en')).toMatchObject({
      name_en: 'English',
      name_es: 'Inglés',
    });
  });
});

describe('the error envelope', () => {
  it('answers an unknown path with 404 and both messages', async () => {
    const { status, json } = await api.call('GET', '/no/such/thing');
    expect(status).toBe(404);
    expect(json).toEqual({
      status: false,
      code: 'not_found',
      message: expect.any(String),
      message_es: expect.any(String),
    });
  });

  it('tags every answer with a request id and never caches API answers by default', async () => {
    const { res } = await api.call('GET', '/health');
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('bad bodies', () => {
  it('answers malformed JSON with 400 and the envelope, never 500', async () => {
    const { status, json } = await api.call('POST', '/users/login', {
      rawBody: '{"email": "a@b.c",',
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      status: false,
      code: 'invalid_input',
      message: expect.any(String),
      message_es: expect.any(String),
    });
  });

  it('refuses a JSON body over 1 MB with 413, declared or streamed', async () => {
    const big = JSON.stringify({ email: 'a'.repeat(1024 * 1024 + 10) });
    const { status, json } = await api.call('POST', '/users/login', { rawBody: big });
    expect(status).toBe(413);
    expect(json).toMatchObject({ status: false, code: 'payload_too_large' });
  });
});

describe('through the Node adapter the app is served with', () => {
  it('answers a body-less DELETE and a chunked body exactly as in process', async () => {
    const { getRequestListener } = await import('@hono/node-server');
    const http = await import('node:http');
    const server = http.createServer(
      getRequestListener(api.app.fetch, { overrideGlobalObjects: false }),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/api`;
    try {
      const del = await fetch(`${base}/user_skills/all`, { method: 'DELETE' });
      expect(del.status).toBe(401); // reached the auth check: no 500 on an absent body
      const post = await fetch(`${base}/users/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: new Blob(['{"email":"nobody@example.com","password":"wrong password"}']).stream(),
        duplex: 'half',
      } as RequestInit);
      expect(post.status).toBe(401);
      expect(await post.json()).toMatchObject({
        status: false,
        message: 'Email and/or password incorrect',
      });
    } finally {
      server.close();
    }
  });
});
