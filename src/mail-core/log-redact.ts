import { normaliseEmail } from '../shared/email-address.ts'

// Log redaction for the Node server and the edge function alike (neither may write an address in
// clear). The hashes are keyed: a plain hash of an address can be recomputed by anyone
// who has the address. Logging is synchronous and crypto.subtle is not, so each runtime lends its
// own HMAC (node:crypto, which Deno has too); the key's derivation is here, once.

// Loose on purpose: anything that looks like an address, also inside error texts and stacks.
const ADDRESS = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g

/** HMAC-SHA-256 of `data` under `key`, as the runtime computes it. */
export type HmacSha256 = (key: Uint8Array | string, data: string) => Uint8Array

// Set once per process by keyAddressHashes(); until then addresses are hidden without any hash.
let keyed: ((data: string) => string) | null = null

/**
 * Keys the logs' address hashes with a key derived from `secret` for this purpose only, as the
 * audit log's are: the Node server passes the owner secret, the edge function its service-role
 * key. Called once at start, before anything logs an address.
 */
export function keyAddressHashes(secret: Uint8Array | string, hmac: HmacSha256): void {
  const key = hmac(secret, 'solodesk-owner:log')
  keyed = (data) => hex(hmac(key, data))
}

/**
 * Addresses never go to the logs in clear: a short keyed hash (HMAC-SHA-256, 48 bits) still lets
 * one follow an address through them, but only the holder of the key can tell whose it is.
 */
export function emailHash(address: string): string {
  if (!keyed) return 'unkeyed'
  return keyed(normaliseEmail(address)).slice(0, 12)
}

export function redactAddresses(text: string): string {
  return text.replace(ADDRESS, (a) => (keyed ? `[email ${emailHash(a)}]` : '[email]'))
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
