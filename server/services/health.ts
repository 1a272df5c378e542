import { sql } from 'drizzle-orm';
import type { Db } from '@/db/types';
import pkg from '@/package.json';

/** Whether the database answers a trivial query. */
export async function checkHealth(getDb: () => Promise<Db>) {
  let database = false;
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    database = true;
  } catch {
    database = false;
  }
  return { status: database ? 'ok' : 'degraded', version: pkg.version, database };
}
