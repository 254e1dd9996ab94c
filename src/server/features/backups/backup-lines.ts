import { quoteIdent, rowsLineHead, type TableInfo } from './dump.ts'

/**
 * A backup's data line, read as data: the restore never runs a line's text. It checks the line
 * has exactly the shape dump.ts writes, for a table or sequence the migrations made, and takes
 * from it only the JSON rows or the sequence's value, which go to the database as parameters
 * into SQL built from the catalogue's names (docs/decisions/backups.md).
 */
export type DataLine =
  | { kind: 'rows'; table: TableInfo; columns: string[]; json: string }
  | { kind: 'sequence'; name: string; value: string; called: boolean }

/** The schema the restore loads into: its tables by name, its sequences. */
export type KnownSchema = { tables: Map<string, TableInfo>; sequences: Set<string> }

/** A line that is not one of ours; the message says why, the caller adds where. */
export class NotOurLine extends Error {}

const TAG = /^\$b[0-9a-f]{12}\$/
const SETVAL = /^select setval\('([a-z0-9_.]+)', (-?\d{1,19}), (true|false)\);$/

export function parseDataLine(line: string, schema: KnownSchema): DataLine {
  const setval = SETVAL.exec(line)
  if (setval) {
    const [, name, value, called] = setval
    if (!schema.sequences.has(name!)) throw new NotOurLine(`unknown sequence ${name}`)
    return { kind: 'sequence', name: name!, value: value!, called: called === 'true' }
  }
  if (!line.startsWith('insert into ')) throw new NotOurLine('not a row or sequence line of a backup')
  const open = line.indexOf(' (', 12)
  const close = line.indexOf(')', open)
  if (open < 0 || close < 0) throw new NotOurLine('not a row line of a backup')
  const name = line.slice(12, open)
  const table = schema.tables.get(name)
  if (!table) throw new NotOurLine(`unknown table ${name.slice(0, 80)}`)
  const columns = parseColumns(line.slice(open + 2, close), table)
  const list = columns.map(quoteIdent).join(', ')
  // A backup made before a table gained (or lost) its identity column says so either way.
  const head = [true, false].map((identity) => rowsLineHead(name, list, identity)).find((h) => line.startsWith(h))
  if (head === undefined) throw new NotOurLine(`not a row line of ${name} as a backup writes it`)
  const quoted = line.slice(head.length)
  const tag = TAG.exec(quoted)?.[0]
  if (!tag || !quoted.endsWith(`${tag});`) || quoted.length < 2 * tag.length + 2)
    throw new NotOurLine(`the rows of ${name} are not quoted as a backup quotes them`)
  const json = quoted.slice(tag.length, -tag.length - 2)
  checkRows(json, name, table)
  return { kind: 'rows', table, columns, json }
}

function parseColumns(list: string, table: TableInfo): string[] {
  const columns = list.split(', ').map((c) => /^"([a-z0-9_]+)"$/.exec(c)?.[1])
  for (const [i, c] of columns.entries()) {
    if (!c) throw new NotOurLine(`column ${i + 1} of ${table.name} is not a column name`)
    if (!table.columns.includes(c)) throw new NotOurLine(`unknown column ${table.name}.${c}`)
  }
  return columns as string[]
}

/** The rows must be a JSON array of objects whose keys are the table's columns (generated ones too: the database recomputes them). */
function checkRows(json: string, name: string, table: TableInfo): void {
  let rows: unknown
  try {
    rows = JSON.parse(json)
  } catch {
    throw new NotOurLine(`the rows of ${name} are not JSON`)
  }
  if (!Array.isArray(rows)) throw new NotOurLine(`the rows of ${name} are not a JSON array`)
  for (const row of rows) {
    if (!row || typeof row !== 'object' || Array.isArray(row)) throw new NotOurLine(`a row of ${name} is not an object`)
    for (const key of Object.keys(row))
      if (!table.columns.includes(key) && !table.generated.includes(key))
        throw new NotOurLine(`unknown column ${name}.${key.slice(0, 80)}`)
  }
}
