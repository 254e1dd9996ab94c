import type { Config } from '../config.ts'
import type { Db } from './db.ts'
import { migrate } from './migrate.ts'
import { openDb } from './open.ts'

// What the start does differently behind a connection pooler (docs/decisions/postgres-poolers.md).

type PoolerConfig = Pick<
  Config,
  'DATABASE_URL' | 'DATABASE_DIRECT_URL' | 'DATABASE_POOL_MODE' | 'DATABASE_POOL_SIZE' | 'DATABASE_ANON_POOL_SIZE'
>

/**
 * Applies the migrations over DATABASE_DIRECT_URL when there is one (a session of its own, closed
 * afterwards: a migration may set what a pooler would hand to the next client), otherwise on `db`.
 */
export async function migrateOverSession(db: Db, config: PoolerConfig): Promise<string[]> {
  if (!config.DATABASE_DIRECT_URL) return migrate(db)
  const direct = await openDb({
    DATABASE_URL: config.DATABASE_DIRECT_URL,
    PGLITE_DIR: 'memory://',
    DATABASE_POOL_SIZE: 1,
    DATABASE_ANON_POOL_SIZE: 1,
  })
  try {
    return await migrate(direct)
  } finally {
    await direct.close()
  }
}

/**
 * The one line the start logs behind a transaction pooler without a direct URL: what will not
 * work, and the fix. Null when there is nothing to say.
 */
export function poolerWithoutDirectUrl(config: PoolerConfig): string | null {
  if (!config.DATABASE_URL || config.DATABASE_POOL_MODE !== 'transaction' || config.DATABASE_DIRECT_URL) return null
  return (
    'DATABASE_POOL_MODE=transaction without DATABASE_DIRECT_URL: the suppression journal beside the backups is ' +
    'copied at each backup and start only (LISTEN needs a session), and migrations run through the pooler; ' +
    'sign-ups, email and backups work. Fix: set DATABASE_DIRECT_URL to a direct or session-mode URL of the same ' +
    'database (docs/deploy.md, "Through a connection pooler")'
  )
}

/** The pools of one process ask more of PostgreSQL than it lets a non-superuser open. */
export class ConnectionBudgetError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConnectionBudgetError'
  }
}

/**
 * Connections this process may open on PostgreSQL itself: both pools, and LISTEN's one. Behind a
 * transaction pooler the pools are the pooler's clients (its max_client_conn), and only LISTEN
 * reaches PostgreSQL.
 */
export function connectionsNeeded(config: PoolerConfig): number {
  if (config.DATABASE_POOL_MODE === 'transaction') return config.DATABASE_DIRECT_URL ? 1 : 0
  return config.DATABASE_POOL_SIZE + config.DATABASE_ANON_POOL_SIZE + 1
}

/**
 * Refuses to start when one process's pools alone exceed what PostgreSQL allows
 * (max_connections less the reserved slots): on launch day the connections past it would fail
 * as 503s. Several processes share that number: docs/deploy.md says how to size it.
 */
export async function checkConnectionBudget(db: Db, config: PoolerConfig): Promise<void> {
  if (!config.DATABASE_URL) return
  const needed = connectionsNeeded(config)
  if (needed === 0) return
  const r = await db.query<{ max: number; reserved: number }>(
    `select current_setting('max_connections')::int as max,
       current_setting('superuser_reserved_connections')::int
         + coalesce(nullif(current_setting('reserved_connections', true), ''), '0')::int as reserved`,
  )
  const { max, reserved } = r.rows[0]!
  const usable = max - reserved
  if (needed <= usable) return
  const parts =
    config.DATABASE_POOL_MODE === 'transaction'
      ? '1 for LISTEN'
      : `DATABASE_POOL_SIZE ${config.DATABASE_POOL_SIZE} + DATABASE_ANON_POOL_SIZE ${config.DATABASE_ANON_POOL_SIZE} + 1 for LISTEN`
  throw new ConnectionBudgetError(
    `This process would open up to ${needed} PostgreSQL connections (${parts}), more than the ${usable} PostgreSQL ` +
      `allows (max_connections ${max} less ${reserved} reserved): lower DATABASE_POOL_SIZE and DATABASE_ANON_POOL_SIZE, ` +
      'or put a transaction pooler in front (DATABASE_POOL_MODE=transaction; docs/deploy.md, "Connection budget")',
  )
}
