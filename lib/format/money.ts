import { cachedIntl } from './intl-cache';

// Money is an integer amount in minor units plus an ISO 4217 code (docs/api.md); people read and
// type it in major units, with the currency's own number of decimals (JPY none, KWD three).

/** How many decimals the currency has. */
export function currencyDigits(currency: string): number {
  try {
    return (
      cachedIntl(
        `currency ${currency}`,
        () => new Intl.NumberFormat('en', { style: 'currency', currency }),
      ).resolvedOptions().maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** 150000 USD → "$1,500.00" (en) or "US$ 1500,00" (es), in the active language. */
export function formatMoney(minor: number, currency: string, lang: string): string {
  const digits = currencyDigits(currency);
  try {
    const minimum = minor % 10 ** digits === 0 ? 0 : digits;
    return cachedIntl(
      `money ${lang} ${currency} ${minimum}`,
      () =>
        new Intl.NumberFormat(lang, {
          style: 'currency',
          currency,
          minimumFractionDigits: minimum,
          maximumFractionDigits: digits,
        }),
    ).format(minor / 10 ** digits);
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
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

/** Minor units as what an input shows: 150050 USD → "1500.50". */
export function toMajorInput(minor: number | null | undefined, currency: string): string {
  if (minor == null) return '';
  const digits = currencyDigits(currency);
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits);
}

/** Every currency the runtime knows, with its name in `lang`, sorted by name. */
export function currencyOptions(codes: readonly string[], lang: string) {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'currency' });
  } catch {
    names = null;
  }
  return codes
    .map((code) => ({ value: code, label: `${names?.of(code) ?? code} (${code})` }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));
}
