import countriesLib from 'i18n-iso-countries';
import enCountries from 'i18n-iso-countries/langs/en.json';
import esCountries from 'i18n-iso-countries/langs/es.json';
import { sql } from 'drizzle-orm';
import ISO6391 from 'iso-639-1';
import { countries, languages } from './schema';
import type { Db } from './types';

countriesLib.registerLocale(enCountries);
countriesLib.registerLocale(esCountries);

const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase('es') + s.slice(1);

/** Every ISO 3166-1 country with its English and Spanish name. */
export function countryRows() {
  const en = countriesLib.getNames('en', { select: 'official' });
  const es = countriesLib.getNames('es', { select: 'official' });
  return Object.keys(en)
    .map((code) => ({ code, nameEn: en[code]!, nameEs: es[code] ?? en[code]! }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/**
 * Every ISO 639-1 language; Spanish names from the runtime's CLDR data (Intl.DisplayNames).
 * Each name is unique in each language, as a picker lists them by name alone: CLDR names Twi
 * (`tw`) "akan" in Spanish, as Akan (`ak`) itself, so a code whose English name is another one
 * than the shared name keeps that English name (a proper noun, the same in Spanish), and any
 * name still shared says its code.
 */
export function languageRows() {
  const es = new Intl.DisplayNames(['es'], { type: 'language' });
  const rows = ISO6391.getAllCodes()
    .slice()
    .sort()
    .map((code) => {
      const nameEn = ISO6391.getName(code);
      const spanish = es.of(code);
      return { code, nameEn, nameEs: spanish && spanish !== code ? capitalize(spanish) : nameEn };
    });
  const sharedEs = shared(rows.map((r) => r.nameEs));
  for (const row of rows) {
    if (sharedEs.has(row.nameEs) && row.nameEn.toLowerCase() !== row.nameEs.toLowerCase()) {
      row.nameEs = row.nameEn;
    }
  }
  for (const key of ['nameEn', 'nameEs'] as const) {
    const still = shared(rows.map((r) => r[key]));
    for (const row of rows) if (still.has(row[key])) row[key] = `${row[key]} (${row.code})`;
  }
  return rows;
}

/** The names that occur more than once in `names`. */
function shared(names: string[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const name of names) (seen.has(name) ? twice : seen).add(name);
  return twice;
}

/**
 * Inserts the reference tables' missing rows; existing ids never change. A language whose names
 * changed (a database filled before they were made unique) takes the new names, under its id.
 */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.insert(countries).values(countryRows()).onConflictDoNothing();
  await db
    .insert(languages)
    .values(languageRows())
    .onConflictDoUpdate({
      target: languages.code,
      set: { nameEn: sql`excluded.name_en`, nameEs: sql`excluded.name_es` },
      setWhere: sql`(${languages.nameEn}, ${languages.nameEs}) is distinct from (excluded.name_en, excluded.name_es)`,
    });
}
