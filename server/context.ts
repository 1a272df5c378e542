import type { Db } from '@/db/client';

/** What the server's services need from the outside world; tests pass their own. */
export type TDeps = {
  getDb: () => Promise<Db>;
  /** The clock, so tests can move time (recovery code expiry, rate-limit windows). */
  now: () => Date;
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
