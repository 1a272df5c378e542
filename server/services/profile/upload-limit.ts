import type { Db } from '@/db/client';
import { takeRateLimit } from '@/server/services/rate-limit';

/** Uploads per client address (RATE_LIMITS.uploadPerAddress), with texts that name the limit. */
export async function checkUploadLimit(db: Db, ip: string, now: Date): Promise<void> {
  await takeRateLimit(db, { name: 'uploadPerAddress', subject: ip }, now, {
    message: 'Too many uploads. Please wait and try again.',
    messageEs: 'Demasiados archivos subidos. Espera un momento y vuelve a intentarlo.',
  });
}
