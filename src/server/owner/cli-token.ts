import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * How `npm run owner -- backup` (or import, or export) asks the running server that holds the
 * PGlite folder: a request to the server's own port on this machine, carrying a token signed with
 * the owner secret (which the CLI reads as `link` does: the file the server leaves beside its
 * folder, or the database). Valid one minute, for this one action; a copied token can only ask for
 * another of the same, and whoever holds it could read the secret anyway.
 */
const TTL_MS = 60_000

export type CliAction = 'backup' | 'import' | 'export'

export function signCliToken(secret: Buffer, action: CliAction, now = Date.now()): string {
  const body = Buffer.from(
    JSON.stringify({ action, expiresAt: now + TTL_MS, nonce: randomBytes(12).toString('base64url') }),
  ).toString('base64url')
  return `${body}.${mac(secret, body)}`
}

export function verifyCliToken(secret: Buffer, token: string, action: CliAction, now = Date.now()): boolean {
  if (token.length > 500) return false
  const [body, sig, extra] = token.split('.')
  if (!body || !sig || extra !== undefined) return false
  const expected = Buffer.from(mac(secret, body))
  const given = Buffer.from(sig)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
  try {
    const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { action?: unknown; expiresAt?: unknown }
    return (
      c.action === action && typeof c.expiresAt === 'number' && c.expiresAt > now && c.expiresAt <= now + 2 * TTL_MS
    )
  } catch {
    return false
  }
}

function mac(secret: Buffer, body: string): string {
  // Its own key, so that no other signed thing (a sign-in link) can stand for this one.
  const key = createHmac('sha256', secret).update('solodesk-owner:cli').digest()
  return createHmac('sha256', key).update(body).digest('base64url')
}
