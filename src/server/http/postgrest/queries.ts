import type { Db, Tx } from '../../db/db.ts'
import type { RestTable } from './tables.ts'

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

// Several statements as anon in one transaction (the probes, which roll back); one insert uses db.asAnon.
async function asAnon<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // The database's grants, row-level security and triggers decide, exactly as behind PostgREST.
    await tx.query('set local role anon')
    return fn(tx)
  })
}

/**
 * Inserts one row as the anon role. Column names must come from the table's list (the caller checks);
 * `returning` asks for the row back, which anon may not read, as PostgREST's return=representation does.
 */
export async function insertRow(
  db: Db,
  table: RestTable,
  row: Record<string, unknown>,
  options: { returning?: boolean } = {},
): Promise<void> {
  const columns = Object.keys(row)
  if (!columns.every((c) => table.columns.includes(c))) throw new Error(`insertRow: unknown column for ${table.name}`)
  const values = columns.map((c) => toParam(row[c]))
  const sql = columns.length
    ? `insert into public.${ident(table.name)} (${columns.map(ident).join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`
    : `insert into public.${ident(table.name)} default values`
  await db.asAnon(sql + (options.returning ? ' returning *' : ''), values)
}

const ROLLBACK = Symbol('rollback')

/** Runs a read, update or delete as anon and throws the database's refusal; never changes anything. */
export async function probeAsAnon(db: Db, table: RestTable, action: 'select' | 'update' | 'delete'): Promise<void> {
  const t = `public.${ident(table.name)}`
  const sql = {
    select: `select * from ${t} limit 0`,
    update: `update ${t} set ${ident(table.columns[1]!)} = ${ident(table.columns[1]!)} where false`,
    delete: `delete from ${t} where false`,
  }[action]
  try {
    await asAnon(db, async (tx) => {
      await tx.query(sql)
      throw ROLLBACK
    })
  } catch (err) {
    if (err !== ROLLBACK) throw err
  }
}

// JSON values that are not text reach PostgreSQL as their JSON text, as PostgREST sends them.
function toParam(v: unknown): unknown {
  if (v === null || v === undefined || typeof v === 'string') return v ?? null
  return JSON.stringify(v)
}

export async function ping(db: Db): Promise<void> {
  await db.query('select 1')
}
