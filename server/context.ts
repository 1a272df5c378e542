import type { Db } from '@/db/client';
import type { TMailer } from './mail/mailer';

/** What the server's services need from the outside world; tests pass their own. */
export type TDeps = {
  getDb: () => Promise<Db>;
  /** The clock, so tests can move time (recovery code expiry, rate-limit windows). */
  now: () => Date;
  /** HS256 key of the access tokens. */
  jwtSecret: Uint8Array;
  mailer: TMailer;
  google: { clientId?: string; jwksUrl: string };
  /** Where verification requests for study centres go. */
  verificationsEmail: string;
  /** Root directory of stored uploads (disk storage). */
  uploadsDir: string;
  /** The app's public origin, for links in e-mails. */
  appUrl: string;
  /** Proxies whose X-Forwarded-For entries are trusted (server/http/client-address.ts). */
  trustProxy: number;
};

export type TAuthUser = { id: number; isTalent: boolean };

export type TAppEnv = {
  Variables: {
    deps: TDeps;
    db: Db;
    requestId: string;
    user?: TAuthUser;
  };
};
