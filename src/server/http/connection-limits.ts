import { readFileSync } from 'node:fs'
import type { Server, Socket } from 'node:net'
import type { Logger } from '../log.ts'
import { connectionKey } from './client-ip.ts'

/** Assumed where the limit cannot be read (not Linux): the common default soft limit. */
const FALLBACK_FILE_LIMIT = 1024
/** Descriptors kept for everything but client sockets: database files and pools, logs, outbox, SMTP. */
const RESERVED = 128

/** The process's soft limit on open files, from /proc (Linux); undefined elsewhere. */
export function fileDescriptorLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'))
    const soft = line?.split(/\s{2,}/)[1]
    return soft && /^\d+$/.test(soft) ? Number(soft) : undefined
  } catch {
    return undefined
  }
}

/**
 * How many connections the server may hold at once, always below the descriptor limit. Each
 * connection is a descriptor, and a second one while a static file streams to it; `reserved`
 * (plus the database pools) stays for the rest of the process. An explicit `requested` number is
 * kept unless it leaves no room for that reserve.
 */
export function connectionBudget(options: {
  requested?: number | undefined
  fileLimit?: number | undefined
  poolSize?: number
}): { max: number; clamped: boolean } {
  const files = options.fileLimit ?? FALLBACK_FILE_LIMIT
  const ceiling = Math.max(16, files - RESERVED - (options.poolSize ?? 0))
  if (options.requested === undefined) return { max: Math.max(16, Math.floor(ceiling / 2)), clamped: false }
  return options.requested > ceiling ? { max: ceiling, clamped: true } : { max: options.requested, clamped: false }
}

/**
 * Caps open connections per client address (an IPv6 /64 counts as one address, as for rate
 * limits). A connection over the cap is closed at once, before Node reads a byte of it, so
 * one client cannot hold every descriptor while another is still served.
 */
export function limitConnectionsPerAddress(
  server: Server,
  max: number,
  onRefused: () => void,
  guard: (listener: (socket: Socket) => void) => (socket: Socket) => void = (l) => l,
): void {
  const open = new Map<string, number>()
  server.on(
    'connection',
    guard((socket: Socket) => {
      const key = connectionKey(socket.remoteAddress)
      const count = open.get(key) ?? 0
      if (count >= max) {
        socket.destroy()
        onRefused()
        return
      }
      open.set(key, count + 1)
      socket.once('close', () => {
        const left = (open.get(key) ?? 1) - 1
        if (left > 0) open.set(key, left)
        else open.delete(key)
      })
    }),
  )
}

/**
 * A warning at most once a minute with the number of connections refused since the last one:
 * a flood must not become a flood of log lines. No timer, so an idle server does nothing. No
 * addresses either: the logs keep no visitor's address.
 */
export function refusalLog(logger: Logger, event: string, message: string, now: () => number = Date.now) {
  let refused = 0
  let loggedAt = -Infinity
  return () => {
    refused++
    const t = now()
    if (t - loggedAt < 60_000) return
    logger.warn({ event, refused }, message)
    loggedAt = t
    refused = 0
  }
}
