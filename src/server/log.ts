import { createHash } from 'node:crypto'
import { pino, type Logger } from 'pino'
import { normaliseEmail } from '../shared/email-address.ts'

export type { Logger }

// Loose on purpose: anything that looks like an address, also inside error texts and stacks.
const ADDRESS = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g

/**
 * JSON lines on `destination` (stdout). Our own log calls pass addresses through emailHash();
 * the last step also replaces any address that arrives some other way (a provider's or the
 * database's error message quoting it) with the same hash.
 */
export function createLogger(level: string, destination: { write(line: string): unknown } = process.stdout): Logger {
  return pino(
    { level, base: { service: 'server' } },
    { write: (line: string) => destination.write(redactAddresses(line)) },
  )
}

/** Addresses never go to the logs in clear: a short hash still lets one follow an address through them. */
export function emailHash(address: string): string {
  return createHash('sha256').update(normaliseEmail(address)).digest('hex').slice(0, 12)
}

export function redactAddresses(text: string): string {
  return text.replace(ADDRESS, (a) => `[email ${emailHash(a)}]`)
}
