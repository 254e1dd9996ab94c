import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Config } from '../../config.ts'
import { isHttps } from '../../http/client-ip.ts'

// Over HTTPS the __Host- prefix makes the browser insist on Secure, Path=/ and no Domain.
const SECURE_NAME = '__Host-solodesk_owner'
const PLAIN_NAME = 'solodesk_owner'

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
