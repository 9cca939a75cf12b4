/**
 * A cell value as a CSV export writes it: one a spreadsheet would run as a formula (it starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return) gets a leading apostrophe, so that it opens as text (OWASP CSV
 * injection). Every staff export of visitor-typed text passes its cells through this one function.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * csv-stringify options of a staff export: CRLF between records, and a value holding a lone CR quoted like
 * one holding LF or CRLF (a spreadsheet reads a lone CR as a line break too).
 */
export const SPREADSHEET_CSV_OPTIONS = { record_delimiter: 'windows', quoted_match: /\r/ } as const;
