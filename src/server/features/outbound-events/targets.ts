import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

// Where a webhook may go. An owner types the URL, so without a guard the server could be made to
// POST into its own network (a database's HTTP port, a cloud metadata service). The URL is
// checked when it is saved and again before every attempt, because DNS can change in between;
// the attempt then connects to the address that was checked (sender.ts), not to a second lookup.

/** Addresses no webhook may reach: private, shared, link-local (cloud metadata), multicast, reserved. */
const NEVER = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16], // link-local, 169.254.169.254 is the metadata service of AWS, GCP, Azure
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NEVER.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 128],
  ['64:ff9b::', 96], // NAT64 would reach any IPv4 address, private ones too
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local, fd00:ec2::254 is AWS's IPv6 metadata service
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NEVER.addSubnet(net, bits, 'ipv6')

/**
 * IPv6 forms that carry an IPv4 address for a translator or a tunnel to reach: SIIT, the old
 * IPv4-compatible form, local-use NAT64, 6to4 and Teredo. Refused whatever is inside: the IPv4
 * address may be private, Teredo's is obfuscated, and no webhook receiver needs one of these.
 * (IPv4-mapped ::ffff:a.b.c.d is judged as its IPv4 address: BlockList applies the IPv4 rules to it.)
 */
const EMBEDS_IPV4 = new BlockList()
for (const [net, bits] of [
  ['::ffff:0:0:0', 96],
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['2001::', 32],
] as const)
  EMBEDS_IPV4.addSubnet(net, bits, 'ipv6')

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

export type TargetRules = {
  /** OUTBOUND_ALLOW_LOOPBACK: development and tests may send to 127.0.0.1 and localhost, over HTTP too. */
  allowLoopback: boolean
}

/** Why an address may not be reached, or null when it may. */
function refusedAddress(address: string, rules: TargetRules): string | null {
  let ip = address
  let family = isIP(ip)
  if (family === 0) return `${address} is not an IP address`
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) {
    ip = mapped[1]!
    family = 4
  }
  const type = family === 4 ? 'ipv4' : 'ipv6'
  if (LOOPBACK.check(ip, type)) return rules.allowLoopback ? null : `${address} is a loopback address`
  if (NEVER.check(ip, type)) return `${address} is a private, link-local or reserved address`
  if (type === 'ipv6' && EMBEDS_IPV4.check(ip, type))
    return `${address} carries an IPv4 address for a tunnel or translator (6to4, Teredo, NAT64, SIIT)`
  return null
}

/** Finds every address a host name resolves to (tests hand in their own to play a DNS change). */
export type Resolver = (host: string) => Promise<string[]>

export const systemResolver: Resolver = async (host) => (await lookup(host, { all: true })).map((a) => a.address)

export class TargetRefused extends Error {}

/** The URL's own rules: https, or http to localhost only when loopback is allowed; no credentials. */
function checkUrl(raw: string, rules: TargetRules): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new TargetRefused('must be a full URL, such as https://example.com/hooks')
  }
  if (url.username || url.password) throw new TargetRefused('must not carry a user name or password')
  if (url.protocol === 'https:') return url
  if (url.protocol === 'http:' && rules.allowLoopback && LOOPBACK_NAMES.has(url.hostname)) return url
  throw new TargetRefused(
    rules.allowLoopback ? 'must be https:// (or http://localhost in development)' : 'must be an https:// URL',
  )
}

/**
 * Resolves the URL's host and checks every address it has (one bad address is enough to refuse:
 * a lookup at send time could pick it). Returns the addresses to connect to.
 */
export async function checkTarget(
  raw: string,
  rules: TargetRules,
  resolve: Resolver,
): Promise<{ url: URL; addresses: string[] }> {
  const url = checkUrl(raw, rules)
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = await resolve(host)
    } catch {
      throw new TargetRefused(`${host} could not be resolved`)
    }
    if (addresses.length === 0) throw new TargetRefused(`${host} could not be resolved`)
  }
  for (const address of addresses) {
    const why = refusedAddress(address, rules)
    if (why) throw new TargetRefused(`resolves to a refused address: ${why}`)
  }
  return { url, addresses }
}
