import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getDb } from '@/db/client';
import { chainEnv, nearContractId } from '@/lib/chain-env';
import { publicEnv } from '@/lib/public-env';
import { serverEnv, type TServerEnv } from '@/lib/env';
import type { TChains, TDeps } from './context';
import { log } from './logger';
import { outboxMailer, smtpMailer, type TMailer } from './mail/mailer';
import { s3Storage } from './storage/s3-storage';
import { diskStorage, type TStorage } from './storage/storage';

/** JWT_SECRET, or a secret generated once into the data directory (kept across restarts). */
function loadJwtSecret(dataDir: string, configured?: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    log('warn', 'JWT_SECRET is not set: generated one in the data directory', { file });
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

/** A mailer that connects on first use, so a start never waits for the SMTP module. */
function lazyMailer(make: () => Promise<TMailer>): TMailer {
  let mailer: Promise<TMailer> | undefined;
  return {
    async send(mail) {
      mailer ??= make();
      await (await mailer).send(mail);
    },
  };
}

/** STORAGE=s3: the configured bucket; otherwise files under DATA_DIR/uploads. */
function storageFrom(env: TServerEnv, dataDir: string): TStorage {
  if (env.STORAGE !== 's3') return diskStorage(path.join(dataDir, 'uploads'));
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  return s3Storage({
    endpoint: env.S3_ENDPOINT,
    // lib/env.ts requires S3_BUCKET with STORAGE=s3.
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}

/** The chains' public endpoints: the configured ones, else the network's public defaults. */
function chainsFrom(env: TServerEnv): TChains {
  const algo = chainEnv.NEXT_PUBLIC_ALGO_NETWORK;
  const near = chainEnv.NEXT_PUBLIC_NEAR_NETWORK;
  return {
    algorand: {
      network: algo,
      indexerUrl: (env.ALGORAND_INDEXER_URL ?? `https://${algo}-idx.4160.nodely.dev`).replace(
        /\/+$/,
        '',
      ),
    },
    near: {
      network: near,
      rpcUrl:
        env.NEAR_RPC_URL ?? chainEnv.NEXT_PUBLIC_NEAR_RPC_URL ?? `https://rpc.${near}.near.org`,
      contractId: nearContractId(),
    },
  };
}

/** The production dependencies, from the configuration. */
export function createDefaultDeps(): TDeps {
  const env = serverEnv();
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    getDb,
    now: () => new Date(),
    jwtSecret: loadJwtSecret(dataDir, env.JWT_SECRET),
    mailer: env.SMTP_URL
      ? lazyMailer(() => smtpMailer(env.SMTP_URL!, env.MAIL_FROM))
      : outboxMailer(path.join(dataDir, 'outbox'), env.MAIL_FROM),
    google: { clientId: publicEnv.NEXT_PUBLIC_GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL },
    operators: env.OPERATORS,
    verificationsEmail: env.VERIFICATIONS_EMAIL,
    storage: storageFrom(env, dataDir),
    appUrl: env.APP_URL ?? `http://${env.HOST}:${env.PORT}`,
    trustProxy: env.TRUST_PROXY,
    chains: chainsFrom(env),
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === '1',
    metricsToken: env.METRICS_TOKEN,
  };
}
