import { randomBytes } from 'node:crypto'
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'
import { bootTimeMs, isHolderAlive, processIdentity, type ProcessIdentity } from './process-identity.ts'

/**
 * One process owns a PGlite folder (docs/decisions/data-folder-ownership.md). A claim
 * is a file `<nonce>.json` in `<folder>.lock/`, naming its process. A claimant first writes its
 * own file, then looks for anyone else's: of two that race, the later to write always sees the
 * earlier, so at most one goes on. A file whose process is gone is stale and is removed; no
 * timer refreshes anything, so an idle server does nothing for its lock.
 */

type Role = 'server' | 'owner-cli'

export type LockRecord = ProcessIdentity & { role: Role; since: string }

export type FolderLock = {
  dir: string
  /** Holders found dead and removed while taking the lock (for the start's log line). */
  tookOverFrom: LockRecord[]
  /** Synchronous, so it can also run in an 'exit' handler. Idempotent. */
  release(): void
}

/** The folder is someone else's; `holder` says whose (unknown when their claim cannot be read). */
export class FolderInUseError extends Error {
  dir: string
  holder: LockRecord | null
  constructor(dir: string, holder: LockRecord | null, lockDir: string) {
    const who = holder ? describeHolder(holder) : `a claim in ${lockDir} that cannot be read`
    // Each remedy is one that works: the process to stop, or the folder to remove.
    const remedy = !holder
      ? `; if no server or npm run owner uses this folder, remove ${lockDir}`
      : holder.host !== hostname()
        ? `; it cannot be checked from here: if nothing runs there, remove ${lockDir}`
        : holder.role === 'owner-cli'
          ? '; try again in a few seconds'
          : `; stop it first (kill ${holder.pid}), or set PGLITE_DIR to another folder`
    super(`${dir} is in use by ${who}${remedy}`)
    this.dir = dir
    this.holder = holder
  }
}

export function describeHolder(h: LockRecord): string {
  const what = h.role === 'server' ? 'a server' : 'npm run owner'
  return `${what} (pid ${h.pid}${h.host === hostname() ? '' : ` on ${h.host}`}, since ${h.since})`
}

export function lockDirOf(dir: string): string {
  return `${resolve(dir)}.lock`
}

// Claims this process holds, so that a second claim on the same folder from this process (a
// reused pid looks the same as ours) is refused rather than taken for stale.
const heldHere = new Set<string>()

/** Takes the folder or throws FolderInUseError. Never opens the folder itself. */
export async function lockFolder(dir: string, role: Role): Promise<FolderLock> {
  const lockDir = lockDirOf(dir)
  mkdirSync(lockDir, { recursive: true, mode: 0o700 })
  const me: LockRecord = { ...processIdentity(), role, since: new Date().toISOString() }
  const tookOverFrom: LockRecord[] = []
  for (let attempt = 0; ; attempt++) {
    const name = `${randomBytes(8).toString('hex')}.json`
    const mine = join(lockDir, name)
    // Written whole under a temporary name, then renamed: a reader never sees half a claim.
    const temp = join(lockDir, `.${name}.tmp`)
    writeDurably(temp, JSON.stringify(me))
    renameSync(temp, mine)
    syncFolder(lockDir)
    heldHere.add(mine)
    const others = readClaims(lockDir, name)
    const live = others.filter((c) => isLive(c))
    for (const c of others) {
      if (live.includes(c)) continue
      removeQuietly(c.path)
      if (c.record) tookOverFrom.push(c.record)
    }
    if (!live.length) {
      const release = () => {
        heldHere.delete(mine)
        removeQuietly(mine)
      }
      return { dir, tookOverFrom, release }
    }
    heldHere.delete(mine)
    removeQuietly(mine)
    // Two claimants that wrote at the same moment both step back; the one still there after a
    // short random pause is a real holder, otherwise try once more.
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 80))
    const still = live.filter((c) => exists(c.path))
    if (still.length || attempt >= 3) {
      const holder = still[0] ?? live[0]!
      throw new FolderInUseError(resolve(dir), holder.record, lockDir)
    }
  }
}

type Claim = { path: string; record: LockRecord | null; mtimeMs: number }

/**
 * An unreadable claim (empty after a power loss, say) fails safe as live, unless it was written
 * before the machine last booted: then no process that wrote it can run.
 */
function isLive(c: Claim): boolean {
  if (c.record !== null) return isHolderAlive(c.record, heldHere.has(c.path))
  const boot = bootTimeMs()
  return boot === null || c.mtimeMs >= boot
}

// Claims are fsynced, and so is the folder after the rename, so a power loss leaves a claim
// whole or absent, not empty.
function writeDurably(path: string, text: string): void {
  const fd = openSync(path, 'w', 0o600)
  try {
    writeSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

function syncFolder(dir: string): void {
  let fd: number | undefined
  try {
    fd = openSync(dir, 'r')
    fsyncSync(fd)
  } catch {
    // Not every platform can fsync a folder; the claim file itself is synced.
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

function readClaims(lockDir: string, except: string | null): Claim[] {
  let names: string[]
  try {
    names = readdirSync(lockDir)
  } catch {
    return []
  }
  removeOldTempFiles(lockDir, names)
  const claims: Claim[] = []
  for (const name of names) {
    if (!name.endsWith('.json') || name === except) continue
    const path = join(lockDir, name)
    let text: string
    let mtimeMs: number
    try {
      mtimeMs = statSync(path).mtimeMs
      text = readFileSync(path, 'utf8')
    } catch {
      continue // removed meanwhile: its holder let go
    }
    claims.push({ path, record: parseRecord(text), mtimeMs })
  }
  return claims
}

function parseRecord(text: string): LockRecord | null {
  try {
    const r = JSON.parse(text) as Partial<LockRecord>
    return typeof r.pid === 'number' && typeof r.host === 'string' && typeof r.since === 'string'
      ? (r as LockRecord)
      : null
  } catch {
    return null
  }
}

// A claimant killed between write and rename leaves its temp file; nothing reads those.
function removeOldTempFiles(lockDir: string, names: string[]): void {
  for (const name of names.filter((n) => n.endsWith('.tmp'))) {
    const path = join(lockDir, name)
    try {
      if (Date.now() - statSync(path).mtimeMs > 60_000) unlinkSync(path)
    } catch {
      // gone already
    }
  }
}

function exists(path: string): boolean {
  try {
    statSync(path)
    return true
  } catch {
    return false
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // already gone: nothing to release
  }
}
