import countriesLib from 'i18n-iso-countries';
import enCountries from 'i18n-iso-countries/langs/en.json';
import esCountries from 'i18n-iso-countries/langs/es.json';
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

/** Every ISO 639-1 language; Spanish names from the runtime's CLDR data (Intl.DisplayNames). */
export function languageRows() {
  const es = new Intl.DisplayNames(['es'], { type: 'language' });
  return ISO6391.getAllCodes()
    .slice()
    .sort()
    .map((code) => {
      const nameEn = ISO6391.getName(code);
      const spanish = es.of(code);
      return { code, nameEn, nameEs: spanish && spanish !== code ? capitalize(spanish) : nameEn };
    });
}

/** Inserts the reference tables' missing rows; existing ids never change. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.insert(countries).values(countryRows()).onConflictDoNothing();
  await db.insert(languages).values(languageRows()).onConflictDoNothing({ target: languages.code });
}
