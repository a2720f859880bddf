// CSV as RFC 4180 writes it (CRLF between records; a field with a comma, a quote, CR or LF quoted,
// its quotes doubled), with formulas neutralised (OWASP "CSV injection"): a field that starts with
// = + - @, a tab or CR is prefixed with ' so a spreadsheet shows it as text. A plain decimal
// ("-12.50") cannot be a formula and is left as the number it is.
import { DECIMAL_PATTERN } from "../../../contract/decimal.ts";

export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !DECIMAL_PATTERN.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvOf = (rows: readonly (readonly string[])[]): string => rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
