import type { Context } from 'hono'
import { isIP } from 'node:net'

/** What @hono/node-server passes as the request's env; tests pass the same shape to app.request(). */
type NodeBindings = { incoming?: { socket?: { remoteAddress?: string; encrypted?: boolean } } }

/**
 * The client's address. Without trusted proxies it is the socket's peer. With `trustedHops`
 * proxies in front, each appending the address it received from to X-Forwarded-For, the client
 * is the entry that many steps left of the socket's peer: everything further left was written by
 * the client itself and can be forged. Some proxies write the client's port too (`ip:port`,
 * `[v6]:port`); it is dropped. An entry that is no address at all (`unknown`, an obfuscated
 * name) counts as the peer's: it must never become a rate-limit bucket of its own.
 */
export function clientIp(c: Context, trustedHops: number): string {
  return clientAddress(bindings(c).incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'), trustedHops)
}

/** clientIp from the socket's peer and the X-Forwarded-For header (the fast path has no Context). */
export function clientAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedHops: number,
): string {
  const peer = normalise(remoteAddress ?? 'unknown')
  if (trustedHops === 0) return peer
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (forwarded.length === 0) return peer
  // Fewer entries than proxies: the request skipped the outer ones, and the leftmost is the client.
  return forwardedAddress(forwarded[Math.max(0, forwarded.length - trustedHops)]!) ?? peer
}

/** The address in one X-Forwarded-For entry: `ip`, `ip:port`, `[v6]` or `[v6]:port`; undefined if it is none. */
export function forwardedAddress(entry: string): string | undefined {
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(entry)
  if (bracketed) return isIP(bracketed[1]!) === 6 ? normalise(bracketed[1]!) : undefined
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(entry)
  const address = withPort ? withPort[1]! : entry
  return isIP(address) ? normalise(address) : undefined
}

/**
 * Whether the client reached us over HTTPS: over a TLS socket, or (with trusted proxies) as the
 * first proxy's X-Forwarded-Proto says. Never from the request URL: a client may send an
 * absolute-form request line (`GET https://host/ HTTP/1.1`) over plain HTTP.
 */
export function isHttps(c: Context, trustedHops: number): boolean {
  return overHttps(bindings(c).incoming?.socket?.encrypted, c.req.header('x-forwarded-proto'), trustedHops)
}

/** isHttps from a socket's `encrypted` flag and the X-Forwarded-Proto header (the fast path has no Context). */
export function overHttps(
  encrypted: boolean | undefined,
  forwardedProto: string | undefined,
  trustedHops: number,
): boolean {
  if (encrypted) return true
  if (trustedHops === 0) return false
  return (forwardedProto ?? '').split(',')[0]!.trim().toLowerCase() === 'https'
}

/**
 * The key rate limits count under. An IPv6 subscriber usually holds a whole /64, so counting
 * single IPv6 addresses would let one machine pick a fresh address per request.
 */
export function rateLimitKey(ip: string): string {
  if (isIP(ip) !== 6) return ip
  const groups = expandIpv6(ip)
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : ip
}

/** What per-address connection limits count under: a socket's peer, as rate limits count it. */
export function connectionKey(remoteAddress: string | undefined): string {
  return rateLimitKey(normalise(remoteAddress ?? 'unknown'))
}

function bindings(c: Context): NodeBindings {
  return (c.env ?? {}) as NodeBindings
}

// "::ffff:203.0.113.5" (an IPv4 client on a dual-stack socket) counts as 203.0.113.5.
function normalise(ip: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  return v4 ? v4[1]! : ip.toLowerCase()
}

function expandIpv6(ip: string): string[] | undefined {
  const [head = '', tail] = ip.split('::')
  const parts = (s: string | undefined) => (s ? s.split(':') : [])
  const left = parts(head)
  const right = parts(tail)
  // An embedded IPv4 tail takes two groups; it only appears in the last 32 bits, outside the /64.
  const width = (xs: string[]) => xs.reduce((n, x) => n + (x.includes('.') ? 2 : 1), 0)
  const missing = 8 - width(left) - width(right)
  if (tail === undefined && missing !== 0) return undefined
  const groups = [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right]
  return groups.map((g) => (g.includes('.') ? g : g.padStart(4, '0')))
}
