import { createHash } from 'node:crypto'
import { normaliseEmail } from '../shared/email-address.ts'

// Apart from log.ts so that code without pino (the Supabase edge function, which may not read
// the host name pino asks for at load) hashes addresses the same way.

// Loose on purpose: anything that looks like an address, also inside error texts and stacks.
const ADDRESS = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g

/** Addresses never go to the logs in clear: a short hash still lets one follow an address through them. */
export function emailHash(address: string): string {
  return createHash('sha256').update(normaliseEmail(address)).digest('hex').slice(0, 12)
}

export function redactAddresses(text: string): string {
  return text.replace(ADDRESS, (a) => `[email ${emailHash(a)}]`)
}
