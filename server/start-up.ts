import { seedDemoData } from '@/db/seed';
import type { Db } from '@/db/types';
import type { TServerEnv } from '@/lib/env';

/**
 * What start-up does to the opened (and migrated) database besides housekeeping: the demo data,
 * only when SEED_DEMO=true, and only into a database without users (db/seed.ts checks).
 */
export async function seedOnStart(db: Db, env: Pick<TServerEnv, 'SEED_DEMO'>): Promise<void> {
  if (env.SEED_DEMO === 'true') await seedDemoData(db);
}
