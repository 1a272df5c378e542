import { z } from 'zod';
import { emptyToUndefined } from './public-env';

/**
 * Every configuration variable, validated once (ARCHITECTURE.md "Configuration"). The public
 * ones live in ./public-env (light enough for the browser); the server's are parsed lazily here.
 */
const ZServerEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The public address of the app, for links in e-mails (default: http://HOST:PORT). */
  APP_URL: z
    .string()
    .url()
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  /** How many proxies in front of the server append to X-Forwarded-For (0: read no header). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('TalentChain <no-reply@talentchain.local>'),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  ALGOD_API_KEY: z.string().optional(),
  VERIFICATIONS_EMAIL: z.string().email().default('verifications@talentchain.local'),
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
});

export type TServerEnv = z.infer<typeof ZServerEnv>;

let cached: TServerEnv | undefined;

/** The server's configuration; throws a readable error naming the bad variables. */
export function serverEnv(): TServerEnv {
  if (typeof window !== 'undefined') throw new Error('serverEnv() is server-only');
  if (cached) return cached;
  const raw = Object.fromEntries(
    Object.entries(process.env).map(([k, v]) => [k, emptyToUndefined(v)]),
  );
  const parsed = ZServerEnv.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests change variables between cases; this forgets the parsed copy. */
export function resetServerEnv(): void {
  cached = undefined;
}
