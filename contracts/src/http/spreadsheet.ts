/**
 * A cell of a spreadsheet file people open (CSV or XLSX): text that a spreadsheet program would take for a
 * formula — starting with '=', '+', '-', '@', a tab or a carriage return — is prefixed with an apostrophe, so
 * `=HYPERLINK(...)` or `=cmd|...` written by a seller or a guest shows as text (issue 20 finding 6, OWASP's CSV
 * injection advice). Every export uses it: services' CSV and XLSX files and the operator console's CSV.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A CSV cell: formula-neutralised, quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string): string {
  const safe = neutralizeFormula(value);
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
