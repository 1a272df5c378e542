import { getDb, getDbHandle } from '@/db/client';
import { safeErrorFields } from './logger';
import { scheduleHousekeeping } from './services/housekeeping';

/**
 * At server start: open the database (taking the data directory's lock), apply the migrations
 * and seed an empty database, so a second process on the same directory fails at once, clearly.
 */
try {
  await getDbHandle();
  scheduleHousekeeping(getDb);
} catch (err) {
  // The data-directory lock's message says what to do; a failed query is named, never quoted.
  console.error(`Cannot start: ${safeErrorFields(err).error}`);
  process.exit(1);
}
