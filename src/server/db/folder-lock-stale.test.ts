import { spawn } from 'node:child_process'
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { FolderInUseError, lockDirOf, lockFolder } from './folder-lock.ts'
import { bootTimeMs, processIdentity } from './process-identity.ts'

// Claims the folder lock held on to although nothing could stop them.

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})
async function folder() {
  const dir = await mkdtemp(join(tmpdir(), 'folder-lock-stale-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return join(dir, 'pglite')
}
const stateOf = async (pid: number) => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]
}

test('a zombie holder (exited, never reaped by its parent) counts as gone', async () => {
  // `sleep 0.2` is a child of the shell, which then becomes `sleep 30` and never reaps it.
  const parent = spawn('sh', ['-c', 'sleep 0.2 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] })
  cleanups.push(async () => void parent.kill('SIGKILL'))
  const pid = Number(
    await new Promise<string>((resolve) => parent.stdout!.once('data', (d: Buffer) => resolve(String(d)))),
  )
  const holder = { ...processIdentity(pid), role: 'server', since: new Date().toISOString() }
  const dir = await folder()
  mkdirSync(lockDirOf(dir), { recursive: true })
  writeFileSync(join(lockDirOf(dir), 'zombie.json'), JSON.stringify(holder))
  await expect.poll(() => stateOf(pid), { timeout: 5_000 }).toBe('Z')
  const lock = await lockFolder(dir, 'server')
  expect(lock.tookOverFrom.map((r) => r.pid)).toEqual([pid])
  lock.release()
})

test('an unreadable claim older than the boot is stale; a recent one is not, and the error says what to remove', async () => {
  const boot = bootTimeMs()
  expect(boot).not.toBeNull()
  const dir = await folder()
  const lockDir = lockDirOf(dir)
  mkdirSync(lockDir, { recursive: true })
  const empty = join(lockDir, 'empty.json')
  writeFileSync(empty, '')
  const err = await lockFolder(dir, 'server').catch((e: unknown) => e)
  expect(err).toBeInstanceOf(FolderInUseError)
  expect((err as Error).message).toContain(`remove ${lockDir}`)
  const before = new Date(boot! - 3_600_000)
  utimesSync(empty, before, before)
  const lock = await lockFolder(dir, 'server')
  lock.release()
})
