import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { isHttps } from '../http/client-ip.ts'

// Over HTTPS the __Host- prefix makes the browser insist on Secure, Path=/ and no Domain.
const SECURE_NAME = '__Host-solodesk_owner'
const PLAIN_NAME = 'solodesk_owner'

export function sessionCookie(c: Context, trustedHops: number): string | undefined {
  return getCookie(c, isHttps(c, trustedHops) ? SECURE_NAME : PLAIN_NAME)
}

export function setSessionCookie(c: Context, trustedHops: number, token: string, maxAgeS: number): void {
  const https = isHttps(c, trustedHops)
  setCookie(c, https ? SECURE_NAME : PLAIN_NAME, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure: https,
    maxAge: maxAgeS,
  })
}

export function clearSessionCookie(c: Context, trustedHops: number): void {
  const https = isHttps(c, trustedHops)
  deleteCookie(c, https ? SECURE_NAME : PLAIN_NAME, { path: '/', secure: https, httpOnly: true, sameSite: 'Strict' })
}
