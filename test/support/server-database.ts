import { randomBytes } from 'node:crypto'
import { cp } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import type { Db } from '../../src/server/db/db.ts'
import { openDb } from '../../src/server/db/open.ts'
import type { DbKind } from '../../src/server/test-app.ts'

/** A database of its own for a spawned server, and a privileged way to look inside it. */
export type ServerDatabase = {
  kind: DbKind
  /** What the server needs in its environment to use this database. */
  env: Record<string, string>
  /**
   * Runs `fn` on a superuser connection that bypasses the anon role's grants. For PGlite the
   * server must be stopped first: one process at a time may open its folder.
   */
  inspect<T>(fn: (db: Db) => Promise<T>): Promise<T>
  drop(): Promise<void>
}

/**
 * PGlite: a folder under `dir`. PostgreSQL: a database of its own in the cluster that
 * test/global-setup-pg.ts starts for the run. Either is a copy of the run's migrated database
 * (`template`), so the server's first start finds every migration applied, as any later start of
 * a deployed server does; a first start on a new folder or database is what
 * test/server-process.test.ts, test/data-folder-lock.test.ts and test/owner-cli-first-start.test.ts test.
 */
export async function serverDatabase(kind: DbKind, dir: string): Promise<ServerDatabase> {
  if (kind === 'pglite') {
    const PGLITE_DIR = join(dir, 'pglite')
    await cp(inject('TEST_PGLITE_FOLDER'), PGLITE_DIR, { recursive: true })
    return {
      kind,
      env: { PGLITE_DIR, DATABASE_URL: '' },
      inspect: (fn) => withDb({ PGLITE_DIR }, fn),
      drop: async () => {},
    }
  }
  const clusterUrl = inject('TEST_DATABASE_URL')
  const name = `durability_${randomBytes(6).toString('hex')}`
  await admin(clusterUrl, `create database ${name} template ${inject('TEST_DATABASE_TEMPLATE')}`)
  const url = new URL(clusterUrl)
  url.pathname = `/${name}`
  const DATABASE_URL = url.toString()
  return {
    kind,
    env: { DATABASE_URL },
    inspect: (fn) => withDb({ DATABASE_URL, PGLITE_DIR: 'memory://' }, fn),
    drop: () => admin(clusterUrl, `drop database if exists ${name} with (force)`),
  }
}

async function withDb<T>(
  config: { DATABASE_URL?: string; PGLITE_DIR: string },
  fn: (db: Db) => Promise<T>,
): Promise<T> {
  const db = await openDb(config)
  try {
    return await fn(db)
  } finally {
    await db.close()
  }
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

export type QueueRow = {
  id: string
  to_email: string
  status: string
  attempts: number
  provider_message_id: string | null
}

/** Every sign-up address and every queued email, read with the privileged connection. */
export async function readState(db: Db): Promise<{ signups: string[]; queue: QueueRow[] }> {
  const signups = await db.query<{ email: string }>('select email from public.beta_signups order by id')
  const queue = await db.query<QueueRow>(
    'select id::text as id, to_email, status, attempts, provider_message_id from app_private.email_queue order by created_at',
  )
  return {
    signups: signups.rows.map((r) => r.email),
    queue: queue.rows.map((r) => ({ ...r, attempts: Number(r.attempts) })),
  }
}
