import { parseDay } from './dates';

/** A YYYY-MM-DD day or a timestamp as "Nov 20, 2026" / "20 nov 2026", the same on server and browser. */
export function formatDay(iso: string, lang: string): string {
  const date = parseDay(iso) ?? new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
