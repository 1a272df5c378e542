import { asc } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { countries, languages } from '@/db/schema';

export async function listCountries(db: Db) {
  const rows = await db.select().from(countries).orderBy(asc(countries.nameEn));
  return rows.map((r) => ({ code: r.code, name_en: r.nameEn, name_es: r.nameEs }));
}

export async function listLanguages(db: Db) {
  const rows = await db.select().from(languages).orderBy(asc(languages.nameEn));
  return rows.map((r) => ({ id: r.id, code: r.code, name_en: r.nameEn, name_es: r.nameEs }));
}
