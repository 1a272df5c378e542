import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '@/db/schema';
import { createTestApi, socketFrom, type TJson } from '../helpers/api';
import { createUser, type TTestUser } from '../helpers/users';

let api: Awaited<ReturnType<typeof createTestApi>>;
let ana: TTestUser;

beforeAll(async () => {
  api = await createTestApi();
  ana = await createUser(api.db, api.deps);
});
afterAll(async () => api.close());

const MB = 1024 * 1024;
const KEY_RE = /^[a-f0-9]{32}\.(png|jpg|webp|pdf|doc|docx)$/;

// Smallest headers of each accepted type (enough for detection and the size reading).
const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u16be = (n: number) => [(n >>> 8) & 255, n & 255];
const ascii = (s: string) => [...Buffer.from(s, 'latin1')];
type TBytes = Uint8Array<ArrayBuffer>;
const bytes = (...parts: number[][]): TBytes => new Uint8Array(parts.flat());

const png = (w: number, h: number) =>
  bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    u32be(13),
    ascii('IHDR'),
    u32be(w),
    u32be(h),
    [8, 6, 0, 0, 0],
    u32be(0),
  );
const jpeg = (w: number, h: number) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0],
    u16be(16),
    ascii('JFIF\0'),
    Array(9).fill(0),
    [0xff, 0xc0],
    u16be(17),
    [8],
    u16be(h),
    u16be(w),
    Array(12).fill(0),
    [0xff, 0xd9],
  );
const riff = (chunk: string, payload: number[]) =>
  bytes(
    ascii('RIFF'),
    [0, 0, 0, 0],
    ascii('WEBP'),
    ascii(chunk),
    [payload.length, 0, 0, 0],
    payload,
  );
const webpVp8x = (w: number, h: number) =>
  riff('VP8X', [
    0,
    0,
    0,
    0,
    (w - 1) & 255,
    ((w - 1) >> 8) & 255,
    (w - 1) >> 16,
    (h - 1) & 255,
    ((h - 1) >> 8) & 255,
    (h - 1) >> 16,
  ]);
const webpVp8l = (w: number, h: number) => {
  const bits = (w - 1) | ((h - 1) << 14);
  return riff('VP8L', [
    0x2f,
    bits & 255,
    (bits >>> 8) & 255,
    (bits >>> 16) & 255,
    (bits >>> 24) & 255,
    0,
    0,
  ]);
};
const webpVp8 = (w: number, h: number) =>
  riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, w & 255, w >> 8, h & 255, h >> 8, 0, 0]);
const pdf = () => bytes(ascii('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'));
const doc = () => bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], Array(504).fill(0));
const zipEntry = (name: string) => [
  ...ascii('PK\x03\x04'),
  ...Array(22).fill(0),
  name.length,
  0,
  0,
  0,
  ...ascii(name),
];
const docx = () =>
  bytes(zipEntry('[Content_Types].xml'), zipEntry('_rels/.rels'), zipEntry('word/document.xml'));

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
/** A request from a fresh client address, so that the upload limit does not get in the way. */
const request = (url: string, init?: RequestInit) =>
  api.app.request(url, init, socketFrom(freshIp()));

/** Sends one file as multipart/form-data the way a browser does. */
async function send(
  route: '/image' | '/file',
  file: { data: TBytes; name?: string; type?: string; field?: string },
  opts: { token?: string; ip?: string } = {},
) {
  const form = new FormData();
  form.append(
    file.field ?? (route === '/image' ? 'image' : 'file'),
    new Blob([file.data], { type: file.type ?? 'application/octet-stream' }),
    file.name ?? 'upload.bin',
  );
  const headers: Record<string, string> = {};
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const res = await api.app.request(
    `/api${route}`,
    { method: 'POST', body: form, headers },
    socketFrom(opts.ip ?? freshIp()),
  );
  return { res, status: res.status, json: (await res.json()) as TJson };
}

const keyOf = (url: string) => url.replace('/api/uploads/', '');

