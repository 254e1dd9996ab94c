import { mkdir } from 'node:fs/promises'
import pg from 'pg'
import type { Db, Tx } from './db.ts'
import { openPglite } from './pglite.ts'
import { ANON_POOL_SIZE_DEFAULT, POOL_SIZE_DEFAULT } from './pool-sizes.ts'

export type DbConfig = {
  DATABASE_URL?: string | undefined
  PGLITE_DIR: string
  /** Connections for migrations, the email queue and other trusted work (PostgreSQL only). */
  DATABASE_POOL_SIZE?: number
  /** Connections that are the anon role from their start, one per concurrent sign-up (PostgreSQL only). */
  DATABASE_ANON_POOL_SIZE?: number
}

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in PGLITE_DIR ('memory://' keeps it in memory). */
export async function openDb(config: DbConfig): Promise<Db> {
  if (config.DATABASE_URL) {
    return openPool(config.DATABASE_URL, {
      size: config.DATABASE_POOL_SIZE ?? POOL_SIZE_DEFAULT,
      anonSize: config.DATABASE_ANON_POOL_SIZE ?? ANON_POOL_SIZE_DEFAULT,
    })
  }
  if (!config.PGLITE_DIR.startsWith('memory://')) await mkdir(config.PGLITE_DIR, { recursive: true })
  return openPglite(config.PGLITE_DIR)
}

function openPool(url: string, sizes: { size: number; anonSize: number }): Db {
  const pool = new pg.Pool({ connectionString: url, max: sizes.size })
  const anon = anonPool(url, sizes.anonSize)
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  anon.on('error', () => {})
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
    // One autocommit statement, one round trip: the session already is anon (see anonPool).
    asAnon: wrap(anon).query,
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
    close: async () => {
      await Promise.all([pool.end(), anon.end()])
    },
  }
}

/**
 * Sessions that are the anon role from connection start (`-c role=anon` in the startup packet,
 * checked by PostgreSQL against the login's membership like SET ROLE). Nothing on this pool ever
 * runs RESET ROLE, so every statement on it is anon's. Options in the URL are kept, but ours go
 * last so a URL's own `-c role=…` cannot override it (pg lets the URL's options replace the config's).
 */
function anonPool(url: string, max: number): pg.Pool {
  const u = new URL(url)
  const fromUrl = u.searchParams.get('options')
  u.searchParams.delete('options')
  return new pg.Pool({
    connectionString: u.toString(),
    max,
    options: [fromUrl, '-c role=anon'].filter(Boolean).join(' '),
  })
}
