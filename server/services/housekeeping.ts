import type { Db } from '@/db/types';
import { log, safeErrorFields } from '@/server/logger';
import { purgeSentMails } from './notifications/mail-outbox';
import { purgeExpiredRateLimits } from './rate-limit';
import { purgeSpentRecoveryCodes } from './users/recovery';

/**
 * Deletes rows that can no longer matter: ended rate-limit windows, spent recovery codes, and
 * outbox rows with nothing pending whose window has ended.
 */
export async function purgeExpiredRows(db: Db, now: Date) {
  return {
    rateLimits: await purgeExpiredRateLimits(db, now),
    recoveryCodes: await purgeSpentRecoveryCodes(db, now),
    sentMails: await purgeSentMails(db, now),
  };
}

export const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

/**
 * Purges at start and then every 10 minutes, in every instance (the deletes are idempotent, so
 * instances need no coordination). The timer never keeps the process alive.
 */
export function scheduleHousekeeping(getDb: () => Promise<Db>): void {
  const run = async () => {
    try {
      const purged = await purgeExpiredRows(await getDb(), new Date());
      if (purged.rateLimits + purged.recoveryCodes + purged.sentMails > 0) {
        log('info', 'purged expired rows', purged);
      }
    } catch (err) {
      log('warn', 'housekeeping failed', safeErrorFields(err));
    }
  };
  void run();
  setInterval(run, HOUSEKEEPING_EVERY_MS).unref();
}
