import * as v from 'valibot';
import { emptyToUndefined } from './public-env';

// Every configuration variable, validated once (README "Configuration"). The public ones live in
// ./public-env (light enough for the browser); the server's are parsed lazily here. Messages are
// for whoever runs the server, so they are plain text rather than error codes.

const text = (min = 1) => v.pipe(v.string(), v.minLength(min, `needs at least ${min} characters`));
const url = () => v.pipe(v.string(), v.url('must be a URL'));
const oneOf = <const T extends string[]>(options: T) =>
  v.picklist(options, `must be one of ${options.join(', ')}`);

/** A whole number given as text, within `min`..`max`. */
const whole = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(min, `must be at least ${min}`),
      v.maxValue(max, `must be at most ${max}`),
    ),
    String(fallback),
  );

const serverEnvSchema = v.pipe(
  v.object({
    NODE_ENV: v.optional(oneOf(['development', 'production', 'test']), 'development'),
    PORT: whole(1, 65535, 3000),
    HOST: v.optional(text(), '127.0.0.1'),
    /** The public address of the app, for links in e-mails (default: http://HOST:PORT). */
    APP_URL: v.optional(
      v.pipe(
        url(),
        v.transform((u) => u.replace(/\/+$/, '')),
      ),
    ),
    /** How many proxies in front of the server append to X-Forwarded-For (0: read no header). */
    TRUST_PROXY: whole(0, 10, 0),
    DATABASE_URL: v.optional(url()),
    DATA_DIR: v.optional(text(), '.data'),
    JWT_SECRET: v.optional(text(32)),
    /** The bearer token of GET /api/metrics (docs/architecture.md "Metrics"); unset: no metrics. */
    METRICS_TOKEN: v.optional(text(16)),
    SMTP_URL: v.optional(url()),
    MAIL_FROM: v.optional(text(3), 'TalentChain <no-reply@talentchain.local>'),
    GOOGLE_JWKS_URL: v.optional(url(), 'https://www.googleapis.com/oauth2/v3/certs'),
    /** Where the server reads confirmed Algorand transactions (the indexer's REST API). */
    ALGORAND_INDEXER_URL: v.optional(url()),
    /** Where the server reads NEAR transactions (JSON-RPC). */
    NEAR_RPC_URL: v.optional(url()),
    VERIFICATIONS_EMAIL: v.optional(
      v.pipe(v.string(), v.email('must be an e-mail address')),
      'verifications@talentchain.local',
    ),
    /**
     * The operators' e-mails, comma-separated (docs/product.md "Operators"): such an account is
     * an operator once its address is confirmed (server/services/trust/operators.ts).
     */
    OPERATORS: v.optional(
      v.pipe(
        v.string(),
        v.transform((list) =>
          list
            .split(',')
            .map((e) => e.trim().toLowerCase())
            .filter(Boolean),
        ),
      ),
      '',
    ),
    /** Where uploads are kept: DATA_DIR/uploads, or an S3-compatible bucket (server/deps.ts). */
    STORAGE: v.optional(oneOf(['disk', 's3']), 'disk'),
    S3_ENDPOINT: v.optional(url()),
    S3_BUCKET: v.optional(text()),
    S3_REGION: v.optional(text(), 'us-east-1'),
    S3_ACCESS_KEY_ID: v.optional(text()),
    S3_SECRET_ACCESS_KEY: v.optional(text()),
    LOG_LEVEL: v.optional(oneOf(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
    SEED_DEMO: v.optional(oneOf(['true', 'false']), 'true'),
    /**
     * Tests and development only: webhooks may go to loopback and private addresses, over plain
     * http (docs/security.md "Webhook addresses"). Never set it in production.
     */
    WEBHOOKS_ALLOW_PRIVATE: v.optional(oneOf(['0', '1']), '0'),
  }),
  v.forward(
    v.partialCheck(
      [['STORAGE'], ['S3_BUCKET']],
      (e) => e.STORAGE !== 's3' || Boolean(e.S3_BUCKET),
      'is required when STORAGE=s3',
    ),
    ['S3_BUCKET'],
  ),
  v.forward(
    v.partialCheck(
      [['S3_ACCESS_KEY_ID'], ['S3_SECRET_ACCESS_KEY']],
      (e) => Boolean(e.S3_ACCESS_KEY_ID) === Boolean(e.S3_SECRET_ACCESS_KEY),
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    ),
    ['S3_SECRET_ACCESS_KEY'],
  ),
);

export type TServerEnv = v.InferOutput<typeof serverEnvSchema>;

let cached: TServerEnv | undefined;

/** The server's configuration; throws a readable error naming the bad variables. */
export function serverEnv(): TServerEnv {
  // Node only (component tests run the real server beside a simulated page, so `window` alone
  // does not tell a browser).
  if (typeof process === 'undefined' || !process.versions?.node) {
    throw new Error('serverEnv() is server-only');
  }
  if (cached) return cached;
  const raw = Object.fromEntries(
    Object.entries(process.env).map(([k, value]) => [k, emptyToUndefined(value)]),
  );
  const parsed = v.safeParse(serverEnvSchema, raw);
  if (!parsed.success) {
    const issues = parsed.issues.map((i) => `${v.getDotPath(i) ?? '(env)'}: ${i.message}`);
    throw new Error(`Invalid configuration: ${issues.join('; ')}`);
  }
  cached = parsed.output;
  return cached;
}

/** Tests change variables between cases; this forgets the parsed copy. */
export function resetServerEnv(): void {
  cached = undefined;
}
