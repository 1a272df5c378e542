import { parseDay, SHORT_MONTHS } from './dates';
import { cachedIntl } from './intl-cache';

/** A YYYY-MM-DD day or a timestamp as "Nov 20, 2026" / "20 nov 2026", the same on server and browser. */
export function formatDay(iso: string, lang: string): string {
  const date = parseDay(iso) ?? new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // As Intl's medium style writes it ("Nov 20, 2026", "20 nov 2026"), without building one.
  const months = SHORT_MONTHS[lang];
  const [d, m, y] = [date.getUTCDate(), date.getUTCMonth(), date.getUTCFullYear()];
  if (months && lang === 'en') return `${months[m]} ${d}, ${y}`;
  if (months) return `${d} ${months[m]} ${y}`;
  return cachedIntl(
    `day ${lang}`,
    () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }),
  ).format(date);
}
