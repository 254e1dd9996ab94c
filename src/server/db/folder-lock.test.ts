import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { FolderInUseError, lockDirOf, lockFolder, type LockRecord } from './folder-lock.ts'
import { processIdentity } from './process-identity.ts'

// Who holds a PGlite folder, judged from the claim files in `<folder>.lock/`.

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'folder-lock-unit-'))
  cleanup.push(() => rm(dir, { recursive: true, force: true }))
  return join(dir, 'pglite')
}

/** Leaves a claim as a process that crashed (or runs elsewhere) would have. */
async function plantClaim(dir: string, record: LockRecord): Promise<void> {
  await lockFolder(dir, 'server').then((l) => l.release()) // creates the lock folder
  await writeFile(join(lockDirOf(dir), 'planted.json'), JSON.stringify(record))
}

async function sleeper(): Promise<ChildProcess> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' })
  cleanup.push(async () => child.kill('SIGKILL'))
  await new Promise((resolve) => child.once('spawn', resolve))
  return child
}

const claim = (over: Partial<LockRecord>): LockRecord => ({
  ...processIdentity(),
  role: 'server',
  since: new Date().toISOString(),
  ...over,
})

test('a live holder keeps the folder: the error names the folder and its pid', async () => {
  const dir = await folder()
  const live = await sleeper()
  await plantClaim(dir, claim(processIdentity(live.pid)))
  const err = await lockFolder(dir, 'server').catch((e: unknown) => e)
  expect(err).toBeInstanceOf(FolderInUseError)
  expect((err as Error).message).toContain(dir)
  expect((err as Error).message).toContain(`pid ${live.pid}`)
  // Our failed attempt left nothing behind.
  expect(await readdir(lockDirOf(dir))).toEqual(['planted.json'])
})

test('a dead holder, a reused pid, our own pid from an earlier life and an earlier boot are all stale', async () => {
  const dir = await folder()
  const gone = await sleeper()
  const goneId = processIdentity(gone.pid)
  gone.kill('SIGKILL')
  await new Promise((resolve) => gone.once('exit', resolve))
  const reused = await sleeper()
  const stale: LockRecord[] = [
    claim(goneId),
    // A live process, but not the one that wrote the claim: its start time differs.
    claim({ ...processIdentity(reused.pid), startTicks: '1' }),
    // A container's server is pid 1 at every start: a claim naming us is from before.
    claim({ pid: process.pid }),
    claim({ pid: reused.pid, bootId: 'an-earlier-boot' }),
  ]
  for (const record of stale) {
    await plantClaim(dir, record)
    const lock = await lockFolder(dir, 'server')
    expect(lock.tookOverFrom.map((r) => r.pid)).toEqual([record.pid])
    lock.release()
  }
  expect(await readdir(lockDirOf(dir))).toEqual([])
})

test('a claim from another host is never taken over', async () => {
  const dir = await folder()
  await plantClaim(dir, claim({ host: `not-${hostname()}`, pid: 4242 }))
  await expect(lockFolder(dir, 'server')).rejects.toThrow(/pid 4242 on not-.*remove .*pglite\.lock/)
})

test('one claim per folder within a process too, until it is released', async () => {
  const dir = await folder()
  const lock = await lockFolder(dir, 'server')
  await expect(lockFolder(dir, 'owner-cli')).rejects.toBeInstanceOf(FolderInUseError)
  lock.release()
  lock.release() // idempotent
  ;(await lockFolder(dir, 'owner-cli')).release()
})

test('of several processes racing for a free folder, exactly one gets it', async () => {
  const dir = await folder()
  const code = `import { lockFolder } from ${JSON.stringify(new URL('./folder-lock.ts', import.meta.url).href)}
try { await lockFolder(process.argv[1], 'server'); console.log('got'); setTimeout(() => {}, 60_000) }
catch (err) { console.log(err.constructor.name) }`
  const racers = Array.from({ length: 4 }, () =>
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  )
  // Each answers on its first line; the winner holds on until killed.
  const outcomes = await Promise.all(
    racers.map(
      (child) =>
        new Promise<string>((resolve) => {
          cleanup.push(async () => child.kill('SIGKILL'))
          child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()))
          child.once('exit', () => resolve('exited without an answer'))
        }),
    ),
  )
  expect(outcomes.sort()).toEqual(['FolderInUseError', 'FolderInUseError', 'FolderInUseError', 'got'])
}, 60_000)
