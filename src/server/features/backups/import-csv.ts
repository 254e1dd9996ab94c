import { Readable } from 'node:stream'
import { CsvError, parse } from 'csv-parse'
import { apiError } from '../../../shared/http/errors.ts'

// Reading a list exported by another tool (Mailchimp, a Google Form, a hosted waitlist): UTF-8
// with or without BOM, `,` or `;` (or a tab) found from the header line, a header whose column
// names say which column is what. docs/decisions/list-import.md

/** Opens the file again from its start: the import reads it twice (check, then import). */
export type CsvSource = () => AsyncIterable<Buffer>

export type ImportColumns = {
  email: string
  name: string | null
  created: string | null
  source: string | null
  language: string | null
}

/** One data row: its number as a spreadsheet shows it (the header is row 1), and its cells by role. */
export type CsvRow = {
  row: number
  email: string
  name: string
  created: string
  source: string
  language: string
}

/** How much of the start of a file is searched for the end of the header line. */
const HEAD_BYTES = 64 * 1024
/** A row longer than this is not a list's row: the file is refused, as a binary file would be. */
const MAX_RECORD_BYTES = 64 * 1024

// Header names as tools spell them, compared without case, spaces, `-` or `_`.
const NAMES: Record<keyof ImportColumns, readonly string[]> = {
  email: ['email', 'emailaddress', 'mail', 'mailaddress', 'emailadresse', 'correo', 'courriel', 'useremail'],
  name: ['name', 'fullname', 'firstname', 'vorname', 'nom', 'nombre'],
  created: [
    'createdat',
    'created',
    'createddate',
    'datecreated',
    'signedupat',
    'signupdate',
    'subscribedat',
    'dateadded',
    'joinedat',
    'joined',
    'optintime',
    'timestamp',
    'date',
  ],
  source: ['source', 'signupsource', 'utmsource', 'referrer', 'channel'],
  language: ['language', 'lang', 'locale', 'languagecode', 'sprache'],
}

const key = (header: string) => header.toLowerCase().replace(/[\s_\-.]/g, '')

/** Which column is which, by the header's names; null without an email column. */
export function findColumns(header: readonly string[]): (ImportColumns & { index: Record<string, number> }) | null {
  const keys = header.map(key)
  const index: Record<string, number> = {}
  const found: Partial<ImportColumns> = {}
  for (const role of Object.keys(NAMES) as (keyof ImportColumns)[]) {
    // The first name of the list wins over later ones ("Email" over "Email 2" or "Mail").
    for (const name of NAMES[role]) {
      const i = keys.indexOf(name)
      if (i >= 0) {
        index[role] = i
        found[role] = header[i]!
        break
      }
    }
  }
  if (found.email === undefined) return null
  return {
    email: found.email,
    name: found.name ?? null,
    created: found.created ?? null,
    source: found.source ?? null,
    language: found.language ?? null,
    index,
  }
}

/** The separator the header line uses most, outside quotes: `,` `;` or a tab (`,` for one column). */
export function detectDelimiter(headLine: string): ',' | ';' | '\t' {
  const count = { ',': 0, ';': 0, '\t': 0 }
  let quoted = false
  for (const ch of headLine) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && ch in count) count[ch as keyof typeof count]++
  }
  if (count[';'] > count[','] && count[';'] >= count['\t']) return ';'
  if (count['\t'] > count[',']) return '\t'
  return ','
}

function notCsv(detail: string) {
  return apiError(400, '22P02', 'The file is not a CSV file', detail, 'Export the list as CSV (UTF-8) and try again.')
}

/** The bytes as they come, refused at the first one that is not UTF-8 text (a spreadsheet, a zip, Latin-1). */
async function* checkedText(source: CsvSource): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  for await (const chunk of source()) {
    if (chunk.includes(0)) throw notCsv('It holds binary data (a NUL byte).')
    try {
      decoder.decode(chunk, { stream: true })
    } catch {
      throw notCsv('It is not UTF-8 text; save it as "CSV UTF-8".')
    }
    yield chunk
  }
  try {
    decoder.decode()
  } catch {
    throw notCsv('It ends in the middle of a UTF-8 character.')
  }
}

async function headLine(source: CsvSource): Promise<string> {
  let head = Buffer.alloc(0)
  for await (const chunk of checkedText(source)) {
    head = Buffer.concat([head, chunk])
    if (head.includes(10) || head.length >= HEAD_BYTES) break
  }
  const text = head
    .subarray(0, HEAD_BYTES)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
  return text.split(/\r?\n/, 1)[0] ?? ''
}

/**
 * The file's rows, one at a time (bounded memory: csv-parse streams), after its header, with the
 * columns the header names. Throws a 400 (PostgREST's shape) for a file that is not CSV or has
 * no email column.
 */
export async function readCsv(source: CsvSource): Promise<{
  columns: ImportColumns
  delimiter: string
  rows: AsyncGenerator<CsvRow>
}> {
  const delimiter = detectDelimiter(await headLine(source))
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    trim: true,
    max_record_size: MAX_RECORD_BYTES,
  })
  const input = Readable.from(checkedText(source))
  input.once('error', (err) => parser.destroy(err))
  input.pipe(parser)
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>
  const first = await next(iterator)
  if (first.done) throw apiError(400, '22023', 'The file is empty', 'A header line and at least one row are expected.')
  const columns = findColumns(first.value)
  if (!columns) {
    parser.destroy()
    input.destroy()
    throw apiError(
      400,
      '22023',
      'The file has no email column',
      `Its header is: ${first.value.slice(0, 12).join(', ').slice(0, 300)}`,
      'Name the column of addresses "email" (or "E-mail", "Email Address").',
    )
  }
  const { index, ...named } = columns
  const cell = (record: string[], role: string) => (index[role] === undefined ? '' : (record[index[role]] ?? ''))
  async function* rows(): AsyncGenerator<CsvRow> {
    let row = 1
    try {
      for (;;) {
        const r = await next(iterator)
        if (r.done) return
        row++
        yield {
          row,
          email: cell(r.value, 'email'),
          name: cell(r.value, 'name'),
          created: cell(r.value, 'created'),
          source: cell(r.value, 'source'),
          language: cell(r.value, 'language'),
        }
      }
    } finally {
      parser.destroy()
      input.destroy()
    }
  }
  return { columns: named, delimiter, rows: rows() }
}

/** The parser's next record; its syntax errors (an unclosed quote…) are the file's, so a 400. */
async function next(iterator: AsyncIterator<string[]>): Promise<IteratorResult<string[]>> {
  try {
    return await iterator.next()
  } catch (err) {
    if ((err as { status?: number }).status === 400) throw err
    // Every syntax error of the parser (CSV_… and INVALID_OPENING_QUOTE alike) is the file's.
    if (err instanceof CsvError) throw notCsv(err.message)
    throw err
  }
}
