import { pino, type Logger } from 'pino'
import { emailHash, redactAddresses } from './log-redact.ts'

export type { Logger }
export { emailHash }

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
