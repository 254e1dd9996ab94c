// RFC 4180 CSV, safe to open in a spreadsheet.

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, tab or CR first) gets a leading
 * apostrophe (OWASP's advice), so `=HYPERLINK(…)` in an address stays text.
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/** One field: quoted when it holds a comma, a quote, CR or LF, with quotes doubled (RFC 4180 §2). */
export function csvField(value: string): string {
  const v = neutralise(value)
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v
}

/** One record, CRLF-terminated (RFC 4180 §2.1). */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`
}
