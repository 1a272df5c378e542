import type { S3Client } from '@aws-sdk/client-s3';
import { assertUploadKey, type TStorage } from './storage';

/** An S3-compatible bucket (STORAGE=s3 and the S3_* variables, README "Configuration"). */
export type TS3Config = {
  /** Another service than AWS (MinIO, R2, Ceph...), e.g. http://127.0.0.1:9000. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Without keys the SDK's own chain applies (environment, instance role...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

type TSdk = typeof import('@aws-sdk/client-s3');

/** Whether the SDK's error says the object is not there. */
const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Objects in one bucket, named by their keys. The SDK is loaded on first use, so a server on disk
 * storage never loads it. Path-style addressing (`endpoint/bucket/key`) works with every
 * S3-compatible service, and checksums are sent only when an operation requires them, since not
 * every such service understands the SDK's newer default ones.
 */
export function s3Storage(config: TS3Config): TStorage {
  let opened: Promise<{ sdk: TSdk; client: S3Client }> | undefined;
  const open = () =>
    (opened ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: config.endpoint,
        region: config.region,
        credentials: config.credentials,
        forcePathStyle: true,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = config.bucket;

  return {
    async put(key, bytes) {
      assertUploadKey(key);
      const { sdk, client } = await open();
      // If-None-Match: keys are never reused; where the service honours it, an existing one fails.
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          IfNoneMatch: '*',
        }),
      );
    },
    async get(key) {
      assertUploadKey(key);
      const { sdk, client } = await open();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        return { stream: out.Body.transformToWebStream(), size: out.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertUploadKey(key);
      const { sdk, client } = await open();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