/** A hand-made multipart body: `disposition` is the part's Content-Disposition parameters. */
async function sendRaw(route: '/file', disposition: string, data: Uint8Array) {
  const body = Buffer.concat([
    Buffer.from(`--B\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n`),
    data,
    Buffer.from('\r\n--B--\r\n'),
  ]);
  const res = await request(`/api${route}`, {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=B' },
    body,
  });
  return { status: res.status, json: (await res.json()) as TJson };
}

describe('POST /api/image', () => {
  it('stores PNG, JPEG and WebP images with the size read from their headers', async () => {
    const cases: [TBytes, number, number][] = [
      [png(640, 480), 640, 480],
      [jpeg(300, 200), 300, 200],
      [webpVp8x(1024, 768), 1024, 768],
      [webpVp8l(17, 33), 17, 33],
      [webpVp8(120, 90), 120, 90],
    ];
    for (const [data, width, height] of cases) {
      const { status, json } = await send(
        '/image',
        { data, name: 'photo.gif', type: 'text/plain' },
        { token: ana.token },
      );
      expect(status, `${width}x${height}: ${JSON.stringify(json)}`).toBe(201);
      expect(json).toEqual({
        status: true,
        data: {
          id: expect.any(Number),
          url: expect.stringMatching(/^\/api\/uploads\/[a-f0-9]{32}\.(png|jpg|webp)$/),
          width,
          height,
        },
      });
      const [row] = await api.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, (json.data as { id: number }).id));
      expect(row).toMatchObject({
        ownerId: ana.id,
        kind: 'image',
        width,
        height,
        size: data.length,
      });
    }
  });

  it('refuses HTML and SVG sent as image/png, and a PDF, with 415', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>';
    const files = [
      {
        data: bytes(ascii('<html><script>alert(1)</script></html>')),
        name: 'x.png',
        type: 'image/png',
      },
      { data: bytes(ascii(svg)), name: 'x.svg', type: 'image/png' },
      { data: pdf(), name: 'x.png', type: 'image/png' },
      { data: png(0, 0).slice(0, 12), name: 'broken.png', type: 'image/png' },
    ];
    for (const file of files) {
      const { status, json } = await send('/image', file, { token: ana.token });
      expect(status, file.name).toBe(415);
      expect(json).toMatchObject({
        status: false,
        code: 'unsupported_media_type',
        message_es: expect.any(String),
        errors: [
          file.name === 'broken.png'
            ? { path: 'image', code: 'file_damaged', message: 'The file is damaged.' }
            : { path: 'image', code: 'image_type', message: 'Use a PNG, JPEG or WebP image.' },
        ],
      });
    }
  });

  it('needs a bearer token', async () => {
    expect((await send('/image', { data: png(1, 1) })).status).toBe(401);
  });

  it('answers an empty file or a missing field with 400', async () => {
    const empty = await send('/image', { data: new Uint8Array(0) }, { token: ana.token });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual([
      { path: 'image', code: 'file_empty', message: 'The file is empty.' },
    ]);
    const other = await send('/image', { data: png(1, 1), field: 'avatar' }, { token: ana.token });
    expect(other.status).toBe(400);
  });
});

