import fs from 'node:fs';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '@/db/schema';
import { s3Storage } from '@/server/storage/s3-storage';
import { newUploadKey, type TStorage } from '@/server/storage/storage';
import { createTestApi, socketFrom, type TJson } from '../helpers/api';
import { startS3Peer } from '../helpers/s3-peer';
import { checkStorageContract, readAll } from '../helpers/storage-contract';
import { createUser } from '../helpers/users';

// STORAGE=s3 against a real S3-compatible server on loopback (s3rver), through the same
// TStorage contract as the disk, and the upload API end to end on top of it. What the storage
// writes is checked through the S3 API with a client of the test's own (s3.admin), and what it
// reads is put there by that client, so that each side is seen from outside the code under test.

let s3: Awaited<ReturnType<typeof startS3Peer>>;
let storage: TStorage;
let api: Awaited<ReturnType<typeof createTestApi>>;

beforeAll(async () => {
  s3 = await startS3Peer();
  storage = s3Storage({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: s3.region,
    credentials: s3.credentials,
  });
  api = await createTestApi({ storage });
});
afterAll(async () => {
  await api.close();
  await s3.close();
});

const pdf = () => new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1'));
const png = () => {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(3, 16);
  b.writeUInt32BE(2, 20);
  return new Uint8Array(b);
};

let ip = 0;
async function upload(route: '/file' | '/image', data: Uint8Array, name: string, token?: string) {
  const form = new FormData();
  form.append(route === '/file' ? 'file' : 'image', new Blob([data as BlobPart]), name);
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const res = await api.app.request(
    `/api${route}`,
    { method: 'POST', body: form, headers },
    socketFrom(`10.14.0.${++ip}`),
  );
  return { status: res.status, json: (await res.json()) as TJson };
}

describe('s3Storage', () => {
  it('keeps the TStorage contract: put, get, delete, missing', async () => {
    await checkStorageContract(storage);
  });

  it('writes each object under its own key, with its bytes and size, in the bucket (path-style)', async () => {
    const key = newUploadKey('pdf');
    const bytes = new Uint8Array(5_000).map((_, i) => (i * 7) % 256);
    const seen = s3.requests.length;
    await storage.put(key, bytes);

    const listed = await s3.admin.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    expect(listed.Contents?.find((o) => o.Key === key)?.Size).toBe(bytes.length);
    const got = await s3.admin.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(got.ContentLength).toBe(bytes.length);
    expect(new Uint8Array(await got.Body!.transformToByteArray())).toEqual(bytes);
    // One PUT, addressed as endpoint/bucket/key (every S3-compatible service understands it).
    expect(s3.requests.slice(seen).filter((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', host: new URL(s3.endpoint).host, path: `/${s3.bucket}/${key}` },
    ]);
  });

  it('reads an object the bucket holds under a key, and deletes it from the bucket', async () => {
    const key = newUploadKey('png');
    const bytes = new Uint8Array(3_000).map((_, i) => (i * 13) % 256);
    await s3.admin.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: bytes, ContentLength: 3_000 }),
    );
    const object = await storage.get(key);
    expect(object?.size).toBe(bytes.length);
    expect(await readAll(object!.stream)).toEqual(bytes);

    await storage.delete(key);
    await expect(
      s3.admin.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
    expect(await storage.get(key)).toBeNull();
  });
});

describe('the upload API on S3 storage', () => {
  it('stores POST /file in the bucket and serves it from GET /api/uploads/:key', async () => {
    const data = pdf();
    const { status, json } = await upload('/file', data, 'cv.pdf');
    expect(status).toBe(201);
    const { url, name, size, mime } = json.data as Record<string, string | number>;
    expect({ name, size, mime }).toEqual({
      name: 'cv.pdf',
      size: data.length,
      mime: 'application/pdf',
    });
    const key = String(url).replace('/api/uploads/', '');
    // In the bucket under the key the URL names, byte for byte.
    const object = await s3.admin.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(new Uint8Array(await object.Body!.transformToByteArray())).toEqual(data);
    // Nothing went to a disk directory.
    expect(fs.readdirSync(api.uploadsDir)).toEqual([]);

    const res = await api.app.request(String(url));
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(data);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(data.length));
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="cv.pdf"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('stores POST /image for a signed-in user and serves it inline', async () => {
    const ana = await createUser(api.db, api.deps);
    const { status, json } = await upload('/image', png(), 'me.png', ana.token);
    expect(status).toBe(201);
    expect(json.data).toMatchObject({ width: 3, height: 2 });
    const res = await api.app.request((json.data as { url: string }).url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png());
  });

  it('answers 404 when the row exists but the bucket lost the object', async () => {
    const { json } = await upload('/file', pdf(), 'gone.pdf');
    const url = (json.data as { url: string }).url;
    const key = url.replace('/api/uploads/', '');
    await s3.admin.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    const [row] = await api.db.select().from(uploads).where(eq(uploads.storageKey, key));
    expect(row).toBeDefined();
    const res = await api.app.request(url);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: false, code: 'not_found' });
  });
});
