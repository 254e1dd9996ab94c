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
  /**
   * `transaction`: DATABASE_URL is a transaction pooler (PgBouncer, Supavisor's 6543), where a
   * session's state does not survive its transaction (docs/decisions/postgres-poolers.md).
   */
  DATABASE_POOL_MODE?: 'session' | 'transaction'
  /** A direct (or session-mode) URL of the same database: LISTEN, and the migrations (pooler.ts). */
  DATABASE_DIRECT_URL?: string | undefined
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
    const pooled = config.DATABASE_POOL_MODE === 'transaction'
    return openPool(config.DATABASE_URL, {
      size: config.DATABASE_POOL_SIZE ?? POOL_SIZE_DEFAULT,
      anonSize: config.DATABASE_ANON_POOL_SIZE ?? ANON_POOL_SIZE_DEFAULT,
      pooled,
      sessionUrl: sessionUrl(config),
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

/**
 * The URL on which a session's state lasts (LISTEN, session settings): DATABASE_DIRECT_URL, or
 * DATABASE_URL itself when it is not a transaction pooler. Undefined behind a transaction pooler
 * without a direct URL.
 */
function sessionUrl(config: DbConfig): string | undefined {
  if (!config.DATABASE_URL) return undefined
  return config.DATABASE_DIRECT_URL ?? (config.DATABASE_POOL_MODE === 'transaction' ? undefined : config.DATABASE_URL)
}

type PoolOptions = { size: number; anonSize: number; pooled: boolean; sessionUrl: string | undefined }

function openPool(url: string, options: PoolOptions): Db {
  const pool = new pg.Pool({ connectionString: url, max: options.size })
  // Through a transaction pooler a startup parameter is refused (PgBouncer) or lost: plain
  // connections, and each statement becomes anon inside its own transaction (anonStatement).
  const anon = options.pooled
    ? new pg.Pool({ connectionString: url, max: options.anonSize })
    : anonPool(url, options.anonSize)
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
    // One round trip either way: an autocommit statement on a session that already is anon
    // (anonPool), or, through a pooler, the role and the statement in one transaction.
    asAnon: options.pooled ? (sql, params) => anonStatement(anon, sql, params) : wrap(anon).query,
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
    // LISTEN needs a session; behind a transaction pooler without a direct URL there is none.
    ...(options.sessionUrl
      ? { listen: (channel: string, onNotify: () => void) => listenOn(options.sessionUrl!, channel, onNotify) }
      : {}),
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

/** Becomes anon until the end of the statement's transaction (is_local), as PostgREST does. */
const SET_ANON = `select set_config('role', 'anon', true)`

/**
 * A statement that sends SET_ANON before itself in the same extended-protocol exchange: Parse,
 * Bind, Execute of SET_ANON, then the statement's own Parse, Bind, Describe, Execute, and one
 * Sync. Everything before the Sync is one implicit transaction, so the role holds for the
 * statement (whose row-level security is applied at its Parse, after the role) and ends with it,
 * and a transaction pooler (PgBouncer 1.18 included) hands the connection on only after the
 * Sync. One round trip, like the session path; SET_ANON's own row and command tag are skipped.
 * The hooks are pg's Query's own (prepare, handleDataRow, handleCommandComplete): a change in pg
 * shows in the tests, which run every database suite through PgBouncer.
 */
class AnonStatement extends pg.Query {
  private preludeDone = false
  // Always the extended protocol, also for a statement without parameters.
  requiresPreparation(): boolean {
    return true
  }
  prepare(connection: PgConnection): void {
    connection.parse({ text: SET_ANON })
    connection.bind({})
    connection.execute({})
    ;(pg.Query.prototype as unknown as QueryHooks).prepare.call(this, connection)
  }
  handleDataRow(msg: unknown): void {
    if (this.preludeDone) (pg.Query.prototype as unknown as QueryHooks).handleDataRow.call(this, msg)
  }
  handleCommandComplete(msg: unknown, connection: PgConnection): void {
    if (!this.preludeDone) {
      this.preludeDone = true
      return
    }
    ;(pg.Query.prototype as unknown as QueryHooks).handleCommandComplete.call(this, msg, connection)
  }
}

type PgConnection = {
  parse(m: { text: string }): void
  bind(m: object): void
  execute(m: object): void
}
type QueryHooks = {
  prepare(this: unknown, c: PgConnection): void
  handleDataRow(this: unknown, msg: unknown): void
  handleCommandComplete(this: unknown, msg: unknown, c: PgConnection): void
}

async function anonStatement<T>(pool: pg.Pool, sql: string, params: unknown[] = []) {
  const client = await pool.connect()
  try {
    const r = await new Promise<{ rows: unknown[]; rowCount: number | null }>((resolve, reject) => {
      client.query(new AnonStatement({ text: sql, values: params }, (err, res) => (err ? reject(err) : resolve(res))))
    })
    client.release()
    return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length }
  } catch (err) {
    // An error PostgreSQL answered leaves the connection clean (the implicit transaction ended
    // at the Sync); any other may have broken it.
    client.release(err instanceof pg.DatabaseError ? undefined : (err as Error))
    throw err
  }
}
