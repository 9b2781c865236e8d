/**
 * CSV for the back office's exports (docs/product/back-office.md#lists): RFC 4180 quoting, a header row, CRLF line ends,
 * and cells that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) prefixed with "'".
 */
export type TCsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: TCsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: Iterable<readonly TCsvValue[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
