import { createHmac } from 'node:crypto'
import { keyAddressHashes as keyWith, type HmacSha256 } from '../mail-core/log-redact.ts'

// The redaction itself is the mail core's (src/mail-core/log-redact.ts), shared with the edge function;
// the Node server lends it node:crypto's HMAC.

export { emailHash, redactAddresses } from '../mail-core/log-redact.ts'

const nodeHmac: HmacSha256 = (key, data) => createHmac('sha256', key).update(data).digest()

/**
 * Keys the logs' address hashes with a key derived from `secret` (the owner secret), as the audit
 * log's are (src/server/owner/audit.ts). Called once at start, before anything logs an address.
 */
export function keyAddressHashes(secret: Uint8Array | string): void {
  keyWith(secret, nodeHmac)
}