describe('POST /api/file', () => {
  it('stores PDF, DOC, DOCX, PNG and JPEG without a token and answers name, size and mime', async () => {
    const cases: [TBytes, string, string][] = [
      [pdf(), 'cv.pdf', 'application/pdf'],
      [doc(), 'cv.doc', 'application/msword'],
      [
        docx(),
        'cv.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      [png(10, 10), 'scan.png', 'image/png'],
      [jpeg(10, 10), 'scan.jpg', 'image/jpeg'],
    ];
    for (const [data, name, mime] of cases) {
      const { status, json } = await send('/file', {
        data,
        name,
        type: 'application/octet-stream',
      });
      expect(status, name).toBe(201);
      expect(json.data).toEqual({
        id: expect.any(Number),
        url: expect.stringMatching(/^\/api\/uploads\//),
        name,
        size: data.length,
        mime,
      });
      const [row] = await api.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, (json.data as { id: number }).id));
      expect(row?.ownerId).toBeNull();
    }
  });

  it('refuses other types whatever they are called, including a plain zip and a WebP', async () => {
    const files = [
      { data: bytes(ascii('<!doctype html><p>hi')), name: 'cv.pdf', type: 'application/pdf' },
      { data: bytes(zipEntry('payload.exe')), name: 'cv.docx' },
      { data: webpVp8x(10, 10), name: 'x.webp', type: 'image/webp' },
      { data: bytes(ascii('MZ\x90\x00')), name: 'cv.doc' },
    ];
    for (const file of files) {
      const { status, json } = await send('/file', file);
      expect(status, file.name).toBe(415);
      expect(json.errors).toEqual([
        {
          path: 'file',
          code: 'document_type',
          message: 'Use a PDF, Word document, PNG or JPEG file.',
        },
      ]);
    }
  });

  it('keeps path-like and very long names for display only and stores files under random names in the uploads directory', async () => {
    const long = `${'a'.repeat(1000)}.pdf`;
    const names = [
      '../../etc/passwd',
      '..\\..\\windows\\system.ini',
      long,
      'evil\u202e\u200f.pdf',
      '..',
    ];
    const shown: string[] = [];
    for (const name of names) {
      const { status, json } = await send('/file', { data: pdf(), name });
      expect(status, name.slice(0, 20)).toBe(201);
      const data = json.data as { url: string; name: string };
      expect(keyOf(data.url)).toMatch(KEY_RE);
      shown.push(data.name);
    }
    expect(shown[0]).toBe('passwd');
    expect(shown[1]).toBe('system.ini');
    expect(shown[2]).toHaveLength(200);
    expect(shown[3]).toBe('evil.pdf');
    expect(shown[4]).toBe('file.pdf');
    const stored = fs.readdirSync(api.uploadsDir);
    expect(stored.length).toBeGreaterThan(0);
    for (const entry of stored) {
      expect(entry).toMatch(KEY_RE);
      expect(fs.statSync(path.join(api.uploadsDir, entry)).isFile()).toBe(true);
    }
    expect(fs.existsSync(path.join(api.uploadsDir, '..', 'passwd'))).toBe(false);
    const rows = await api.db.select({ key: uploads.storageKey }).from(uploads);
    expect(new Set(stored)).toEqual(new Set(rows.map((r) => r.key)));
  });

  it('strips control characters from names', async () => {
    const { status, json } = await sendRaw(
      '/file',
      `name="file"; filename*=UTF-8''..%2Fev%00il%07%1B%0A.pdf`,
      pdf(),
    );
    expect(status).toBe(201);
    expect((json.data as { name: string }).name).toBe('evil.pdf');
  });

  it('answers zero bytes, a missing file and a body that is not a form with 4xx', async () => {
    expect((await send('/file', { data: new Uint8Array(0), name: 'empty.pdf' })).status).toBe(400);
    const missing = await send('/file', { data: pdf(), field: 'document' });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([
      { path: 'file', code: 'required', message: 'This field is required.' },
    ]);
    const json = await api.call('POST', '/file', {
      body: { file: 'x' },
      ip: freshIp(),
    });
    expect(json.status).toBe(415);
    const cut = await request('/api/file', {
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=XYZ',
      },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then nothing',
    });
    expect(cut.status).toBe(400);
  });
});

