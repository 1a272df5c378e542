import { cachedIntl } from '@/lib/format/intl-cache';

/**
 * When a message was written, in the reader's own time zone in the browser ("Nov 27, 2026,
 * 3:05 PM"); on the server, and in the render that takes its page over, in UTC (the server does
 * not know the reader's zone), so both write the same text. `short`: the time alone when it is
 * today, else the day.
 */
export function formatWhen(iso: string, lang: string, inBrowser: boolean, short = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const timeZone = inBrowser ? undefined : 'UTC';
  const zone = timeZone ?? 'local';
  if (short) {
    const today = new Date();
    const sameDay = inBrowser
      ? today.toDateString() === date.toDateString()
      : today.toISOString().slice(0, 10) === iso.slice(0, 10);
    return sameDay
      ? cachedIntl(
          `time ${lang} ${zone}`,
          () => new Intl.DateTimeFormat(lang, { timeStyle: 'short', timeZone }),
        ).format(date)
      : cachedIntl(
          `day ${lang} ${zone}`,
          () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone }),
        ).format(date);
  }
  return cachedIntl(
    `when ${lang} ${zone}`,
    () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
  ).format(date);
}
