import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver accepts any request signed with these (its defaults). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** One request as the S3 peer received it. */
export type TS3Request = { method: string; host: string; path: string };

/**
 * A real S3-compatible server on 127.0.0.1 (s3rver, in process, on a free port, over a temporary
 * directory), with one empty bucket made through the S3 API, as an operator would. `admin` is
 * an S3 client of its own (not the code under test), to look at the bucket through the S3 API;
 * `requests` lists every request the server received, as it received it.
 */
export async function startS3Peer(bucket = 'talentchain-test') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const requests: TS3Request[] = [];
  // First in the chain, before s3rver's own rewriting of virtual-host addresses.
  server.middleware.unshift(async (ctx, next) => {
    requests.push({ method: ctx.method, host: ctx.host, path: ctx.path });
    await next();
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  const close = async () => {
    admin.destroy();
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  };
  return {
    endpoint,
    bucket,
    region: 'us-east-1',
    credentials: CREDENTIALS,
    admin,
    requests,
    close,
  };
}