describe('upload size caps', () => {
  /** A multipart body of `total` bytes made on demand, counting what the server pulled. */
  function hugeBody(field: string, total: number) {
    const head = Buffer.from(
      `--B\r\nContent-Disposition: form-data; name="${field}"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const chunk = new Uint8Array(64 * 1024);
    const counter = { pulled: 0 };
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const part = counter.pulled === 0 ? head : chunk;
          if (counter.pulled >= total) return controller.close();
          counter.pulled += part.byteLength;
          controller.enqueue(part);
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, counter };
  }

  for (const [route, field, cap] of [
    ['/file', 'file', 10 * MB],
    ['/image', 'image', 5 * MB],
  ] as const) {
    it(`stops reading a 50 MB body sent to ${route} soon after its ${cap / MB} MB cap and answers 413`, async () => {
      const total = 50 * MB;
      const { stream, counter } = hugeBody(field, total);
      const headers: Record<string, string> = {
        'content-type': 'multipart/form-data; boundary=B',
      };
      if (route === '/image') headers.Authorization = `Bearer ${ana.token}`;
      const res = await request(`/api${route}`, {
        method: 'POST',
        headers,
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({
        status: false,
        code: 'payload_too_large',
        errors: [
          {
            path: field,
            code: 'file_too_large',
            params: { max: cap / MB },
            message: `The file is too large: at most ${cap / MB} MB.`,
          },
        ],
      });
      expect(counter.pulled).toBeGreaterThan(cap);
      expect(counter.pulled).toBeLessThan(cap + 2 * MB);
      expect(counter.pulled).toBeLessThan(total / 4);
    });
  }

  it('refuses a declared Content-Length over the cap before reading anything', async () => {
    const { stream, counter } = hugeBody('file', 50 * MB);
    const res = await request('/api/file', {
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=B',
        'content-length': String(50 * MB),
      },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(counter.pulled).toBeLessThan(MB);
  });

  it('still applies the 1 MB limit to JSON endpoints', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(2 * MB) });
    const r = await api.call('PATCH', '/users/info', { token: ana.token, rawBody: body });
    expect(r.status).toBe(413);
  });
});

describe('GET /api/uploads/:key', () => {
  it('serves a document as an attachment with nosniff and a long cache', async () => {
    const data = pdf();
    // A UTF-8 name with quotes, sent as RFC 5987 filename* (as some clients do).
    const up = await sendRaw(
      '/file',
      `name="file"; filename*=UTF-8''Mi%20%22CV%22%20%C3%B1.pdf`,
      data,
    );
    const { url, name } = up.json.data as { url: string; name: string };
    expect(name).toBe('Mi "CV" ñ.pdf');
    const res = await api.app.request(url);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(data);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Mi _CV_ _.pdf"; filename*=UTF-8''Mi%20%22CV%22%20%C3%B1.pdf`,
    );
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('serves an image inline with its type', async () => {
    const { json } = await send(
      '/image',
      { data: png(2, 2), name: 'me.png' },
      { token: ana.token },
    );
    const res = await api.app.request((json.data as { url: string }).url);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 404 for keys that are not random upload names or are not stored', async () => {
    for (const key of [
      '..%2F..%2Fetc%2Fpasswd',
      'passwd',
      `${'A'.repeat(32)}.png`,
      `${'a'.repeat(32)}.png`,
      `${'a'.repeat(32)}.html`,
    ]) {
      const res = await api.app.request(`/api/uploads/${key}`);
      expect(res.status, key).toBe(404);
      expect(await res.json()).toMatchObject({ status: false, code: 'not_found' });
    }
  });
});

describe('upload rate limit', () => {
  it('allows 30 uploads per IP in 15 minutes, then answers 429 with Retry-After', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 30; i++) {
      expect((await send('/file', { data: pdf(), name: `${i}.pdf` }, { ip })).status).toBe(201);
    }
    const limited = await send('/file', { data: pdf() }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ status: false, code: 'rate_limited' });
    expect(Number(limited.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send('/file', { data: pdf() }, { ip: freshIp() })).status).toBe(201);
    const saved = api.clock.now;
    api.clock.now = new Date(saved.getTime() + 15 * 60_000 + 1000);
    try {
      expect((await send('/file', { data: pdf() }, { ip })).status).toBe(201);
    } finally {
      api.clock.now = saved;
    }
  });
});
