// ISO 4217 currencies in use, with the number of decimals their amounts have (minor-unit digits),
// shared by the forms and the server. Money is stored as an integer amount of minor units
// (docs/api.md "Marketplace"): 1500.50 USD is 150050, 1500 JPY is 1500.
//
// Generated once from the runtime's CLDR data (Intl.supportedValuesOf('currency') and
// Intl.NumberFormat(...).resolvedOptions().maximumFractionDigits, ICU 78) and committed, so both
// sides read the same table whatever runtime they run on. The digits are those people write and
// browsers show (CLDR): COP, HUF or IDR amounts are whole, as prices in them are. Left out: codes
// replaced since (HRK and BGN by EUR, CUC, ZWL by ZWG, SLL by SLE, ANG by XCG) and units that are
// no currency one pays with (XDR, XSU).

/** Codes by their number of decimals. */
const BY_DIGITS: Record<0 | 2 | 3, string> = {
  0:
    'AFN ALL BIF CLP COP DJF GNF HUF IDR IQD IRR ISK JPY KMF KPW KRW LAK LBP MGA MMK PKR PYG ' +
    'RWF SOS SYP UGX VND VUV XAF XOF XPF YER',
  2:
    'AED AMD AOA ARS AUD AWG AZN BAM BBD BDT BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF ' +
    'CNY CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD ' +
    'HNL HTG ILS INR JMD KES KGS KHR KYD KZT LKR LRD LSL MAD MDL MKD MNT MOP MRU MUR MVR MWK ' +
    'MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PLN QAR RON RSD RUB SAR SBD SCR SDG ' +
    'SEK SGD SHP SLE SRD SSP STN SVC SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VES ' +
    'WST XCD XCG ZAR ZMW ZWG',
  3: 'BHD JOD KWD LYD OMR TND',
};

const DIGITS: ReadonlyMap<string, number> = new Map(
  Object.entries(BY_DIGITS).flatMap(([digits, codes]) =>
    codes.split(' ').map((code) => [code, Number(digits)] as const),
  ),
);

/** Every accepted code, in alphabetical order. */
export const CURRENCIES: readonly string[] = [...DIGITS.keys()].sort();

/** Whether `code` (upper case, as the schemas give it) is a currency we accept. */
export const isCurrency = (code: string): boolean => DIGITS.has(code);

/** How many decimals an amount in `code` has (2 for a code we do not know). */
export const currencyDigits = (code: string): number => DIGITS.get(code) ?? 2;
