import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// The database's types, apart from db/client.ts so that modules the client runs at opening
// (reference data) and the demo seed can name them without importing the client.

/** What every query takes, whether PGlite or node-postgres is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DbHandle = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

export type OpenOptions =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir?: string /* undefined = in memory */ };
