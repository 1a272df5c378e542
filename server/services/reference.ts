import { createHash } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { countries, languages } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TCtx } from '@/server/context';

/**
 * Reference lists change only with a package upgrade (filled at start), so each database's
 * lists are read once per process and then served from memory.
 */
function cachedPerDb<T>(load: (db: Db) => Promise<T>): (ctx: Pick<TCtx, 'db'>) => Promise<T> {
  const cache = new WeakMap<Db, Promise<T>>();
  return ({ db }) => {
    let hit = cache.get(db);
    if (!hit) {
      hit = load(db);
      cache.set(db, hit);
      hit.catch(() => cache.delete(db)); // a failed read is tried again next time
    }
    return hit;
  };
}

export const listCountries = cachedPerDb(async (db) => {
  const rows = await db.select().from(countries).orderBy(asc(countries.nameEn));
  return rows.map((r) => ({ code: r.code, name_en: r.nameEn, name_es: r.nameEs }));
});

export const listLanguages = cachedPerDb(async (db) => {
  const rows = await db.select().from(languages).orderBy(asc(languages.nameEn));
  return rows.map((r) => ({ id: r.id, code: r.code, name_en: r.nameEn, name_es: r.nameEs }));
});

/** A whole answer, serialised once, with the validator of its bytes (docs/api.md "Reference"). */
export type TFrozenAnswer = { body: string; etag: string };

function frozen(data: unknown): TFrozenAnswer {
  const body = JSON.stringify({ status: true, data });
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, etag: `"${hash}"` };
}

/** `GET /countries`' answer, built once per database and process. */
export const countriesAnswer = cachedPerDb(async (db) => frozen(await listCountries({ db })));

/** `GET /languages`' answer, built once per database and process. */
export const languagesAnswer = cachedPerDb(async (db) => frozen(await listLanguages({ db })));
