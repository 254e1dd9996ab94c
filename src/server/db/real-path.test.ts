import { mkdirSync, symlinkSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { lockDirOf } from './folder-lock.ts'
import { openDb } from './open.ts'
import { realDataDir } from './real-path.ts'

// A PGLITE_DIR through a symbolic link (a data disk mounted elsewhere).

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

// Two PGlite databases opened in turn: each start takes seconds on a loaded machine.
test(
  'a linked data folder resolves to its target once, and PGlite, the lock and the secret all live there',
  { timeout: 90_000 },
  async () => {
    const root = await mkdtemp(join(tmpdir(), 'real-path-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    const disk = join(root, 'disk')
    mkdirSync(disk)
    const link = join(root, 'data')
    symlinkSync(disk, link)

    // The folder itself does not exist yet: it resolves through the link.
    const dir = realDataDir(join(link, 'pglite'))
    expect(dir).toBe(join(disk, 'pglite'))
    expect(realDataDir(link)).toBe(disk)
    expect(realDataDir('memory://')).toBe('memory://')

    // openDb takes the folder lock itself, on the same real path.
    const db = await openDb({ PGLITE_DIR: dir })
    await db.query('create table t (x int)')
    await db.close()
    expect(await readdir(disk)).toContain('pglite')
    expect(lockDirOf(dir)).toBe(join(disk, 'pglite.lock'))
    // Reopened through the link's resolution again: the same database.
    const again = await openDb({ PGLITE_DIR: realDataDir(join(link, 'pglite')) })
    expect(
      (await again.query<{ n: string }>("select count(*)::text as n from pg_tables where tablename = 't'")).rows,
    ).toEqual([{ n: '1' }])
    await again.close()
  },
)

test('a link to a folder that does not exist is refused with a clear line', async () => {
  const root = await mkdtemp(join(tmpdir(), 'real-path-'))
  cleanups.push(() => rm(root, { recursive: true, force: true }))
  symlinkSync(join(root, 'unmounted'), join(root, 'data'))
  expect(() => realDataDir(join(root, 'data', 'pglite'))).toThrow(
    /PGLITE_DIR: .*data is a symbolic link to a folder that does not exist/,
  )
})
