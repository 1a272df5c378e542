import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// The database's types, apart from db/client.ts so that modules the client runs at opening
// (reference data) and the demo seed can name them without importing the client.

/** What every query takes, whether PGlite or node-postgres is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Calls `onPayload` for each NOTIFY on `channel` until the returned function is called, and
 * `onReopened` when it listens again after a dropped connection (NOTIFYs of the gap are lost).
 */
export type TListen = (
  channel: string,
  onPayload: (payload: string) => void,
  onReopened?: () => void,
) => Promise<() => Promise<void>>;

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  listen: TListen;
};

export type OpenOptions =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir?: string /* undefined = in memory */ };
