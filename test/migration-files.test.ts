import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { MIGRATIONS_DIR } from '../src/server/db/migrate.ts'
import { RENAMED_MIGRATIONS } from '../src/server/db/migration-renames.ts'

// A migration is named for the time it was written (YYYYMMDDHHMMSS_verb_noun.sql, UTC). One dated
// in the future sorts after every migration written before that date, so the next one written
// today would sort before it and meet a database that already applied it: the runner refuses
// that (src/server/db/migrate.ts, tested in migrate.test.ts), and this file refuses the cause.

const NAME = /^\d{14}_[a-z0-9]+(_[a-z0-9]+)*\.sql$/

/** `at` as a migration's timestamp, YYYYMMDDHHMMSS in UTC. */
const stamp = (at: Date) => at.toISOString().replace(/\D/g, '').slice(0, 14)

/**
 * The migrations of `dir` that are misnamed or dated later than `now`, each with why. The
 * timestamps compare as text, as the runner orders them (a few early ones say hour 30 or 40:
 * they were applied under those names and keep them).
 */
async function badMigrations(dir: string, now: Date): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()
  const bad: string[] = []
  for (const file of files) {
    if (!NAME.test(file)) bad.push(`${file}: not named YYYYMMDDHHMMSS_verb_noun.sql`)
    else if (file.slice(0, 14) > stamp(now)) bad.push(`${file}: dated in the future (now is ${stamp(now)})`)
  }
  return bad
}

describe('migration files', () => {
  test('every migration is named YYYYMMDDHHMMSS_verb_noun.sql and dated no later than now', async () => {
    expect(await badMigrations(MIGRATIONS_DIR, new Date())).toEqual([])
  })

  test('the check fails on a planted migration dated in the future, or misnamed (a probe of the check above)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'))
    try {
      for (const f of await readdir(MIGRATIONS_DIR)) await copyFile(join(MIGRATIONS_DIR, f), join(dir, f))
      const now = new Date()
      const inASecond = stamp(new Date(now.getTime() + 1000))
      await writeFile(join(dir, `${inASecond}_create_planted.sql`), 'select 1;\n')
      await writeFile(join(dir, '20261126_add_planted.sql'), 'select 1;\n')
      // Sorted here: the two names' order depends on today's date.
      expect((await badMigrations(dir, now)).sort()).toEqual(
        [
          `${inASecond}_create_planted.sql: dated in the future (now is ${stamp(now)})`,
          `20261126_add_planted.sql: not named YYYYMMDDHHMMSS_verb_noun.sql`,
        ].sort(),
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  test('each renamed migration exists under its new name only, and the renames keep their order', async () => {
    const files = new Set(await readdir(MIGRATIONS_DIR))
    for (const [from, to] of RENAMED_MIGRATIONS) {
      expect(files.has(to), to).toBe(true)
      expect(files.has(from), from).toBe(false)
      // Only the timestamp changes: the same migration, found by its verb and noun.
      expect(to.slice(15)).toBe(from.slice(15))
    }
    const byOld = [...RENAMED_MIGRATIONS].sort(([a], [b]) => a.localeCompare(b)).map(([, to]) => to)
    expect(byOld).toEqual([...byOld].sort())
  })
})

test("docs/deploy-supabase.md's repair commands name exactly the renamed migrations' versions", async () => {
  const doc = await readFile(fileURLToPath(new URL('../docs/deploy-supabase.md', import.meta.url)), 'utf8')
  const versions = (status: string) =>
    new RegExp(`^supabase migration repair --status ${status} ([\\d ]+)$`, 'm').exec(doc)?.[1]?.split(' ')
  expect(versions('reverted')).toEqual(RENAMED_MIGRATIONS.map(([from]) => from.slice(0, 14)))
  expect(versions('applied')).toEqual(RENAMED_MIGRATIONS.map(([, to]) => to.slice(0, 14)))
})
