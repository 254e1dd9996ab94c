import { createHmac, randomBytes } from 'node:crypto'

// Standard Webhooks 1.0 symmetric signatures: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`
// under the secret's bytes (the base64 after `whsec_`). Several signatures are separated by
// spaces, which is how a rotation keeps receivers that still hold the old secret working.

/** A new endpoint secret: 32 random bytes (the specification allows 24 to 64). */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}

function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

/** The webhook-signature header: the current secret's signature, and the previous one's during a rotation. */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets.map((s) => signature(s, id, timestamp, body)).join(' ')
}

/** What the console shows of a secret: its start, to tell two apart, never enough to sign. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, 10)}…`
}
