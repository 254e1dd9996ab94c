import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './db.ts'

/** supabase/migrations, found from this file in src/ and in dist/node/ alike. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../supabase/migrations', import.meta.url))
const MIGRATIONS_DIR_FROM_DIST = fileURLToPath(new URL('../../../../supabase/migrations', import.meta.url))

// Any fixed number: every process migrating the same database takes this lock first.
const MIGRATION_LOCK = 4_210_611

/** Applies every not yet applied migration in name order, each in its own transaction; returns the names applied. */
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
      await tx.exec(sql)
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
