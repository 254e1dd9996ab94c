import { Hono } from 'hono'
import { expect, test } from 'vitest'
import { fromAddress } from '../test-app.ts'
import { clientIp, forwardedAddress, isHttps, rateLimitKey } from './client-ip.ts'

function probe(hops: number) {
  const app = new Hono()
  app.get('/', (c) => c.json({ ip: clientIp(c, hops), https: isHttps(c, hops) }))
  return async (peer: string, headers: Record<string, string> = {}) =>
    (await app.request('/', { headers }, fromAddress(peer))).json()
}

test('without trusted proxies the socket peer is the client, whatever the headers say', async () => {
  const ask = probe(0)
  expect(await ask('203.0.113.7', { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' })).toEqual({
    ip: '203.0.113.7',
    https: false,
  })
  expect(await ask('::ffff:203.0.113.7')).toMatchObject({ ip: '203.0.113.7' })
})

test('behind one proxy the client is the last X-Forwarded-For entry; forged entries on the left are ignored', async () => {
  const ask = probe(1)
  expect(await ask('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).toMatchObject({ ip: '203.0.113.7' })
  expect(await ask('127.0.0.1', { 'x-forwarded-for': '1.2.3.4, 5.6.7.8,203.0.113.7' })).toMatchObject({
    ip: '203.0.113.7',
  })
  // A proxy that sent no header: the peer is all we know.
  expect(await ask('127.0.0.1')).toMatchObject({ ip: '127.0.0.1' })
})

test('behind two proxies (a CDN, then nginx) the client is two steps left of the peer', async () => {
  const ask = probe(2)
  expect(await ask('10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 192.0.2.10' })).toMatchObject({
    ip: '203.0.113.7',
  })
})

test('HTTPS is taken from the socket, or from X-Forwarded-Proto only behind a trusted proxy', async () => {
  expect(await probe(1)('127.0.0.1', { 'x-forwarded-proto': 'https' })).toMatchObject({ https: true })
  expect(await probe(1)('127.0.0.1', { 'x-forwarded-proto': 'http' })).toMatchObject({ https: false })
  const app = new Hono()
  app.get('/', (c) => c.text(String(isHttps(c, 0))))
  expect(await (await app.request('/', {}, fromAddress('203.0.113.7', true))).text()).toBe('true')
})

test('an absolute https:// request URL over a plain socket is not HTTPS', async () => {
  const app = new Hono()
  app.get('/', (c) => c.text(String(isHttps(c, 0))))
  // What @hono/node-server makes of `GET https://example.com/ HTTP/1.1` on a plain socket.
  const res = await app.request('https://example.com/', {}, fromAddress('203.0.113.7'))
  expect(await res.text()).toBe('false')
  expect(await probe(1)('127.0.0.1', { 'x-forwarded-proto': 'http' })).toMatchObject({ https: false })
})

test('X-Forwarded-For entries with ports count as their address', async () => {
  const ask = probe(1)
  expect(await ask('127.0.0.1', { 'x-forwarded-for': '192.0.2.7:51234' })).toMatchObject({ ip: '192.0.2.7' })
  expect(await ask('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, [2001:DB8::7]:443' })).toMatchObject({
    ip: '2001:db8::7',
  })
  expect(await ask('127.0.0.1', { 'x-forwarded-for': '[2001:db8::7]' })).toMatchObject({ ip: '2001:db8::7' })
  expect(await ask('127.0.0.1', { 'x-forwarded-for': '[::ffff:192.0.2.7]:80' })).toMatchObject({ ip: '192.0.2.7' })
})

test('an X-Forwarded-For entry that is not an address counts as the peer', async () => {
  const ask = probe(1)
  for (const entry of ['unknown', '_hidden', 'example.com', '192.0.2.7:port', '[192.0.2.7]:80', '300.1.1.1:80', '']) {
    const header = entry ? { 'x-forwarded-for': `203.0.113.9, ${entry}` } : { 'x-forwarded-for': '203.0.113.9, ' }
    const expected = entry ? '10.0.0.2' : '203.0.113.9'
    expect(await ask('10.0.0.2', header), entry).toMatchObject({ ip: expected })
  }
  expect(forwardedAddress('192.0.2.7:8080:1')).toBeUndefined()
  expect(forwardedAddress('2001:db8::1')).toBe('2001:db8::1')
})

test('IPv6 clients are counted per /64, IPv4 per address', () => {
  expect(rateLimitKey('2001:db8:1:2::1')).toBe('2001:0db8:0001:0002::/64')
  expect(rateLimitKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:0db8:0001:0002::/64')
  expect(rateLimitKey('2001:0DB8:0001:0002:0:0:0:ffff'.toLowerCase())).toBe('2001:0db8:0001:0002::/64')
  expect(rateLimitKey('2001:db8:1:3::1')).not.toBe(rateLimitKey('2001:db8:1:2::1'))
  expect(rateLimitKey('::1')).toBe('0000:0000:0000:0000::/64')
  expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7')
})
