/** The app's two languages: English, the default, and Spanish (under /es). */
export type TLang = 'en' | 'es';

/**
 * The language of a locale, of i18next's active language or of a stored preference: Spanish for
 * `es`, English for anything else (none included).
 */
export const langOf = (locale: string | null | undefined): TLang =>
  locale === 'es' ? locale : 'en';
