import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './db.ts'
import { RENAMED_MIGRATIONS } from './migration-renames.ts'

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
 * A migration that sorts before one the database has already applied: applying it would run the
 * schema's history out of order (it was written against an older schema than the one it meets),
 * so the runner stops before applying anything. Rename the file to sort after the latest applied
 * one, or, when it was renamed on purpose, add it to RENAMED_MIGRATIONS.
 */
export class MigrationOrderError extends Error {
  readonly migration: string
  readonly latestApplied: string
  constructor(migration: string, latestApplied: string) {
    super(
      `Migration ${migration} sorts before ${latestApplied}, which this database has already applied: it would run out of order, so nothing was applied. Give it a name that sorts after ${latestApplied} (its timestamp the time you write it), or list a deliberate rename in src/server/db/migration-renames.ts.`,
    )
    this.name = 'MigrationOrderError'
    this.migration = migration
    this.latestApplied = latestApplied
  }
}

/**
 * The first pending migration that sorts before the latest applied one, with that one; a
 * migration renamed on purpose (`renamed`) may. Null when the pending ones all come after.
 */
export function outOfOrder(
  files: readonly string[],
  applied: readonly string[],
  renamed: ReadonlySet<string> = new Set(RENAMED_MIGRATIONS.map(([, to]) => to)),
): { migration: string; latestApplied: string } | null {
  const done = new Set(applied)
  const latestApplied = [...applied].sort().at(-1)
  if (latestApplied === undefined) return null
  const migration = [...files].sort().find((f) => !done.has(f) && f < latestApplied && !renamed.has(f))
  return migration === undefined ? null : { migration, latestApplied }
}

/**
 * Applies every not yet applied migration in name order, each in its own transaction (a
 * migration is applied whole or not at all; none of ours holds a statement that cannot run in a
 * transaction); returns the names applied. First, in one transaction, the records of renamed
 * migrations take their new names, and a pending migration that sorts before an applied one
 * stops the start (MigrationOrderError) before anything is applied.
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
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    // One query in the usual case (no old name recorded); the rest only for a database from before a rename.
    const stale = await tx.query<{ name: string }>(
      'select name from app_private.schema_migrations where name = any($1::text[])',
      [RENAMED_MIGRATIONS.map(([from]) => from)],
    )
    const renames = new Map(RENAMED_MIGRATIONS)
    for (const { name: from } of stale.rows) {
      const to = renames.get(from)!
      // The record keeps its applied_at; a database that somehow holds both keeps the new one.
      await tx.query(
        `update app_private.schema_migrations set name = $2
         where name = $1 and not exists (select 1 from app_private.schema_migrations where name = $2)`,
        [from, to],
      )
      await tx.query('delete from app_private.schema_migrations where name = $1', [from])
    }
    const recorded = await tx.query<{ name: string }>('select name from app_private.schema_migrations')
    const wrong = outOfOrder(
      files,
      recorded.rows.map((r) => r.name),
    )
    if (wrong) throw new MigrationOrderError(wrong.migration, wrong.latestApplied)
  })
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
