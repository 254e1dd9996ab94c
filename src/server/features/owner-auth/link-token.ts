import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { derivedKey } from '../../owner/keys.ts'
import { paths } from '../../../shared/paths.ts'

/** How long a one-time sign-in link works. */
export const LINK_TTL_MS = 15 * 60 * 1000

export type LinkClaims = { email: string; expiresAt: number; nonce: string }

/**
 * A one-time sign-in link's token: the claims and an HMAC of them. Signing needs only the secret,
 * no database write, so `npm run owner` can make one while the server holds the database; single
 * use is enforced when it is spent (owner_used_links).
 */
export function signLinkToken(secret: Buffer, email: string, now = Date.now()): string {
  const claims: LinkClaims = { email, expiresAt: now + LINK_TTL_MS, nonce: randomBytes(16).toString('base64url') }
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${body}.${mac(secret, body)}`
}

// Processes' clocks may differ a little; a link claiming to live longer than this was not made here.
const CLOCK_SKEW_MS = 5 * 60 * 1000

/**
 * The claims of a well-signed, unexpired token; null for anything else, including an expiry no
 * link of ours can have (a signed link with an absurd expiresAt gave a 500 when the
 * database was asked to store it).
 */
export function verifyLinkToken(secret: Buffer, token: string, now = Date.now()): LinkClaims | null {
  if (token.length > 1000) return null
  const [body, sig, extra] = token.split('.')
  if (!body || !sig || extra !== undefined) return null
  const expected = Buffer.from(mac(secret, body))
  const given = Buffer.from(sig)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkClaims
    if (typeof c.email !== 'string' || typeof c.nonce !== 'string' || typeof c.expiresAt !== 'number') return null
    const plausible = Number.isSafeInteger(c.expiresAt) && c.expiresAt <= now + LINK_TTL_MS + CLOCK_SKEW_MS
    return plausible && c.expiresAt > now ? c : null
  } catch {
    return null
  }
}

export function nonceHash(nonce: string): Buffer {
  return createHash('sha256').update(nonce).digest()
}

export function signInUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${paths.ownerSignIn.href(token)}`
}

function mac(secret: Buffer, body: string): string {
  return createHmac('sha256', derivedKey(secret, 'link')).update(body).digest('base64url')
}
