// RFC 4180 CSV, safe to open in a spreadsheet.

// What a spreadsheet may take as the start of a formula: = + - @, their fullwidth forms (an IME
// types ＝ for =, and Excel and LibreOffice convert it), the small forms, and the minus sign U+2212.
const FORMULA_LEAD = '=+\\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B\u2212'

// Characters a spreadsheet may skip before that start: any whitespace (tab, CR, LF, no-break and
// other Unicode spaces) and invisible format characters (zero-width space and joiners, BOM, soft
// hyphen, bidi marks). Decided in docs/decisions/owner-console.md, "CSV export".
const LOOKS_LIKE_FORMULA = new RegExp(`^[\\s\\p{Cf}]*[${FORMULA_LEAD}]|^[\\t\\r\\n]`, 'u')

/**
 * A cell a spreadsheet could read as a formula gets a leading apostrophe (OWASP's CSV injection
 * advice), so `=HYPERLINK(…)`, `＝…` or a no-break space before `=` stays text. The apostrophe goes
 * before any leading whitespace, so the cell reads back as typed after it.
 */
export function neutralise(value: string): string {
  return LOOKS_LIKE_FORMULA.test(value) ? `'${value}` : value
}

/** RFC 4180 §2 quoting only: quoted when it holds a comma, a quote, CR or LF, with quotes doubled. */
export function csvQuote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** One field of a CSV a person opens in a spreadsheet: neutralised, then quoted. */
export function csvField(value: string): string {
  return csvQuote(neutralise(value))
}

/** One record, CRLF-terminated (RFC 4180 §2.1). */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`
}
