import { mkdtemp, rm } from 'node:fs/promises'
import { get } from 'node:http'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { startServer, waitFor, waitHealthy, type ServerProcess } from './support/server-process.ts'

// About 21,000 idle sockets from one machine used up the server's file
// descriptors, and everyone else got ECONNRESET. Here the server runs as a real process with
// `ulimit -n 1024`, so a few thousand sockets are enough to reach its limit. The flood comes from
// other loopback addresses (127.0.0.2 …) than the visitor (127.0.0.1).
const FILE_LIMIT = 1024

let dir: string
let server: ServerProcess | undefined
const sockets: Socket[] = []
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flood-'))
})
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy()
  await server?.kill()
  server = undefined
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function start(env: Record<string, string> = {}) {
  server = await startServer(
    { PGLITE_DIR: 'memory://', OUTBOX_DIR: join(dir, 'outbox'), STATIC_DIR: dir, ...env },
    { fileLimit: FILE_LIMIT },
  )
  await waitHealthy(server)
  return { url: server.url, port: Number(new URL(server.url).port) }
}

/** `count` connections from `localAddress` that send nothing, opened 100 at a time. */
async function idleSockets(port: number, localAddress: string, count: number): Promise<Socket[]> {
  const opened: Socket[] = []
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from(
      { length: Math.min(100, count - i) },
      () =>
        new Promise<Socket>((resolve) => {
          const socket = connect({ port, host: '127.0.0.1', localAddress })
          sockets.push(socket)
          socket.resume()
          socket.on('error', () => {})
          socket.once('connect', () => resolve(socket))
          socket.once('close', () => resolve(socket))
        }),
    )
    opened.push(...(await Promise.all(batch)))
  }
  return opened
}

const stillOpen = (xs: Socket[]) => xs.filter((s) => !s.destroyed && s.readyState === 'open').length
/** Waits until the server has accepted (and maybe closed) what the kernel queued for it. */
const settle = (flood: Socket[], atMost: number) =>
  waitFor(() => stillOpen(flood) <= atMost, { timeoutMs: 10_000, what: `at most ${atMost} open sockets` })

/**
 * A visitor's request from 127.0.0.1 on a new connection (a pooled one left from waitHealthy
 * would hide the defect), answered within 5 s or failed.
 */
const visit = (url: string) =>
  new Promise<number | string>((resolve) => {
    const req = get(`${url}/healthz`, { agent: false, localAddress: '127.0.0.1', timeout: 5_000 }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('timeout', () => req.destroy(new Error('no answer in 5 s')))
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message))
  })

test(
  '3,000 idle sockets from one address: it keeps at most its cap, and another address is served',
  { timeout: 90_000 },
  async () => {
    // Timeouts long enough that the flood's sockets stay idle for the whole test.
    const { url, port } = await start({ HTTP_HEADERS_TIMEOUT_MS: '60000', HTTP_REQUEST_TIMEOUT_MS: '60000' })
    const flood = await idleSockets(port, '127.0.0.2', 3_000)
    // The visitor first: today's symptom was ECONNRESET for everyone else.
    expect(await visit(url)).toBe(200)
    await settle(flood, 256)
    expect(stillOpen(flood)).toBeGreaterThan(200)
    expect(server!.log()).not.toMatch(/EMFILE/)
    expect(server!.log()).toContain('"event":"server.address_connections_full"')
  },
)

test(
  'a flood from many addresses stops at MAX_CONNECTIONS, below the descriptor limit, and idle sockets are closed',
  { timeout: 90_000 },
  async () => {
    const { url, port } = await start({ HTTP_HEADERS_TIMEOUT_MS: '4000', HTTP_REQUEST_TIMEOUT_MS: '4000' })
    const max = Number(/"maxConnections":(\d+)/.exec(server!.log())?.[1] ?? FILE_LIMIT)
    expect(max).toBeLessThan(FILE_LIMIT)
    // 8 addresses, each under its own cap, 2,000 sockets together.
    const from = Array.from({ length: 8 }, (_, i) => idleSockets(port, `127.0.0.${i + 2}`, 250))
    const flood = (await Promise.all(from)).flat()
    await settle(flood, max)
    // The server is alive and, once the headers timeout closed the silent sockets, serves again.
    await waitFor(() => stillOpen(flood) === 0, { timeoutMs: 10_000, what: 'the server to close the idle sockets' })
    expect(await visit(url)).toBe(200)
    expect(server!.log()).not.toMatch(/EMFILE/)
    expect(server!.log()).toContain('"event":"server.connections_full"')
  },
)
