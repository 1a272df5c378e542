// A small CSV writer (RFC 4180) for exports opened in spreadsheets (docs/security.md "CSV
// exports"): a cell with a quote, a comma or a line break is quoted (quotes doubled), and a cell
// a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return) gets a
// leading ' and is quoted, so that an applicant's text never runs as a formula.

export type TCsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell as written in the file. */
export function csvCell(value: TCsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  const formula = typeof value === 'string' && FORMULA_START.test(text);
  if (formula) text = `'${text}`;
  if (formula || NEEDS_QUOTES.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** One record, ended by CRLF as RFC 4180 writes it. */
export const csvRow = (cells: readonly TCsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A whole file: a UTF-8 byte order mark (spreadsheets then read the accents right), then the rows. */
export const csvFile = (rows: readonly (readonly TCsvCell[])[]) =>
  `\uFEFF${rows.map(csvRow).join('')}`;
