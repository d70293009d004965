/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: a value starting with = + - @, a
 * tab or a carriage return is prefixed with ' so it is never run as a formula (CSV
 * injection); a value with a comma, quote or line break is quoted, quotes doubled.
 */
export function csvCell(value: string | null | undefined): string {
  let v = value ?? '';
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** One CSV line (CRLF-terminated) of `cells`. */
export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
