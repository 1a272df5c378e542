import type { Db } from '@/db/types';
import type { TMailer } from './mail/mailer';
import type { TStorage } from './storage/storage';

/** What the server's services need from the outside world; tests pass their own. */
export type TDeps = {
  getDb: () => Promise<Db>;
  /** The clock, so tests can move time (recovery code expiry, rate-limit windows). */
  now: () => Date;
  /** HS256 key of the access tokens. */
  jwtSecret: Uint8Array;
  mailer: TMailer;
  google: { clientId?: string; jwksUrl: string };
  /** The e-mails `OPERATORS` lists, lower case (server/services/trust/operators.ts). */
  operators?: readonly string[];
  /** Where verification requests for study centres go. */
  verificationsEmail: string;
  /** Where uploaded bytes live: a directory or an S3-compatible bucket (server/deps.ts). */
  storage: TStorage;
  /** The app's public origin, for links in e-mails. */
  appUrl: string;
  /** Proxies whose X-Forwarded-For entries are trusted (server/http/client-address.ts). */
  trustProxy: number;
  /** Where the public verification reads the chains (docs/api.md "Proofs"). */
  chains: TChains;
  /**
   * Tests only: recovery codes of this many digits, so that a test can guess among every code
   * and prove the attempt limits stop it. Production never sets it: 12 (docs/security.md).
   */
  recoveryCodeDigits?: number;
  /**
   * Tests and development only (`WEBHOOKS_ALLOW_PRIVATE=1`): webhooks may go to loopback and
   * private addresses, over plain http (docs/security.md "Webhook addresses").
   */
  webhooksAllowPrivate?: boolean;
  /** The bearer token of GET /api/metrics (METRICS_TOKEN); unset: the route answers 404. */
  metricsToken?: string;
};

export type TChains = {
  algorand: { network: 'mainnet' | 'testnet'; indexerUrl: string };
  near: { network: 'mainnet' | 'testnet'; rpcUrl: string; contractId: string };
};

/** The caller of a request with a valid bearer token. */
export type TAuthUser = {
  id: number;
  isTalent: boolean;
  /** The user's `profile_version` when the token was checked (server/services/users/user-dto.ts). */
  profileVersion?: number;
  /** Runs the platform (docs/product.md "Operators"): `/api/admin/*` answers them only. */
  isOperator?: boolean;
};

/**
 * What every service verb takes first: `verb(ctx, input)`. Built once per request by
 * server/middleware/context.ts; requireAuth and optionalAuth fill `user`. `now` is read once, so
 * one request sees one instant.
 */
export type TCtx = {
  db: Db;
  user: TAuthUser | null;
  now: Date;
  deps: TDeps;
  /** The client's address as rate limits key it (docs/security.md "Client addresses"). */
  ip: string;
};

export type TAppEnv = {
  Variables: {
    ctx: TCtx;
    requestId: string;
  };
};
