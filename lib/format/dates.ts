import { cachedIntl } from './intl-cache';

// docs/product.md "Constants and limits" date formats. Dates travel as YYYY-MM-DD (docs/api.md): they are calendar days, so they are
// read and formatted in UTC, where no time zone can move them to the day before.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

function parts(iso: string): { y: string; m: string; d: string } | null {
  const match = ISO_DAY.exec(iso);
  return match ? { y: match[1]!, m: match[2]!, d: match[3]! } : null;
}

/** A YYYY-MM-DD day as a UTC Date (midnight), or null when it is not one. */
export function parseDay(iso: string | null | undefined): Date | null {
  const p = iso ? parts(iso) : null;
  if (!p) return null;
  const date = new Date(Date.UTC(Number(p.y), Number(p.m) - 1, Number(p.d)));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'YYYY-MM-DD' → 'DD-MM-YYYY'; anything else is returned as it came. */
export function formatDayMonthYear(iso: string): string {
  const p = parts(iso);
  return p ? `${p.d}-${p.m}-${p.y}` : iso;
}

/** 'YYYY-MM-DD' → 'MM/DD/YYYY'; anything else is returned as it came. */
export function formatMonthDayYear(iso: string): string {
  const p = parts(iso);
  return p ? `${p.m}/${p.d}/${p.y}` : iso;
}

/**
 * Short month names as Intl (CLDR) writes them in the app's two languages: building an
 * Intl.DateTimeFormat costs ~100 ms on a slow phone's first page load, a table costs nothing.
 */
export const SHORT_MONTHS: Record<string, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
};

/** 'YYYY-MM-DD' → the month and year in `lang` ("Mar 2021", "mar 2021"). */
export function formatMonthYear(iso: string, lang: string): string {
  const date = parseDay(iso);
  if (!date) return iso;
  const months = SHORT_MONTHS[lang];
  if (months) return `${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return cachedIntl(
    `month-year ${lang}`,
    () => new Intl.DateTimeFormat(lang, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  ).format(date);
}
