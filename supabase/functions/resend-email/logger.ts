import { redactAddresses } from '../../../src/mail-core/log-redact.ts'
import type { MailLogger } from '../../../src/mail-core/logger.ts'

export type FunctionLogger = MailLogger

const LEVELS = { info: 30, warn: 40, error: 50 } as const

/**
 * JSON lines like the Node server's pino logger (level numbers, msg, redacted addresses), without
 * pino: pino reads the host name at load, which the function's permissions do not allow.
 */
export function createFunctionLogger(write: (line: string) => void): FunctionLogger {
  const log = (level: keyof typeof LEVELS) => (first: unknown, msg?: unknown) => {
    const fields =
      typeof first === 'object' && first !== null ? serialise(first as Record<string, unknown>) : { msg: first }
    const line = JSON.stringify({
      level: LEVELS[level],
      time: Date.now(),
      service: 'resend-email',
      ...fields,
      ...(msg === undefined ? {} : { msg }),
    })
    write(redactAddresses(line) + '\n')
  }
  return { info: log('info'), warn: log('warn'), error: log('error') }
}

function serialise(fields: Record<string, unknown>): Record<string, unknown> {
  const err = fields.err
  if (!(err instanceof Error)) return fields
  return { ...fields, err: { type: err.name, message: err.message, stack: err.stack } }
}
