import { currencyDigits } from '@/lib/currencies';
import { sortByLabel } from './by-label';
import { CURRENCY_NAMES } from './currency-names';

export { currencyDigits };

// Money is an integer amount in minor units plus an ISO 4217 code (docs/api.md); people read and
// type it in major units, with the currency's own number of decimals (JPY none, KWD three).

/**
 * The symbols CLDR writes in the app's two languages where it writes one other than the code,
 * generated once from ICU 78 as lib/currencies.ts was (tests/unit/format.test.ts compares
 * every currency with the runtime's Intl). Amounts are written from these tables, not by
 * Intl.NumberFormat: the first Intl formatter a page builds costs 25-75 ms here, four times that
 * on the phone Lighthouse emulates, on every page showing an amount, while it hydrates
 * (docs/performance.md "How pages paint early"). Server and browser also write the same text,
 * whatever ICU each has.
 */
const SYMBOLS: Record<string, Readonly<Record<string, string>>> = {
  en: {
    AUD: 'A$',
    BRL: 'R$',
    CAD: 'CA$',
    CNY: 'CN¥',
    EUR: '€',
    GBP: '£',
    HKD: 'HK$',
    ILS: '₪',
    INR: '₹',
    JPY: '¥',
    KRW: '₩',
    MXN: 'MX$',
    NZD: 'NZ$',
    PHP: '₱',
    TWD: 'NT$',
    USD: '$',
    VND: '₫',
    XAF: 'FCFA',
    XCD: 'EC$',
    XCG: 'Cg.',
    XOF: 'F\u202fCFA',
    XPF: 'CFPF',
  },
  es: { EUR: '€', THB: '฿', USD: 'US$', VND: '₫', XCG: 'Cg.', XPF: 'CFPF' },
};

const NBSP = '\u00a0';

/** 1234567 → "1,234,567" with `separator`, grouped only from `minimum` digits on. */
function grouped(whole: number, separator: string, minimum: number): string {
  const text = String(whole);
  return text.length < minimum ? text : text.replace(/\B(?=(\d{3})+$)/g, separator);
}

/** 150000 USD → "$1,500" (en) or "1500 US$" (es); 150050 → "$1,500.50", "1500,50 US$". */
export function formatMoney(minor: number, currency: string, lang: string): string {
  const digits = currencyDigits(currency);
  const scale = 10 ** digits;
  const symbols = SYMBOLS[lang];
  if (!symbols || !Number.isSafeInteger(minor) || minor < 0) {
    return `${(minor / scale).toFixed(digits)} ${currency}`;
  }
  const whole = Math.floor(minor / scale);
  const cents = minor % scale;
  const fraction = cents === 0 ? '' : String(cents).padStart(digits, '0');
  const symbol = symbols[currency] ?? currency;
  if (lang === 'en') {
    const amount = grouped(whole, ',', 4) + (fraction && `.${fraction}`);
    // CLDR's currency spacing: a symbol not ending in a symbol ($, €) keeps apart from the digits.
    return `${symbol}${/[^\p{S}\p{Z}]$/u.test(symbol) ? NBSP : ''}${amount}`;
  }
  // Spanish groups thousands from five digits on ("1500", "15.000").
  return `${grouped(whole, '.', 5)}${fraction && `,${fraction}`}${NBSP}${symbol}`;
}

/** A range of two amounts, either of which may be missing ("from $1,000", "up to $3,000"). */
export function formatMoneyRange(
  min: number | null,
  max: number | null,
  currency: string,
  lang: string,
  words: { from: string; upTo: string },
): string | null {
  if (min != null && max != null) {
    return min === max
      ? formatMoney(min, currency, lang)
      : `${formatMoney(min, currency, lang)} – ${formatMoney(max, currency, lang)}`;
  }
  if (min != null) return `${words.from} ${formatMoney(min, currency, lang)}`;
  if (max != null) return `${words.upTo} ${formatMoney(max, currency, lang)}`;
  return null;
}

/**
 * What a person typed ("1500", "1,500.50", "1500,5") as minor units, or NaN when it is not an
 * amount; '' is undefined (no amount).
 */
export function toMinor(typed: string, currency: string): number | undefined {
  const clean = typed.trim().replace(/[\s_]/g, '');
  if (clean === '') return undefined;
  const digits = currencyDigits(currency);
  // A currency with three decimals reads "12.345" as a decimal amount, not as thousands.
  const three = digits === 3 && /^\d+[.,]\d{3}$/.exec(clean);
  // Otherwise groups of three digits are thousands, and a last separator followed by one or two
  // digits (or three, for those currencies) is the decimal one.
  const m = three
    ? /^(\d+)[.,](\d{3})$/.exec(clean)
    : /^(\d+(?:[.,]\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(clean);
  if (!m) return Number.NaN;
  const whole = m[1]!.replace(/[.,]/g, '');
  const fraction = (m[2] ?? '').padEnd(digits, '0');
  if (fraction.length > digits) return Number.NaN;
  return Number(whole) * 10 ** digits + (digits > 0 ? Number(fraction) : 0);
}

/**
 * Minor units as what an input shows, in `lang`'s decimal mark and without a fraction of zeros:
 * 280000 USD → "2800", 150050 USD → "1500.50" (en) or "1500,50" (es). No grouping, so that a
 * three-decimal currency's amount never reads as thousands; toMinor reads every one back.
 */
export function toMajorInput(
  minor: number | null | undefined,
  currency: string,
  lang = 'en',
): string {
  if (minor == null) return '';
  const digits = currencyDigits(currency);
  const scale = 10 ** digits;
  if (!Number.isSafeInteger(minor) || minor < 0) return (minor / scale).toFixed(digits);
  const whole = Math.floor(minor / scale);
  const cents = minor % scale;
  if (cents === 0) return String(whole);
  return `${whole}${lang === 'es' ? ',' : '.'}${String(cents).padStart(digits, '0')}`;
}

/** The currencies `codes`, each with its name in `lang` (lib/format/currency-names.ts), sorted by name. */
export function currencyOptions(codes: readonly string[], lang: string) {
  const names = CURRENCY_NAMES[lang] ?? CURRENCY_NAMES.en;
  return sortByLabel(
    codes.map((code) => ({ value: code, label: `${names?.[code] ?? code} (${code})` })),
    lang,
  );
}
