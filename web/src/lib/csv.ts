/**
 * CSV files the browser saves from data already on screen (docs/product/back-office.md#lists): UTF-8 with a byte
 * order mark so spreadsheets read the pound sign, a header row, quoted cells, and any cell a spreadsheet would run as
 * a formula (starting with =, +, -, @, tab or carriage return) prefixed with an apostrophe.
 */
export type TCsvCell = string | number | null | undefined;

export function csvCell(value: TCsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== value ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly TCsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
}

export function downloadCsv(filename: string, header: readonly string[], rows: readonly (readonly TCsvCell[])[]): void {
  const blob = new Blob(['\uFEFF', toCsv(header, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
