import type { Db } from './client';

/** Demo data for an empty database (accounts and postings arrive with their issues). */
export async function seedDemoData(_db: Db): Promise<void> {}
