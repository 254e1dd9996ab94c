import type { Db, Tx } from '../../db/db.ts'
import type { PersonSource } from '../../person-data.ts'

// A person's data on request, and the deletes of erasure, from one list: every feature's
// person-data sources in erasure's order (src/server/person-data.ts, assembled by features.ts).

/** Every row about the mailbox, by table (each table of the list, empty or not), in one snapshot. */
export async function personData(
  db: Db,
  sources: readonly PersonSource[],
  address: string,
): Promise<Record<string, Record<string, unknown>[]>> {
  const email = address.trim()
  return db.transaction(async (tx) => {
    // One consistent view of all tables (a no-op on PGlite, which has one connection).
    await tx.query('set transaction isolation level repeatable read, read only')
    const tables: Record<string, Record<string, unknown>[]> = {}
    for (const source of sources) {
      const r = await tx.query<{ row: Record<string, unknown> | string }>(source.rows, [email])
      tables[source.table] = r.rows.map((x) => (typeof x.row === 'string' ? JSON.parse(x.row) : x.row))
    }
    return tables
  })
}

/** Erasure's deletes, in the list's order; the rows deleted per table. Call inside erasure's transaction. */
export async function eraseSources(
  tx: Tx,
  sources: readonly PersonSource[],
  address: string,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const source of sources) {
    if (!('sql' in source.erase)) continue
    counts[source.table] = (await tx.query(source.erase.sql, [address])).rowCount
  }
  return counts
}
