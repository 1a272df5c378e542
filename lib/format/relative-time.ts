import { parseDay } from './dates';

/** A translate function bound to the 'profile' namespace (react-i18next's `t`). */
export type TTranslate = (key: string, options?: Record<string, unknown>) => string;

export const TIME_UNITS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
export type TTimeUnit = (typeof TIME_UNITS)[number];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Whole calendar months from `a` to `b` (b ≥ a): Jan 31 → Feb 28 is not yet a month, Jan 15 →
 * Feb 15 is. Read in UTC so that every reader counts the same.
 */
export function wholeMonths(a: Date, b: Date): number {
  let months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
  const aRest = a.getTime() - Date.UTC(a.getUTCFullYear(), a.getUTCMonth(), 1);
  const bRest = b.getTime() - Date.UTC(b.getUTCFullYear(), b.getUTCMonth(), 1);
  if (bRest < aRest) months -= 1;
  return Math.max(0, months);
}

/** docs/product.md "Constants and limits": the largest of year, month, day, hour, minute, second that fits, and how many. */
export function largestUnit(from: Date, now: Date): { unit: TTimeUnit; count: number } {
  const ms = Math.max(0, now.getTime() - from.getTime());
  const months = wholeMonths(from, now);
  if (months >= 12) return { unit: 'year', count: Math.floor(months / 12) };
  if (months >= 1) return { unit: 'month', count: months };
  if (ms >= DAY) return { unit: 'day', count: Math.floor(ms / DAY) };
  if (ms >= HOUR) return { unit: 'hour', count: Math.floor(ms / HOUR) };
  if (ms >= MINUTE) return { unit: 'minute', count: Math.floor(ms / MINUTE) };
  return { unit: 'second', count: Math.floor(ms / SECOND) };
}

/** "3 days ago" / "Hace 3 días" (docs/product.md "Constants and limits"), from a timestamp or a YYYY-MM-DD day. */
export function formatRelativeTime(
  from: string | Date,
  t: TTranslate,
  now: Date = new Date(),
): string {
  const date =
    typeof from === 'string'
      ? (parseDay(/^\d{4}-\d{2}-\d{2}$/.test(from) ? from : null) ?? new Date(from))
      : from;
  if (Number.isNaN(date.getTime())) return '';
  const { unit, count } = largestUnit(date, now);
  return t('format.ago', { time: t(`format.unit.${unit}`, { count }) });
}

/**
 * How long from `start` to `end` (YYYY-MM-DD; no end means today) as years plus months:
 * "2 years 3 months", "1 year", "5 months", or "less than a month" (docs/product.md "Constants and limits").
 */
export function formatDuration(
  start: string,
  end: string | null | undefined,
  t: TTranslate,
  today: Date = new Date(),
): string {
  const from = parseDay(start);
  const to = end ? parseDay(end) : today;
  if (!from || !to) return '';
  const months = wholeMonths(from, to);
  if (months < 1) return t('format.less_than_month');
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return [
    years > 0 ? t('format.unit.year', { count: years }) : '',
    rest > 0 ? t('format.unit.month', { count: rest }) : '',
  ]
    .filter(Boolean)
    .join(' ');
}
