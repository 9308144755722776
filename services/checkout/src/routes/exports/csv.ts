/**
 * RFC 4180 CSV as the finance exports write it (docs/exports.md, "The files"): CRLF line ends, a
 * cell quoted when it holds a quote, comma, CR or LF (quotes doubled inside), an empty cell for
 * no value.
 *
 * Formula injection (OWASP, "CSV Injection"): a spreadsheet runs a cell that starts with `=`, `+`,
 * `-` or `@` (and some read a leading tab or CR the same way) as a formula. Such a cell is written
 * as text: a single quote before it, and the cell quoted. Every cell goes through here, whatever
 * its column, so no column can forget it. Amounts in these files are never negative (reversals
 * have their own columns), so a number is never altered by it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type Cell = string | number | null | undefined;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  const formula = FORMULA_START.test(text);
  if (formula) text = `'${text}`;
  return formula || NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvCell).join(',')}\r\n`;
