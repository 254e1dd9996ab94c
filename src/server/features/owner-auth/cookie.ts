import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { parse } from 'hono/utils/cookie'
import type { Config } from '../../config.ts'
import { isHttps, overHttps } from '../../http/client-ip.ts'

// Over HTTPS the __Host- prefix makes the browser insist on Secure, Path=/ and no Domain. The
// name is the template's, not a product's (it was the demo's `solodesk_owner`: renaming signed
// owners out once).
export const SESSION_COOKIE = { secure: '__Host-launch_page_owner', plain: 'launch_page_owner' } as const
const SECURE_NAME = SESSION_COOKIE.secure
const PLAIN_NAME = SESSION_COOKIE.plain

type CookieConfig = Pick<Config, 'TRUST_PROXY' | 'PUBLIC_URL'>

/**
 * Secure when the request came over HTTPS, and always when PUBLIC_URL is https: a
 * proxy that forgets X-Forwarded-Proto must not turn the session cookie into a plain one.
 */
function secure(c: Context, config: CookieConfig): boolean {
  return config.PUBLIC_URL.startsWith('https:') || isHttps(c, config.TRUST_PROXY)
}

export function sessionCookie(c: Context, config: CookieConfig): string | undefined {
  return getCookie(c, secure(c, config) ? SECURE_NAME : PLAIN_NAME)
}

/**
 * sessionCookie for a Node request the app never sees (the built files' fast path): read from the
 * raw headers, because building a Request and a Context for it costs more than serving the page.
 */
export function nodeSessionCookie(req: IncomingMessage, config: CookieConfig): string | undefined {
  const cookies = req.headers.cookie
  if (!cookies) return undefined
  const proto = req.headers['x-forwarded-proto']
  const https =
    config.PUBLIC_URL.startsWith('https:') ||
    overHttps((req.socket as TLSSocket).encrypted, typeof proto === 'string' ? proto : undefined, config.TRUST_PROXY)
  const name = https ? SECURE_NAME : PLAIN_NAME
  return parse(cookies, name)[name]
}

export function setSessionCookie(c: Context, config: CookieConfig, token: string, maxAgeS: number): void {
  const https = secure(c, config)
  setCookie(c, https ? SECURE_NAME : PLAIN_NAME, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure: https,
    maxAge: maxAgeS,
  })
}

export function clearSessionCookie(c: Context, config: CookieConfig): void {
  const https = secure(c, config)
  deleteCookie(c, https ? SECURE_NAME : PLAIN_NAME, { path: '/', secure: https, httpOnly: true, sameSite: 'Strict' })
}
