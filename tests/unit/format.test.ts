import { describe, expect, it } from 'vitest';
import { formatDayMonthYear, formatMonthDayYear, formatMonthYear } from '@/lib/format/dates';
import { formatDay } from '@/lib/format/day';
import { formatFileSize } from '@/lib/format/file-size';
import { formatDuration, formatRelativeTime, largestUnit } from '@/lib/format/relative-time';
import { makeI18n } from '../helpers/i18n';

const tIn = async (lang: 'en' | 'es') => (await makeI18n(lang)).getFixedT(lang, 'profile');

describe('date formats (the seed: constants and limits)', () => {
  it('turns YYYY-MM-DD into DD-MM-YYYY and MM/DD/YYYY', () => {
    expect(formatDayMonthYear('2021-03-07')).toBe('07-03-2021');
    expect(formatMonthDayYear('2021-03-07')).toBe('03/07/2021');
  });

  it('returns what it cannot read as it came', () => {
    expect(formatDayMonthYear('soon')).toBe('soon');
    expect(formatMonthYear('', 'en')).toBe('');
  });

  it('shows the month and year in the active language, the same day in every time zone', () => {
    expect(formatMonthYear('2021-03-01', 'en')).toBe('Mar 2021');
    expect(formatMonthYear('2021-03-01', 'es')).toMatch(/^mar\.? 2021$/);
    expect(formatMonthYear('2021-12-31', 'en')).toBe('Dec 2021');
  });
});

describe('durations as years plus months (the seed: constants and limits)', () => {
  const today = new Date(Date.UTC(2024, 5, 15));

  it('counts whole years and months, in both languages', async () => {
    const en = await tIn('en');
    const es = await tIn('es');
    expect(formatDuration('2021-03-01', '2023-06-15', en)).toBe('2 years 3 months');
    expect(formatDuration('2021-03-01', '2023-06-15', es)).toBe('2 años 3 meses');
  });

  it('uses singulars, leaves out a zero part, and says "less than a month"', async () => {
    const en = await tIn('en');
    const es = await tIn('es');
    expect(formatDuration('2020-01-10', '2021-02-10', en)).toBe('1 year 1 month');
    expect(formatDuration('2020-01-10', '2021-02-10', es)).toBe('1 año 1 mes');
    expect(formatDuration('2020-01-10', '2022-01-10', en)).toBe('2 years');
    expect(formatDuration('2020-01-31', '2020-03-01', en)).toBe('1 month');
    expect(formatDuration('2020-01-31', '2020-02-28', en)).toBe('less than a month');
    expect(formatDuration('2020-01-31', '2020-02-28', es)).toBe('menos de un mes');
  });

  it('counts up to today when there is no end date', async () => {
    expect(formatDuration('2023-06-15', null, await tIn('en'), today)).toBe('1 year');
  });
});

describe('relative time by the largest unit (the seed: constants and limits)', () => {
  const now = new Date('2024-06-15T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('picks the largest of year, month, day, hour, minute, second', () => {
    expect(largestUnit(new Date('2022-05-01T00:00:00Z'), now)).toEqual({ unit: 'year', count: 2 });
    expect(largestUnit(new Date('2024-04-10T00:00:00Z'), now)).toEqual({ unit: 'month', count: 2 });
    expect(largestUnit(ago(3 * 86_400_000 + 5000), now)).toEqual({ unit: 'day', count: 3 });
    expect(largestUnit(ago(5 * 3_600_000), now)).toEqual({ unit: 'hour', count: 5 });
    expect(largestUnit(ago(90_000), now)).toEqual({ unit: 'minute', count: 1 });
    expect(largestUnit(ago(42_000), now)).toEqual({ unit: 'second', count: 42 });
  });

  it('says "N unit ago" in English and "Hace N unit" in Spanish, singular and plural', async () => {
    const en = await tIn('en');
    const es = await tIn('es');
    expect(formatRelativeTime(ago(3 * 86_400_000), en, now)).toBe('3 days ago');
    expect(formatRelativeTime(ago(3 * 86_400_000), es, now)).toBe('Hace 3 días');
    expect(formatRelativeTime(ago(3_600_000), en, now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(3_600_000), es, now)).toBe('Hace 1 hora');
    expect(formatRelativeTime('2023-06-15T12:00:00Z', en, now)).toBe('1 year ago');
    expect(formatRelativeTime('2023-06-15T12:00:00Z', es, now)).toBe('Hace 1 año');
    expect(formatRelativeTime(ago(2 * 60_000), es, now)).toBe('Hace 2 minutos');
    expect(formatRelativeTime(ago(1000), en, now)).toBe('1 second ago');
  });

  it('reads a YYYY-MM-DD day as that calendar day', async () => {
    expect(formatRelativeTime('2024-06-12', await tIn('en'), now)).toBe('3 days ago');
  });
});

