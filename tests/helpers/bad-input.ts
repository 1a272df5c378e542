// Bad values of a query or path parameter, for the fuzz of the API and of the server-rendered
// pages (tests/api/security-input.test.ts, tests/api/security-pages.test.ts). None may answer
// 500; the control characters are refused (docs/security.md "Text").

/** A value as a URL carries it: an array repeats the key (`k=a&k=b`). */
export type TBadValue = string | string[];

/** NUL, BEL, ESC, DEL, the C1 NEL, as a whole value and inside one: a 400 wherever they are. */
export const CONTROL_VALUES: TBadValue[] = [
  '\u0000',
  'a\u0000b',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  'x\u0085',
  ['ok', 'a\u0000b'],
];

/** Everything else: never a 500, never a word of it in the log. */
export const ODD_VALUES: TBadValue[] = [
  // Empty, blank, huge.
  '',
  ' ',
  '\t',
  'a'.repeat(100_000),
  '9'.repeat(5_000),
  // Unicode oddities: a lone surrogate (U+FFFD once in a URL), direction and joiners, a BOM, a
  // noncharacter, decomposed and compatibility forms, astral letters, a line separator.
  '\ud800',
  '\u202egnp.exe',
  'a\u200db\u200c',
  '\ufeffx',
  '\uffff',
  'e\u0301',
  'ＤＩＳＥÑＯ',
  '𝔡𝔦𝔰𝔢ñ𝔬 👩‍💻',
  'İstanbul ß',
  'a\u2028b',
  // Characters that accent folding leaves nothing of (docs/api.md "Search").
  '\u0301',
  'ʼ',
  '² \u0301 ʼ',
  'diseño ʼ',
  // Numbers that are not, or not in range.
  '-1',
  '0',
  '1e3',
  '0x10',
  '1.5',
  'NaN',
  'Infinity',
  '2147483648',
  '99999999999999999999999',
  '+1',
  ' 1 ',
  '١٢',
  // SQL, text search and LIKE syntax, markup, paths.
  "' or 1=1 --",
  '"; drop table users; --',
  '$1',
  '\\',
  '%_%',
  ':*',
  '!()&|<->',
  '#status=4',
  "x' | 'y",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  // Repeated keys.
  ['1', '2'],
  ['', ''],
  ['jobs', 'projects'],
];

/** Whether `value` (or one of its repetitions) holds a control character. */
export const hasControl = (value: TBadValue) =>
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  [value].flat().some((v) => /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(v));

/** A short name for a value in a test's messages. */
export const labelOf = (value: TBadValue): string => {
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 30)}… (${text.length} characters)` : text;
};

/**
 * SQL in a log line: a statement's words, a placeholder, or the words drivers put before a failed
 * statement and its parameters.
 */
export const SQL_IN_LOG =
  /\bselect\b[\s\S]*\bfrom\b|\binsert into\b|\bupdate\b[\s\S]*\bset\b|\bdelete from\b|\bwhere\b|\$\d|Failed query|\bparams\b|to_tsquery|tsvector/i;
