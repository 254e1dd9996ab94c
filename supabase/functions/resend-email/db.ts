// @ts-types="npm:@types/pg@8.23.1"
import pg from 'pg'
import type { MailDb, QueryResult, Tx } from '../../../src/mail-core/db.ts'

/**
 * The mail core's database (src/mail-core/db.ts) over SUPABASE_DB_URL, so the queue code is shared, not copied.
 * Safe behind Supabase's pooler in transaction mode: every statement is either alone (pg sends
 * parameters with the unnamed statement, never a named prepared statement, which transaction
 * mode cannot keep) or inside BEGIN … COMMIT on one connection, and no session state is set.
 */
export function openDb(url: string, options: { max?: number } = {}): MailDb & { close(): Promise<void> } {
  // A few connections per isolate: one request at a time does one statement at a time.
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 3, idleTimeoutMillis: 10_000 })
  // An idle connection the pooler closes must not crash the isolate.
  pool.on('error', () => {})

  const run = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]): Promise<QueryResult<T>> => {
    const r = await client.query(sql, params)
    return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 }
  }

  const transaction = async <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const client = await pool.connect()
    try {
      await client.query('begin')
      const tx: Tx = {
        query: (sql, params) => run(client, sql, params),
        exec: async (sql) => {
          await client.query(sql)
        },
      }
      const result = await fn(tx)
      await client.query('commit')
      return result
    } catch (err) {
      await client.query('rollback').catch(() => {})
      throw err
    } finally {
      client.release()
    }
  }

  return {
    query: (sql, params) => run(pool, sql, params),
    transaction,
    close: () => pool.end(),
  }
}
