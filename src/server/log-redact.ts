import { createHmac } from 'node:crypto'
import { normaliseEmail } from '../shared/email-address.ts'

// Apart from log.ts so that code without pino (the Supabase edge function, which may not read
// the host name pino asks for at load) hashes addresses the same way.

// Loose on purpose: anything that looks like an address, also inside error texts and stacks.
const ADDRESS = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g

// The key of the address hashes, set once per process by keyAddressHashes(). A plain hash of an
// address can be recomputed by anyone who has the address (issue 15, defect 5), so until there is
// a key, addresses are hidden without any hash.
let hashKey: Buffer | null = null

/**
 * Keys the logs' address hashes with a key derived from `secret` for this purpose only, as the
 * audit log's are (owner/audit.ts): the Node server passes the owner secret, the edge function its
 * service-role key. Called once at start, before anything logs an address.
 */
export function keyAddressHashes(secret: Uint8Array | string): void {
  hashKey = createHmac('sha256', secret).update('solodesk-owner:log').digest()
}

/**
 * Addresses never go to the logs in clear: a short keyed hash (HMAC-SHA-256, 48 bits) still lets
 * one follow an address through them, but only the holder of the key can tell whose it is.
 */
export function emailHash(address: string): string {
  if (!hashKey) return 'unkeyed'
  return createHmac('sha256', hashKey).update(normaliseEmail(address)).digest('hex').slice(0, 12)
}

export function redactAddresses(text: string): string {
  return text.replace(ADDRESS, (a) => (hashKey ? `[email ${emailHash(a)}]` : '[email]'))
}
