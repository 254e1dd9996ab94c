import { createHash } from 'node:crypto'
import { hashAddressesWith } from '../mail/log-redact.ts'

// The redaction itself is the mail core's (src/mail/log-redact.ts), shared with the edge function;
// the Node server lends it node:crypto's hash, from the first import of its logger on.
hashAddressesWith((address) => createHash('sha256').update(address).digest('hex'))

export { emailHash, redactAddresses } from '../mail/log-redact.ts'
