import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { Agent, request } from 'node:http'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { expect, test } from 'vitest'
import { createAfterAnswer } from './http/after-answer.ts'
import { shutdown } from './shutdown.ts'
import { silentLogger } from './test-app.ts'

// A real server on a free port: a slow request in progress when shutdown starts must still get
// its whole answer, and the queue and database must close only after it.
function start(app: Hono): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server: server as Server, port: info.port }),
    )
  })
}

function get(port: number, path: string, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = ''
      res.on('data', (d: Buffer) => (body += d.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
      .on('error', reject)
      .end()
  })
}

test('a request in progress and the work it starts after its answer finish before the queue, transport and database close, then new connections are refused', async () => {
  const order: string[] = []
  const afterAnswer = createAfterAnswer()
  const app = new Hono()
  app.get('/slow', async (c) => {
    await new Promise((r) => setTimeout(r, 400))
    order.push('request answered')
    afterAnswer.run(c, async () => {
      await new Promise((r) => setTimeout(r, 300))
      order.push('work after the answer done')
    })
    return c.text('done')
  })
  app.get('/fast', (c) => c.text('ok'))
  const { server, port } = await start(app)
  const agent = new Agent({ keepAlive: true })
  // An idle keep-alive connection must not hold the shutdown open.
  expect((await get(port, '/fast', agent)).status).toBe(200)
  const slow = get(port, '/slow', new Agent({ keepAlive: true }))
  await new Promise((r) => setTimeout(r, 100))
  const started = Date.now()
  const stopping = shutdown({
    server,
    afterAnswer,
    logger: silentLogger,
    queue: { stop: async () => void order.push('queue stopped') },
    transport: { close: async () => void order.push('transport closed') },
    db: { close: async () => void order.push('db closed') },
  })
  expect(await slow).toEqual({ status: 200, body: 'done' })
  await stopping
  expect(order).toEqual([
    'request answered',
    'work after the answer done',
    'queue stopped',
    'transport closed',
    'db closed',
  ])
  expect(Date.now() - started).toBeLessThan(3_000)
  await expect(get(port, '/fast', new Agent())).rejects.toThrow(/ECONNREFUSED/)
  agent.destroy()
})

test('a request that never ends is cut off after the grace period', async () => {
  const app = new Hono()
  app.get('/hang', () => new Promise<Response>(() => {}))
  const { server, port } = await start(app)
  const hanging = get(port, '/hang', new Agent()).catch((err: Error) => err)
  await new Promise((r) => setTimeout(r, 100))
  const closed: string[] = []
  await shutdown({
    server,
    afterAnswer: createAfterAnswer(),
    logger: silentLogger,
    forceAfterMs: 300,
    queue: { stop: async () => void closed.push('queue') },
    transport: { close: async () => void closed.push('transport') },
    db: { close: async () => void closed.push('db') },
  })
  expect(await hanging).toBeInstanceOf(Error)
  expect(closed).toEqual(['queue', 'transport', 'db'])
})
