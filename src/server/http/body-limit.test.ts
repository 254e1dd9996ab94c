import { Hono } from 'hono'
import { expect, test } from 'vitest'
import { fastBodyLimit } from './body-limit.ts'

function app() {
  const a = new Hono()
  a.use(
    '*',
    fastBodyLimit(10, () => Promise.resolve(new Response('too large', { status: 413 }))),
  )
  a.post('/', async (c) => c.text(await c.req.text()))
  return a
}

test('a declared length over the limit is refused before the body is read', async () => {
  const res = await app().request('/', { method: 'POST', body: '12345678901', headers: { 'content-length': '11' } })
  expect(res.status).toBe(413)
})

test('a body within the limit reaches the route intact', async () => {
  const res = await app().request('/', { method: 'POST', body: '1234567890', headers: { 'content-length': '10' } })
  expect(await res.text()).toBe('1234567890')
})

test('a body without a declared length is counted as it streams', async () => {
  const stream = (s: string) =>
    new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode(s)), c.close()) })
  const post = (s: string) => app().request('/', { method: 'POST', body: stream(s), duplex: 'half' } as RequestInit)
  expect((await post('12345678901')).status).toBe(413)
  expect(await (await post('12345')).text()).toBe('12345')
})
