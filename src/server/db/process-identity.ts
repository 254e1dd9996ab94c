import { readFileSync, readlinkSync } from 'node:fs'
import { hostname } from 'node:os'

/**
 * Enough about a process to tell, later and from another process, whether it still runs. A pid
 * alone is not enough: pids are reused, and in a container the server is pid 1 at every start.
 * On Linux the start time (/proc/<pid>/stat), the boot and the pid namespace pin it down;
 * elsewhere (macOS) they are null and the pid is all there is.
 */
export type ProcessIdentity = {
  pid: number
  host: string
  /** Clock ticks after boot at which the process started (Linux). */
  startTicks: string | null
  bootId: string | null
  pidNamespace: string | null
}

export function processIdentity(pid = process.pid): ProcessIdentity {
  return { pid, host: hostname(), startTicks: startTicks(pid), bootId: bootId(), pidNamespace: pidNamespace() }
}

/**
 * Whether the process a claim names may still run. Fails safe: when it cannot be told, the
 * answer is yes. `ownClaim`: the claim is one this very process holds (our pid, not a reuse).
 */
export function isHolderAlive(holder: ProcessIdentity, ownClaim: boolean): boolean {
  // Another machine, or another container with its own host name: nothing here can check it.
  if (holder.host !== hostname()) return true
  const here = processIdentity()
  // The machine has restarted since: no process from before runs.
  if (holder.bootId && here.bootId && holder.bootId !== here.bootId) return false
  // Same host name, other pid namespace: an earlier run of this container, whose processes all
  // ended when it stopped (docs/decisions/data-folder-ownership.md says what this assumes).
  if (holder.pidNamespace && here.pidNamespace && holder.pidNamespace !== here.pidNamespace) return false
  if (holder.pid === process.pid) return ownClaim
  try {
    process.kill(holder.pid, 0)
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false
  }
  const ticks = startTicks(holder.pid)
  // A different start time: the pid now belongs to another process.
  if (holder.startTicks && ticks && holder.startTicks !== ticks) return false
  // A zombie (killed, not yet reaped by its parent, maybe never) holds nothing.
  const state = processState(holder.pid)
  return state !== 'Z' && state !== 'X'
}

/** When the machine booted (ms since the epoch), from /proc/stat's btime; null where unknown. */
export function bootTimeMs(): number | null {
  const line = readOrNull('/proc/stat')
    ?.split('\n')
    .find((l) => l.startsWith('btime '))
  const seconds = line ? Number(line.slice(6)) : NaN
  return Number.isFinite(seconds) ? seconds * 1000 : null
}

function processState(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`)
  return stat ? (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null) : null
}

function startTicks(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`)
  if (!stat) return null
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return fields[19] ?? null // field 22, starttime
}

function bootId(): string | null {
  return readOrNull('/proc/sys/kernel/random/boot_id')?.trim() ?? null
}

function pidNamespace(): string | null {
  try {
    return readlinkSync('/proc/self/ns/pid')
  } catch {
    return null
  }
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}
