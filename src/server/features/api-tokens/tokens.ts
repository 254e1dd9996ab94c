import { createHash, randomBytes } from 'node:crypto'
import { PREFIX_LENGTH, TOKEN_MARK } from '../../../shared/api-tokens.ts'

// A token is `lp_` and 43 base64url characters (32 random bytes). It is kept as its SHA-256
// only: with 256 bits of entropy there is nothing to guess, so a slow password hash (bcrypt,
// scrypt) would add nothing but the cost on every API request. docs/decisions/api-tokens.md

const TOKEN_SHAPE = /^lp_[A-Za-z0-9_-]{43}$/

export type NewToken = { token: string; prefix: string; hash: Buffer }

export function newToken(): NewToken {
  const token = TOKEN_MARK + randomBytes(32).toString('base64url')
  return { token, prefix: token.slice(0, PREFIX_LENGTH), hash: tokenHash(token) }
}

export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest()
}

/** Whether a presented value can be a token at all (anything else is refused without a lookup). */
export function looksLikeToken(value: string): boolean {
  return TOKEN_SHAPE.test(value)
}
