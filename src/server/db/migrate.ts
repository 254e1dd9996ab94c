import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './db.ts'

/** supabase/migrations, found from this file in src/ and in dist/node/ alike. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../supabase/migrations', import.meta.url))
const MIGRATIONS_DIR_FROM_DIST = fileURLToPath(new URL('../../../../supabase/migrations', import.meta.url))

// Any fixed number: every process migrating the same database takes this lock first.
const MIGRATION_LOCK = 4_210_611

/**
 * A migration that failed. Its transaction was rolled back, so nothing of it is in the database
 * and the next start applies it from its first statement (the ones before it stay applied).
 */
export class MigrationError extends Error {
  readonly migration: string
  readonly code: string | undefined
  constructor(migration: string, cause: unknown) {
    const err = cause as { message?: string; code?: string }
    // 42501 (insufficient_privilege): a plain PostgreSQL whose superuser part was not done.
    const hint =
      err.code === '42501'
        ? ' The database needs deploy/postgres-setup.sql, run once by a superuser (docs/deploy.md, step 2).'
        : ''
    super(
      `Migration ${migration} failed and was rolled back (nothing of it was applied; the next start retries it): ${err.message ?? String(cause)}.${hint}`,
      { cause },
    )
    this.name = 'MigrationError'
    this.migration = migration
    this.code = err.code
  }
}

/**
 * Applies every not yet applied migration in name order, each in its own transaction (a
 * migration is applied whole or not at all; none of ours holds a statement that cannot run in a
 * transaction); returns the names applied.
 */
export async function migrate(db: Db, dir?: string): Promise<string[]> {
  const folder = dir ?? (await firstExisting([MIGRATIONS_DIR, MIGRATIONS_DIR_FROM_DIST]))
  const files = (await readdir(folder)).filter((f) => f.endsWith('.sql')).sort()
  await db.exec(`
    create schema if not exists app_private;
    create table if not exists app_private.schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    );
  `)
  const applied: string[] = []
  for (const name of files) {
    const sql = await readFile(join(folder, name), 'utf8')
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      const seen = await tx.query('select 1 from app_private.schema_migrations where name = $1', [name])
      if (seen.rows.length > 0) return false
      try {
        await tx.exec(sql)
      } catch (err) {
        throw new MigrationError(name, err)
      }
      await tx.query('insert into app_private.schema_migrations (name) values ($1)', [name])
      return true
    })
    if (done) applied.push(name)
  }
  return applied
}

async function firstExisting(dirs: string[]): Promise<string> {
  for (const d of dirs) {
    try {
      await readdir(d)
      return d
    } catch {
      // try the next one
    }
  }
  throw new Error(`No migrations folder found (looked in ${dirs.join(', ')})`)
}
