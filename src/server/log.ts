import { createHash } from 'node:crypto'
import { pino, type Logger } from 'pino'
import { normaliseEmail } from '../shared/email-address.ts'

export type { Logger }

/** JSON lines on stdout. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'server' } })
}

/** Addresses never go to the logs in clear: a short hash still lets one follow an address through them. */
export function emailHash(address: string): string {
  return createHash('sha256').update(normaliseEmail(address)).digest('hex').slice(0, 12)
}
