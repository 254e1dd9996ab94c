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
function neutralise(value: string): string {
  return LOOKS_LIKE_FORMULA.test(value) ? `'${value}` : value
}

/**
 * RFC 4180 §2 quoting: quoted when it holds a comma, a quote, CR or LF, with quotes doubled; and
 * a semicolon or a tab, the separators a spreadsheet may split on instead (Excel with a German
 * list separator splits `x;=cmd…` into a cell that starts with `=`, issue 37).
 */
export function csvQuote(value: string): string {
  return /[",;\t\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** One field of a CSV a person opens in a spreadsheet: neutralised, then quoted. */
export function csvField(value: string): string {
  return csvQuote(neutralise(value))
}

/** One record, CRLF-terminated (RFC 4180 §2.1). */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`
}

/**
 * A CSV download for a spreadsheet, `<name>-<day>.csv` with a header row, streamed from batches of
 * rows as the client reads (one batch in memory at a time, whatever the list's size). A client
 * that leaves mid-download ends the batches, which frees the export slot.
 */
export function csvDownload<T>(
  name: string,
  header: readonly string[],
  batches: AsyncGenerator<readonly T[]>,
  fields: (row: T) => readonly string[],
): Response {
  const encoder = new TextEncoder()
  let text = csvRecord(header)
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await batches.next()
      if (!next.done) for (const row of next.value) text += csvRecord(fields(row))
      if (text) controller.enqueue(encoder.encode(text))
      text = ''
      if (next.done) controller.close()
    },
    async cancel() {
      await batches.return(undefined)
    },
  })
  const day = new Date().toISOString().slice(0, 10)
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8; header=present',
      'Content-Disposition': `attachment; filename="${name}-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
