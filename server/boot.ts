import { getDbHandle } from '@/db/client';

/**
 * At server start: open the database (taking the data directory's lock), apply the migrations
 * and seed an empty database, so a second process on the same directory fails at once, clearly.
 */
try {
  await getDbHandle();
} catch (err) {
  console.error(`Cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
