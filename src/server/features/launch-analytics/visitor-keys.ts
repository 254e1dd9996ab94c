import { createHmac, randomBytes } from 'node:crypto'
import { rateLimitKey } from '../../http/client-ip.ts'

// How a visitor is told apart without keeping what identifies them. docs/decisions/launch-analytics.md

/** The start of the UTC hour of `ms`, ISO: the counts' grain. */
export const hourOf = (ms: number) => new Date(Math.floor(ms / 3_600_000) * 3_600_000).toISOString()

/** A visitor's key: address, browser and host; hashed before anything leaves memory. */
export const identity = (ip: string, ua: string, host: string) => `${ip}\u0000${ua}\u0000${host}`

/** A key's HMAC under a day's salt, hex: what the database keeps of a visitor. */
export const hash = (salt: Buffer, key: string) => createHmac('sha256', salt).update(key).digest('hex').slice(0, 32)

/**
 * A per-process key: visitors and addresses are told apart in memory (floods, the buffer) without
 * keeping what identifies them; it is never written anywhere.
 */
export function createProcessKeys() {
  const processKey = randomBytes(32)
  const memo = (key: string) => createHmac('sha256', processKey).update(key).digest('hex').slice(0, 32)
  return {
    memo,
    /** The client address's memo, as the rate limits group addresses (an IPv6 /64 is one). */
    address: (ip: string) => memo(`address\u0000${rateLimitKey(ip)}`),
  }
}
