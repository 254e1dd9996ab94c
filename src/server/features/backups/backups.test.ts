import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { signCliToken, verifyCliToken } from '../../owner/cli-token.ts'
import { pruneBackups, scheduledName, writePrivateFile } from './files.ts'
import { openFailureMessage } from './open-failure.ts'
import { nextRun } from './schedule.ts'

let dirs: string[] = []
afterEach(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
  dirs = []
})
async function scratch(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'backups-'))
  dirs.push(d)
  return d
}

test('the daily backup runs at the next BACKUP_TIME (UTC), never twice in a day', () => {
  const now = new Date('2026-11-26T03:29:59Z')
  expect(nextRun(now, '03:30').toISOString()).toBe('2026-11-26T03:30:00.000Z')
  expect(nextRun(new Date('2026-11-26T03:30:00Z'), '03:30').toISOString()).toBe('2026-11-27T03:30:00.000Z')
  expect(nextRun(new Date('2026-12-31T23:59:00Z'), '00:00').toISOString()).toBe('2027-01-01T00:00:00.000Z')
})

test('a backup file is 0600 and appears whole or not at all; pruning keeps hand-named files', async () => {
  const dir = await scratch()
  const path = join(dir, scheduledName(new Date('2026-11-20T03:30:00Z')))
  expect(path.endsWith('backup-20261120T033000Z.sql')).toBe(true)
  await writePrivateFile(path, async (write) => {
    await write('-- one')
    await write('-- two')
  })
  expect((await stat(path)).mode & 0o777).toBe(0o600)
  await expect(
    writePrivateFile(join(dir, 'broken.sql'), async (write) => {
      await write('-- half')
      throw new Error('the dump failed')
    }),
  ).rejects.toThrow(/dump failed/)
  // Neither the broken file nor its temporary name is left.
  expect((await readdir(dir)).sort()).toEqual(['backup-20261120T033000Z.sql'])

  for (const day of ['21', '22', '23']) await writeFile(join(dir, `backup-202611${day}T033000Z.sql`), '')
  await writeFile(join(dir, 'manual-20261101T000000Z.sql'), '')
  expect(await pruneBackups(dir, 2)).toEqual(['backup-20261120T033000Z.sql', 'backup-20261121T033000Z.sql'])
  expect((await readdir(dir)).sort()).toEqual([
    'backup-20261122T033000Z.sql',
    'backup-20261123T033000Z.sql',
    'manual-20261101T000000Z.sql',
  ])
})

test("the CLI's token works once signed with the secret, for one minute, for backups only", () => {
  const secret = Buffer.alloc(32, 7)
  const now = Date.now()
  const token = signCliToken(secret, 'backup', now)
  expect(verifyCliToken(secret, token, 'backup', now)).toBe(true)
  expect(verifyCliToken(secret, token, 'backup', now + 61_000)).toBe(false)
  expect(verifyCliToken(Buffer.alloc(32, 8), token, 'backup', now)).toBe(false)
  const [body, sig] = token.split('.')
  expect(verifyCliToken(secret, `${body}x.${sig}`, 'backup', now)).toBe(false)
  expect(verifyCliToken(secret, '', 'backup', now)).toBe(false)
})

test('a folder PGlite cannot open: the folder, the error, the newest backup and the command', async () => {
  const dir = await scratch()
  const old = join(dir, 'backup-20261120T033000Z.sql')
  const newest = join(dir, 'manual-20261125T120000Z.sql')
  await writeFile(old, '')
  await writeFile(newest, '')
  await utimes(old, new Date('2026-11-20T03:30:00Z'), new Date('2026-11-20T03:30:00Z'))
  await utimes(newest, new Date('2026-11-25T12:00:00Z'), new Date('2026-11-25T12:00:00Z'))
  const err = Object.assign(new Error('Aborted(). Build with -sASSERTIONS for more info.'), { name: 'RuntimeError' })
  const message = await openFailureMessage('/var/lib/launch-page/pglite', dir, err)
  expect(message).toContain('The database in /var/lib/launch-page/pglite could not be opened')
  expect(message).toContain(`The latest backup is ${newest}`)
  expect(message).toMatch(
    new RegExp(
      `mv /var/lib/launch-page/pglite /var/lib/launch-page/pglite\\.damaged-\\d{4}-\\d\\d-\\d\\d && npm run owner -- restore ${newest}$`,
      'm',
    ),
  )
  expect(message).not.toMatch(/^\s+at /m)
  const none = await openFailureMessage(
    '/data/pglite',
    join(dir, 'missing'),
    new Error('PGlite failed to initialize properly'),
  )
  expect(none).toMatch(/No backup was found in .*missing \(BACKUP_DIR\)/)
})
