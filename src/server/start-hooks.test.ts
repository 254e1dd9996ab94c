import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Db } from './db/db.ts'
import { defineFeature } from './feature.ts'
import { afterMigrate, explainOpenFailure, FEATURES } from './features.ts'
import { DB_KINDS, testDb } from './test-app.ts'
import { testConfig } from './test-config.ts'

// index.ts imports no feature: the moments of its start that features take part in are hooks,
// looped over in features.ts. After the migrations, the owners' addresses reach the database;
// a PGlite folder that will not open is explained with the latest backup, or shown as it is.

test('index.ts and app.ts import no feature file: they reach features through the list in features.ts', async () => {
  for (const file of ['index.ts', 'app.ts']) {
    const source = await readFile(new URL(file, import.meta.url), 'utf8')
    const imported = [...source.matchAll(/\bfrom\s+'([^']+)'/g)].map((m) => m[1]!)
    expect(imported, file).toContain('./features.ts')
    expect(
      imported.filter((path) => path.startsWith('./features/')),
      file,
    ).toEqual([])
  }
})

describe.each(DB_KINDS)('after the migrations on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())

  test("the features' step writes OWNER_EMAILS and their hourly cap, replacing the stored list", async () => {
    const owners = async () =>
      (
        await db.query<{ email: string; cap: number }>(
          'select email, notify_max_per_hour as cap from app_private.owner_emails order by email',
        )
      ).rows
    await afterMigrate(
      db,
      testConfig({ OWNER_EMAILS: ['a@example.com', 'b@example.com'], OWNER_NOTIFY_MAX_PER_HOUR: 7 }),
    )
    expect(await owners()).toEqual([
      { email: 'a@example.com', cap: 7 },
      { email: 'b@example.com', cap: 7 },
    ])
    await afterMigrate(db, testConfig({ OWNER_EMAILS: ['b@example.com'], OWNER_NOTIFY_MAX_PER_HOUR: 3 }))
    expect(await owners()).toEqual([{ email: 'b@example.com', cap: 3 }])
  })
})

describe('a database that will not open', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'open-failure-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  test("is explained by the features (backups': the latest backup and the command)", async () => {
    const backup = join(dir, 'manual-20261125T120000Z.sql')
    await writeFile(backup, '')
    const config = testConfig({ PGLITE_DIR: '/srv/pglite', BACKUP_DIR: dir })
    const message = await explainOpenFailure(new Error('Aborted(). Build with -sASSERTIONS'), config)
    expect(message).toContain('The database in /srv/pglite could not be opened')
    expect(message).toContain(`npm run owner -- restore ${backup}`)
  })

  test('is the error as it is when no feature explains it, or the explanation fails', async () => {
    const err = new Error('PGlite failed to initialize properly')
    const config = testConfig()
    const failing = defineFeature({
      name: 'probe',
      explainOpenFailure: () => Promise.reject(new Error('no disk')),
    })
    expect(await explainOpenFailure(err, config, [])).toBe(String(err))
    expect(await explainOpenFailure(err, config, [failing])).toBe(String(err))
    // A failing explanation leaves the next feature's in place.
    expect(await explainOpenFailure(err, config, [failing, ...FEATURES])).toContain('could not be opened')
  })
})
