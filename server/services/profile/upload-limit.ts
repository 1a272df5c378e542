import type { Db } from '@/db/client';
import { hitRateLimit } from '@/server/services/rate-limit';

/** Uploads per IP address (RATE_LIMITS.uploadPerIp), with texts that name what was limited. */
export async function checkUploadLimit(db: Db, ip: string, now: Date): Promise<void> {
  await hitRateLimit(db, 'uploadPerIp', ip, now, {
    message: 'Too many uploads. Please wait and try again.',
    messageEs: 'Demasiados archivos subidos. Espera un momento y vuelve a intentarlo.',
  });
}
