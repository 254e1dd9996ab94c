import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { Db } from '../db/db.ts'
import { createLogger } from '../log.ts'
import { LOCAL_ANON_KEY } from '../../shared/self-hosted.ts'
import { NO_RATE_LIMITS, testDb } from '../test-app.ts'
import { plainErrorHeaders } from './client-error.ts'
import type { FastPath } from './fast-path.ts'
import { createNodeServer, type ServerSettings } from './node-server.ts'
import { failureLog, guarded } from './request-failures.ts'
import { testConfig } from '../test-config.ts'

// The app behind the real HTTP server on a loopback port: what only a socket shows.
let db: Db
let close: () => Promise<void>
let dir: string
beforeAll(async () => {
  ;({ db, close } = await testDb('pglite'))
  dir = await mkdtemp(join(tmpdir(), 'node-server-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Launch page</title>')
})
afterAll(async () => {
  await close()
  await rm(dir, { recursive: true, force: true })
})

const running: Server[] = []
const clients: Socket[] = []
afterEach(async () => {
  for (const s of clients.splice(0)) s.destroy()
  for (const server of running.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

type LogLine = { level: number; event?: string; msg: string; err?: unknown }

async function start(overrides: Partial<ServerSettings> = {}, fastPath?: FastPath) {
  const settings = { ...loadConfig({ HOST: '127.0.0.1' }), ...overrides }
  const logs: LogLine[] = []
  const logger = createLogger('debug', { write: (line: string) => logs.push(JSON.parse(line) as LogLine) })
  const app = createApp({
    config: testConfig({
      ANON_KEY: LOCAL_ANON_KEY,
      STATIC_DIR: dir,
      ...NO_RATE_LIMITS,
      TRUST_PROXY: settings.TRUST_PROXY,
    }),
    db,
    logger,
  })
  const server = createNodeServer(app.fetch, {
    settings,
    logger,
    errorHeaders: await plainErrorHeaders([]),
    fastPath,
  })
  // The status of every answer the app gave, as a request log would count it.
  const statuses: number[] = []
  server.on('request', (_req, res) => res.on('close', () => statuses.push(res.statusCode)))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  running.push(server)
  const port = (server.address() as AddressInfo).port
  return { server, port, url: `http://127.0.0.1:${port}`, logs, statuses }
}

/** A raw connection, optionally from another loopback address. */
function open(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress })
    clients.push(socket)
    // Flowing, so the socket notices when the server closes it.
    socket.resume()
    socket.once('connect', () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Sends `text` and collects everything until the server closes the connection. */
async function exchange(port: number, text: string): Promise<string> {
  const socket = await open(port)
  let out = ''
  socket.on('data', (d: Buffer) => (out += d.toString('latin1')))
  socket.on('error', () => {})
  socket.write(text)
  await new Promise((resolve) => socket.once('close', resolve))
  return out
}

const closed = (socket: Socket) =>
  socket.destroyed || socket.readyState === 'closed'
    ? Promise.resolve()
    : new Promise<void>((resolve) => socket.once('close', () => resolve()))

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
]

function head(raw: string): { status: number; headers: Map<string, string> } {
  const [statusLine = '', ...lines] = raw.split('\r\n\r\n')[0]!.split('\r\n')
  const headers = new Map(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as const),
  )
  return { status: Number(statusLine.split(' ')[1]), headers }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const waitUntil = async (check: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await sleep(10)
  }
}

test('a client that leaves mid-body is an aborted request at debug level, never an error or a 5xx', async () => {
  const s = await start()
  const bodies = [
    `content-length: 200\r\n\r\n{"email":"half`,
    `transfer-encoding: chunked\r\n\r\n10\r\n{"email":"half@e\r\n`,
  ]
  for (const body of bodies) {
    const socket = await open(s.port)
    socket.on('error', () => {})
    socket.write(
      `POST /rest/v1/beta_signups HTTP/1.1\r\nhost: x\r\napikey: ${LOCAL_ANON_KEY}\r\ncontent-type: application/json\r\n${body}`,
    )
    await sleep(100)
    socket.destroy()
  }
  await waitUntil(() => s.statuses.length === 2 && s.logs.filter((l) => l.event === 'request.aborted').length === 2)
  expect(s.statuses.every((status) => status < 500)).toBe(true)
  expect(s.logs.filter((l) => l.level >= 40)).toEqual([])
  for (const line of s.logs.filter((l) => l.event === 'request.aborted')) {
    expect(line.level).toBe(20)
    expect(JSON.stringify(line)).not.toContain('stack')
  }
})

test('an absolute https:// URL in the request line over plain HTTP gets no HSTS', async () => {
  const s = await start()
  const raw = await exchange(
    s.port,
    'GET https://launch.example/ HTTP/1.1\r\nhost: launch.example\r\nconnection: close\r\n\r\n',
  )
  const { status, headers } = head(raw)
  expect(status).toBe(200)
  expect(headers.has('strict-transport-security')).toBe(false)
  expect(headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests')
})

test.each([
  ['a request line Node cannot parse', 'NOT HTTP AT ALL\r\n\r\n', 400],
  ['headers over 16 KB', `GET / HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ['an HTTP/1.1 request without Host', 'GET / HTTP/1.1\r\n\r\n', 400],
  ['an invalid Host header', 'GET / HTTP/1.1\r\nhost: a b\r\n\r\n', 400],
  ['an Expect header Node does not know', 'GET / HTTP/1.1\r\nhost: x\r\nexpect: tea\r\n\r\n', 417],
])('Node’s own answer to %s carries the security headers', async (_label, request, expected) => {
  const s = await start()
  const { status, headers } = head(await exchange(s.port, request))
  expect(status).toBe(expected)
  for (const name of SECURITY_HEADERS) expect(headers.has(name), name).toBe(true)
  expect(headers.get('x-content-type-options')).toBe('nosniff')
  expect(headers.has('strict-transport-security')).toBe(false)
})

test('an HTTP/1.0 request without Host is still served', async () => {
  const s = await start()
  expect(head(await exchange(s.port, 'GET / HTTP/1.0\r\n\r\n')).status).toBe(200)
})

test('over a real socket too, a Range the server does not support gets 200 and the whole file', async () => {
  const s = await start()
  for (const range of ['items=0-5', 'bytes=0-1,3-4']) {
    const res = await fetch(`${s.url}/index.html`, { headers: { range } })
    expect(res.status, range).toBe(200)
    expect(await res.text()).toBe('<!doctype html><title>Launch page</title>')
  }
  expect((await fetch(`${s.url}/index.html`, { headers: { range: 'bytes=0-4' } })).status).toBe(206)
})

test('idle, slow and kept-alive connections are closed after their timeouts', async () => {
  const s = await start({ HTTP_HEADERS_TIMEOUT_MS: 300, HTTP_REQUEST_TIMEOUT_MS: 600, HTTP_KEEP_ALIVE_TIMEOUT_MS: 200 })
  const silent = await open(s.port)
  const slow = await open(s.port)
  let slowAnswer = ''
  slow.on('data', (d: Buffer) => (slowAnswer += d.toString('latin1')))
  slow.write('GET / HTTP/1.1\r\nhost: x\r\n')
  const kept = await open(s.port)
  let keptAnswer = ''
  kept.on('data', (d: Buffer) => (keptAnswer += d.toString('latin1')))
  kept.write('GET / HTTP/1.1\r\nhost: x\r\n\r\n')
  const t0 = Date.now()
  await Promise.all([closed(silent), closed(slow), closed(kept)])
  expect(Date.now() - t0).toBeLessThan(3_000)
  expect(head(slowAnswer).status).toBe(408)
  expect(head(slowAnswer).headers.get('x-content-type-options')).toBe('nosniff')
  expect(head(keptAnswer).status).toBe(200)
})

test('the defaults are tighter than Node’s (60 s for headers, 300 s per request)', async () => {
  const s = await start()
  expect(s.server.headersTimeout).toBe(10_000)
  expect(s.server.requestTimeout).toBe(30_000)
  expect(s.server.keepAliveTimeout).toBe(5_000)
  expect(s.server.maxConnections).toBeGreaterThan(0)
})

test('connections over the per-address cap are closed at once; another address is served', async () => {
  const s = await start({ MAX_CONNECTIONS_PER_ADDRESS: 5 })
  const sockets = await Promise.all(Array.from({ length: 20 }, () => open(s.port, '127.0.0.2')))
  for (const socket of sockets) socket.on('error', () => {})
  await sleep(200)
  const open2 = () => sockets.filter((x) => !x.destroyed && x.readyState === 'open')
  await waitUntil(() => open2().length === 5)
  const res = await fetch(`${s.url}/`)
  expect(res.status).toBe(200)
  // Closing one frees a place for the same address.
  open2()[0]!.destroy()
  await sleep(100)
  const again = await open(s.port, '127.0.0.2')
  await sleep(200)
  expect(again.readyState).toBe('open')
  expect(s.logs.filter((l) => l.event === 'server.address_connections_full')).toHaveLength(1)
})

test('behind a trusted proxy every connection comes from the proxy, so the per-address cap is not applied', async () => {
  const s = await start({ MAX_CONNECTIONS_PER_ADDRESS: 5, TRUST_PROXY: 1 })
  const sockets = await Promise.all(Array.from({ length: 20 }, () => open(s.port, '127.0.0.2')))
  await sleep(200)
  expect(sockets.filter((x) => x.readyState === 'open')).toHaveLength(20)
  expect(s.server.limits.perAddress).toBe(0)
})

test('MAX_CONNECTIONS caps connections in total', async () => {
  const s = await start({ MAX_CONNECTIONS: 10 })
  const sockets = await Promise.all(
    Array.from({ length: 15 }, (_, i) => open(s.port, `127.0.0.${2 + i}`).then((x) => (x.on('error', () => {}), x))),
  )
  await sleep(200)
  expect(sockets.filter((x) => x.readyState === 'open')).toHaveLength(10)
  expect(s.logs.filter((l) => l.event === 'server.connections_full')).toHaveLength(1)
})

// Issue 37: a throw in the fast path (a Range header with a byte 0xA0) was an uncaught
// exception in Node's request listener, and the process exited.
test('a throw in the fast path leaves the request to the app, is logged, and never stops the process', async () => {
  const fastPath: FastPath = (req, res) => {
    if (req.url === '/index.html') throw new Error('fast path bug before the answer')
    if (req.url === '/after') {
      res.writeHead(200, ['content-type', 'text/plain'])
      throw new Error('fast path bug after the head')
    }
    return false
  }
  const s = await start({}, fastPath)
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${s.url}/index.html`)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('<!doctype html><title>Launch page</title>')
  }
  // Past the head only the connection can go; the server goes on.
  const raw = await exchange(s.port, 'GET /after HTTP/1.1\r\nhost: x\r\n\r\n')
  expect(raw).toBe('')
  expect((await fetch(`${s.url}/index.html`)).status).toBe(200)
  const failures = s.logs.filter((l) => l.event === 'request.unhandled_throw')
  // One line a minute, whatever the number of requests that hit it.
  expect(failures).toHaveLength(1)
  expect(failures[0]!.level).toBe(50)
  expect(JSON.stringify(failures[0]!.err)).toContain('fast path bug before the answer')
})

test('the failure log writes one line a minute, with the number it left out', () => {
  const lines: { unlogged: number; where: string }[] = []
  let now = 0
  const failed = failureLog({ error: (o: { unlogged: number; where: string }) => lines.push(o) } as never, () => now)
  failed(new Error('a'), 'fast path')
  for (let i = 0; i < 5; i++) failed(new Error('b'), 'fast path')
  now = 60_000
  failed(new Error('c'), 'clientError')
  expect(lines.map((l) => [l.where, l.unlogged])).toEqual([
    ['fast path', 0],
    ['clientError', 5],
  ])
})

test('a socket listener that throws closes what it holds instead of stopping the process', () => {
  const seen: string[] = []
  const listener = guarded(
    'clientError',
    (_err: Error, _socket: { destroy(): void }) => {
      throw new Error('listener bug')
    },
    (_e, where) => seen.push(where),
    (_err, socket) => socket.destroy(),
  )
  let destroyed = false
  expect(() => listener(new Error('parse'), { destroy: () => (destroyed = true) })).not.toThrow()
  expect(destroyed).toBe(true)
  expect(seen).toEqual(['clientError'])
})
