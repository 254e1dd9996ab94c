import { randomBytes } from 'node:crypto'
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, expect, inject, test } from 'vitest'
import { dumpSchema, SCHEMA_FILE } from '../scripts/schema-dump.ts'
import { MIGRATIONS_DIR } from '../src/server/db/migrate.ts'

// supabase/schema.sql is what the migrations add up to (scripts/schema-dump.ts): checked here
// against a fresh dump, on the run's PostgreSQL cluster.

const made: string[] = []
const clusterUrl = () => inject('TEST_DATABASE_URL')

/** A new empty database on the run's cluster, dropped after the file's tests. */
async function emptyDatabase(): Promise<string> {
  const name = `schema_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: clusterUrl() })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  made.push(name)
  const url = new URL(clusterUrl())
  url.pathname = `/${name}`
  return url.toString()
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: clusterUrl() })
  await admin.connect()
  for (const name of made) await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
})

test('supabase/schema.sql is the schema the migrations add up to (else: npm run schema:dump)', async () => {
  const fresh = await dumpSchema(await emptyDatabase())
  const committed = await readFile(SCHEMA_FILE, 'utf8')
  // Compared as a whole; the message says how to mend it rather than printing 2,000 lines.
  expect(fresh === committed, 'supabase/schema.sql is stale: run `npm run schema:dump` and commit it').toBe(true)
})

test('the comparison fails when a migration is missing from the file (a probe of the check above)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'migrations-'))
  try {
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort()
    for (const f of files.slice(0, -1)) await copyFile(join(MIGRATIONS_DIR, f), join(dir, f))
    const withoutNewest = await dumpSchema(await emptyDatabase(), dir)
    expect(withoutNewest).not.toBe(await readFile(SCHEMA_FILE, 'utf8'))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
