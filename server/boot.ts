import { getDb, getDbHandle } from '@/db/client';
import { serverEnv } from '@/lib/env';
import { safeErrorFields } from './logger';
import { scheduleHousekeeping } from './services/housekeeping';
import { seedOnStart } from './start-up';

/**
 * At server start: open the database (taking the data directory's lock) and apply the
 * migrations, so a second process on the same directory fails at once, clearly; seed the demo
 * data (README "Demo sign-ins"); then purge expired rows now and every 10 minutes.
 */
try {
  const { db } = await getDbHandle();
  await seedOnStart(db, serverEnv());
  scheduleHousekeeping(getDb);
} catch (err) {
  // The data-directory lock's message says what to do; a failed query is named, never quoted.
  console.error(`Cannot start: ${safeErrorFields(err).error}`);
  process.exit(1);
}
