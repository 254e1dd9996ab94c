import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Db, Tx } from './db.ts'

export type DbConfig = { DATABASE_URL?: string | undefined; PGLITE_DIR: string }

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in PGLITE_DIR ('memory://' keeps it in memory). */
export async function openDb(config: DbConfig): Promise<Db> {
  return config.DATABASE_URL ? openPool(config.DATABASE_URL) : openPglite(config.PGLITE_DIR)
}

async function openPglite(dir: string): Promise<Db> {
  if (!dir.startsWith('memory://')) await mkdir(dir, { recursive: true })
  // relaxedDurability: false (the default, spelled out) makes each query wait until its
  // writes reach the files, so a row the API acknowledged survives a killed process.
  const lite = await PGlite.create(dir, { relaxedDurability: false })
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Tx => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await q.query<T>(sql, params)
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length }
    },
    async exec(sql: string) {
      await q.exec(sql)
    },
  })
  return {
    ...wrap(lite),
    transaction: (fn) => lite.transaction((tx) => fn(wrap(tx))),
    close: () => lite.close(),
  }
}

function openPool(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  const wrap = (q: pg.Pool | pg.PoolClient): Tx => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await q.query(sql, params)
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length }
    },
    async exec(sql: string) {
      await q.query(sql)
    },
  })
  return {
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await fn(wrap(client))
        await client.query('commit')
        client.release()
        return result
      } catch (err) {
        // A client whose rollback failed is broken: destroy it instead of returning it.
        await client.query('rollback').then(
          () => client.release(),
          (rollbackErr: Error) => client.release(rollbackErr),
        )
        throw err
      }
    },
    close: () => pool.end(),
  }
}
