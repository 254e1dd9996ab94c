import { mkdir } from 'node:fs/promises'
import pg from 'pg'
import { makePrivate, PRIVATE_DIR_MODE } from '../private-files.ts'
import type { Db, Tx } from './db.ts'
import { lockFolder, type FolderLock } from './folder-lock.ts'
import { openPglite } from './pglite.ts'
import { ANON_POOL_SIZE_DEFAULT, POOL_SIZE_DEFAULT } from './pool-sizes.ts'

type DbConfig = {
  DATABASE_URL?: string | undefined
  PGLITE_DIR: string
  /** Connections for migrations, the email queue and other trusted work (PostgreSQL only). */
  DATABASE_POOL_SIZE?: number
  /** Connections that are the anon role from their start, one per concurrent sign-up (PostgreSQL only). */
  DATABASE_ANON_POOL_SIZE?: number
}

type OpenOptions = {
  /**
   * PGlite: the folder's lock, when the caller took it already (the server does, before it
   * listens). Otherwise openDb takes it, as the 'server' role. Either way close() releases it.
   */
  lock?: FolderLock
  /** PGlite: paths in the folder that could not be made private (0700/0600), for the caller to report. */
  onNotPrivate?: (problems: string[]) => void
}

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in PGLITE_DIR ('memory://'
 * keeps it in memory). A PGlite folder is opened only under its lock (folder-lock.ts), so a
 * second opener gets FolderInUseError and never touches the files.
 */
export async function openDb(config: DbConfig, options: OpenOptions = {}): Promise<Db> {
  if (config.DATABASE_URL) {
    return openPool(config.DATABASE_URL, {
      size: config.DATABASE_POOL_SIZE ?? POOL_SIZE_DEFAULT,
      anonSize: config.DATABASE_ANON_POOL_SIZE ?? ANON_POOL_SIZE_DEFAULT,
    })
  }
  const dir = config.PGLITE_DIR
  if (dir.startsWith('memory://')) return openPglite(dir)
  const lock = options.lock ?? (await lockFolder(dir, 'server'))
  const report = (problems: string[]) => {
    if (problems.length) options.onNotPrivate?.(problems)
  }
  let db: Db
  try {
    await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
    // Folders made by older versions (0755, files 0666), before anything is read from them.
    report(await makePrivate([dir]))
    db = await openPglite(dir)
    // PGlite wrote its new files (initdb's ~1,000, pg_internal.init at each open) 0666.
    report(await makePrivate([dir]))
  } catch (err) {
    lock.release()
    throw err
  }
  return {
    ...db,
    close: async () => {
      try {
        await db.close()
        // The files PGlite writes as it stops; the next start would fix them too.
        await makePrivate([dir])
      } finally {
        lock.release()
      }
    },
  }
}

function openPool(url: string, sizes: { size: number; anonSize: number }): Db {
  const pool = new pg.Pool({ connectionString: url, max: sizes.size })
  const anon = anonPool(url, sizes.anonSize)
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  anon.on('error', () => {})
  // A client checked out for a transaction has no pool listener: PostgreSQL ending its connection
  // between two statements (a restart) would throw from an 'error' event and end the process. The
  // transaction's next statement fails instead, and the client is destroyed (issue 52).
  pool.on('connect', (client) => client.on('error', () => {}))
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
    listen: (channel, onNotify) => listenOn(url, channel, onNotify),
    close: async () => {
      await Promise.all([pool.end(), anon.end()])
    },
  }
}

/**
 * A connection that only listens. If it drops, it connects again after a pause (one attempt at a
 * time, only after a failure: nothing runs while it is healthy).
 */
async function listenOn(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const connect = async () => {
    const c = new pg.Client({ connectionString: url })
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify()
    })
    c.on('error', () => {
      c.end().catch(() => {})
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), 10_000)
    })
    await c.connect()
    await c.query(`listen ${pg.escapeIdentifier(channel)}`)
    client = c
    // A change made while we were away is copied now.
    onNotify()
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    await client?.end().catch(() => {})
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
