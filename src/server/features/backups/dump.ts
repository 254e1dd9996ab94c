import { randomBytes } from 'node:crypto'
import type { Db, Tx } from '../../db/db.ts'

/**
 * The backup file (docs/decisions/backups.md): plain SQL, one statement per line, data only. The
 * schema is the migrations' (`npm run owner -- restore` runs them first), so the same file loads
 * into PGlite or PostgreSQL. A line is a comment (`--`), or one INSERT of up to ROWS_PER_LINE rows
 * read from JSON (`jsonb_populate_recordset`), which escapes every newline: no value can end a
 * line, and the dollar quote's tag is drawn at random per file and checked against each line.
 */
const FORMAT = 'launch-page-backup 1'

/** Rows per INSERT line: large enough to load quickly, small enough to keep memory flat. */
const ROWS_PER_LINE = 500

export type DumpHeader = {
  format: string
  /** When the snapshot was taken (ISO): every write acknowledged before it is in the file. */
  takenAt: string
  /** The last migration the database had: a restore needs this one or a newer schema. */
  migration: string
  database: 'pglite' | 'postgres'
}

/** A table as the catalogue has it: the columns a row sets, and the generated ones it computes. */
export type TableInfo = { name: string; columns: string[]; generated: string[]; identity: boolean }

/** Where a dump goes, a line at a time (the caller buffers and writes a file or a response). */
export type LineSink = (line: string) => Promise<void> | void

/**
 * Writes every row of the application's tables, as one consistent snapshot: a repeatable-read,
 * read-only transaction (on PostgreSQL it blocks no writer; on PGlite, the server dumps a copy of
 * its folder, snapshot.ts, so nothing waits on this). Rows stream through a cursor, a batch in
 * memory at a time.
 */
export async function writeDump(
  db: Db,
  database: DumpHeader['database'],
  sink: LineSink,
  /** A copy's dump: when the copy began (the copy's own clock would say when it was dumped). */
  takenAt?: string,
): Promise<DumpHeader> {
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only')
    // Values in the forms any PostgreSQL reads back the same.
    await tx.query(`set local datestyle = 'ISO'`)
    await tx.query('set local extra_float_digits = 3')
    await tx.query(`set local intervalstyle = 'postgres'`)
    const now = await tx.query<{ t: Date | string }>('select now() as t')
    const migration = await tx.query<{ name: string }>(
      'select name from app_private.schema_migrations order by name desc limit 1',
    )
    const header: DumpHeader = {
      format: FORMAT,
      takenAt: takenAt ?? new Date(now.rows[0]!.t).toISOString(),
      migration: migration.rows[0]?.name ?? '',
      database,
    }
    await sink(`-- ${header.format}`)
    await sink(`-- taken-at: ${header.takenAt}`)
    await sink(`-- migration: ${header.migration}`)
    await sink(`-- database: ${header.database}`)
    await sink('-- Data only: restore with `npm run owner -- restore FILE` (it creates the schema first).')
    const tag = `$b${randomBytes(6).toString('hex')}$`
    const tables = await applicationTables(tx)
    for (const table of tables) {
      await sink(`-- table: ${table.name}`)
      await dumpTable(tx, table, tag, sink)
    }
    for (const seq of await sequences(tx)) {
      await sink(`select setval('${seq.name}', ${seq.value}, ${seq.called});`)
    }
    await sink('-- end')
    return header
  })
}

/**
 * How a line of rows begins; the restore (backup-lines.ts) checks a line against it and reads only
 * the JSON after it. Still SQL, so the file stays readable as what it holds.
 */
export function rowsLineHead(table: string, columns: string, identity: boolean): string {
  return `insert into ${table} (${columns})${identity ? ' overriding system value' : ''} select ${columns} from jsonb_populate_recordset(null::${table}, `
}

async function dumpTable(tx: Tx, table: TableInfo, tag: string, sink: LineSink): Promise<void> {
  const cursor = `dump_${randomBytes(4).toString('hex')}`
  await tx.query(`declare ${cursor} no scroll cursor for select to_jsonb(t)::text as j from ${table.name} t`)
  const cols = table.columns.map(quoteIdent).join(', ')
  for (;;) {
    const batch = await tx.query<{ j: string }>(`fetch ${ROWS_PER_LINE} from ${cursor}`)
    if (batch.rows.length === 0) break
    const json = `[${batch.rows.map((r) => r.j).join(',')}]`
    // A value holding our tag would end the quote early; the tag is random, so this never
    // happens by chance, and a value made to hold it fails the dump instead of corrupting it.
    if (json.includes(tag)) throw new Error(`a value in ${table.name} holds the dump's quote tag; run the backup again`)
    await sink(`${rowsLineHead(table.name, cols, table.identity)}${tag}${json}${tag});`)
    if (batch.rows.length < ROWS_PER_LINE) break
  }
  await tx.query(`close ${cursor}`)
}

/**
 * The tables the migrations made in `public` and `app_private` (not the migration list itself,
 * which the restore's own migrations write), parents before children so foreign keys hold as
 * rows load. Generated columns are left out: the database computes them again.
 */
export async function applicationTables(db: Db | Tx): Promise<TableInfo[]> {
  const r = await db.query<{
    name: string
    columns: string[]
    generated: string[]
    identity: boolean
    parents: string[] | null
  }>(
    `select format('%I.%I', n.nspname, c.relname) as name,
       array(select a.attname::text from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
             order by a.attnum) as columns,
       array(select a.attname::text from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated <> ''
             order by a.attnum) as generated,
       exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attidentity = 'a') as identity,
       array(select distinct format('%I.%I', pn.nspname, p.relname) from pg_constraint f
             join pg_class p on p.oid = f.confrelid join pg_namespace pn on pn.oid = p.relnamespace
             where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid) as parents
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname in ('public', 'app_private')
       and not (n.nspname = 'app_private' and c.relname = 'schema_migrations')
     order by 1`,
  )
  const byName = new Map(r.rows.map((t) => [t.name, t]))
  const ordered: TableInfo[] = []
  const done = new Set<string>()
  const visit = (name: string, path: Set<string>) => {
    if (done.has(name) || path.has(name)) return
    const t = byName.get(name)
    if (!t) return
    path.add(name)
    for (const p of t.parents ?? []) visit(p, path)
    done.add(name)
    ordered.push({ name: t.name, columns: t.columns, generated: t.generated, identity: t.identity })
  }
  for (const name of byName.keys()) visit(name, new Set())
  return ordered
}

export async function sequences(tx: Db | Tx): Promise<{ name: string; value: string; called: boolean }[]> {
  const r = await tx.query<{ name: string; value: string | null; called: boolean }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value, last_value is not null as called
     from pg_sequences where schemaname in ('public', 'app_private') order by 1`,
  )
  // A sequence never used has no last_value; setval(…, start, false) keeps it unused.
  return r.rows.map((s) => ({ name: s.name, value: s.value ?? '1', called: s.called }))
}

/** Reads the header lines of a dump (the first lines, up to the first table). */
export function parseHeader(lines: string[]): DumpHeader | null {
  if (lines[0] !== `-- ${FORMAT}`) return null
  const field = (key: string) => lines.find((l) => l.startsWith(`-- ${key}: `))?.slice(key.length + 5) ?? ''
  const database = field('database')
  const header = {
    format: FORMAT,
    takenAt: field('taken-at'),
    migration: field('migration'),
    database: database === 'postgres' ? 'postgres' : 'pglite',
  } as const
  return header.takenAt && header.migration ? header : null
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