describe('file sizes (the seed: constants and limits)', () => {
  it('shows megabytes with two decimals (bytes / 1048576)', () => {
    // docs/product.md "Constants and limits" from 1 MB on; KB below, where "0.00 MB" said nothing of a small CV.
    expect(formatFileSize(1_048_576)).toBe('1.00 MB');
    expect(formatFileSize(3_500_000)).toBe('3.34 MB');
    expect(formatFileSize(524_288)).toBe('512 KB');
    expect(formatFileSize(2_300)).toBe('2 KB');
    expect(formatFileSize(12)).toBe('1 KB');
    expect(formatFileSize(0)).toBe('0 KB');
  });
});

describe('money (minor units of an ISO 4217 currency)', () => {
  it('reads typed amounts with the currency’s decimals, and refuses what is not an amount', async () => {
    const { toMinor, toMajorInput } = await import('@/lib/format/money');
    expect(toMinor('1500', 'USD')).toBe(150000);
    expect(toMinor('1,500.50', 'USD')).toBe(150050);
    expect(toMinor('1500,5', 'PEN')).toBe(150050);
    expect(toMinor('2500', 'JPY')).toBe(2500);
    expect(toMinor('12.345', 'KWD')).toBe(12345);
    expect(toMinor('', 'USD')).toBeUndefined();
    expect(toMinor('ten', 'USD')).toBeNaN();
    expect(toMinor('1.2.3', 'USD')).toBeNaN();
    expect(toMajorInput(150050, 'USD')).toBe('1500.50');
    expect(toMajorInput(150050, 'USD', 'es')).toBe('1500,50');
    expect(toMajorInput(280000, 'USD')).toBe('2800');
    expect(toMajorInput(280000, 'USD', 'es')).toBe('2800');
    expect(toMajorInput(12345, 'KWD', 'es')).toBe('12,345');
    expect(toMinor(toMajorInput(12345, 'KWD', 'es'), 'KWD')).toBe(12345);
    expect(toMinor(toMajorInput(150050, 'USD', 'es'), 'USD')).toBe(150050);
    expect(toMajorInput(2500, 'JPY')).toBe('2500');
  });

  it('formats amounts in both languages', async () => {
    const { formatMoney } = await import('@/lib/format/money');
    expect(formatMoney(150000, 'USD', 'en')).toBe('$1,500');
    expect(formatMoney(150050, 'USD', 'en')).toBe('$1,500.50');
    expect(formatMoney(150000, 'PEN', 'es')).toBe('1500\u00a0PEN');
    expect(formatMoney(1500000, 'USD', 'es')).toBe('15.000\u00a0US$');
    expect(formatMoney(1234, 'KWD', 'en')).toBe('KWD\u00a01.234');
  });

  it('writes what Intl writes, for every currency, in English and Spanish, without building one', async () => {
    const { formatMoney } = await import('@/lib/format/money');
    const { CURRENCIES, currencyDigits } = await import('@/lib/currencies');
    const amounts = [0, 1, 5, 99, 100, 1234, 9999, 10000, 150050, 1234567, 100000000, 123456789012];
    for (const lang of ['en', 'es']) {
      for (const currency of CURRENCIES) {
        const digits = currencyDigits(currency);
        for (const minor of amounts) {
          const minimum = minor % 10 ** digits === 0 ? 0 : digits;
          const intl = new Intl.NumberFormat(lang, {
            style: 'currency',
            currency,
            minimumFractionDigits: minimum,
            maximumFractionDigits: digits,
          });
          expect(formatMoney(minor, currency, lang), `${minor} ${currency} ${lang}`).toBe(
            intl.format(minor / 10 ** digits),
          );
        }
      }
    }
  });
});

describe('currency names without Intl', () => {
  it('names every currency as Intl.DisplayNames does, in English and Spanish', async () => {
    const { CURRENCIES } = await import('@/lib/currencies');
    const { currencyOptions } = await import('@/lib/format/money');
    for (const lang of ['en', 'es']) {
      const names = new Intl.DisplayNames([lang], { type: 'currency' });
      const labels = new Map(currencyOptions(CURRENCIES, lang).map((o) => [o.value, o.label]));
      expect(labels.size).toBe(CURRENCIES.length);
      for (const code of CURRENCIES)
        expect(labels.get(code), `${code} ${lang}`).toBe(`${names.of(code)} (${code})`);
    }
  });

  it('names them in English for a language the app does not have', async () => {
    const { currencyOptions } = await import('@/lib/format/money');
    expect(currencyOptions(['EUR'], 'fr')).toEqual([{ value: 'EUR', label: 'Euro (EUR)' }]);
  });
});

describe('dates without Intl in the app’s languages', () => {
  it('writes what Intl writes, for every month, in English and Spanish', () => {
    for (const lang of ['en', 'es']) {
      for (let month = 1; month <= 12; month += 1) {
        const iso = `2026-${String(month).padStart(2, '0')}-0${(month % 9) + 1}`;
        const date = new Date(`${iso}T00:00:00Z`);
        expect(formatDay(iso, lang)).toBe(
          new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(date),
        );
        expect(formatMonthYear(iso, lang)).toBe(
          new Intl.DateTimeFormat(lang, {
            month: 'short',
            year: 'numeric',
            timeZone: 'UTC',
          }).format(date),
        );
      }
    }
  });
});
