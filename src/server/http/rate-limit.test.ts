import { expect, test } from 'vitest'
import { createRateLimiter } from './rate-limit.ts'

function clock() {
  let t = 1_000_000
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

test('the burst window refuses the request past its size and says when the next one passes', () => {
  const c = clock()
  const l = createRateLimiter({ perMinute: 3, perHour: 100 }, { now: c.now })
  for (let i = 0; i < 3; i++) expect(l.take('a').ok).toBe(true)
  const refused = l.take('a')
  expect(refused).toEqual({ ok: false, retryAfterMs: expect.closeTo(20_000, 0) })
  c.advance(19_000)
  expect(l.take('a').ok).toBe(false)
  c.advance(1_000)
  expect(l.take('a').ok).toBe(true)
})

test('the sustained window caps a client that stays under the burst', () => {
  const c = clock()
  const l = createRateLimiter({ perMinute: 10, perHour: 12 }, { now: c.now })
  for (let i = 0; i < 10; i++) expect(l.take('a').ok).toBe(true)
  c.advance(60_000)
  // The minute bucket is full again; the hour bucket holds 2 + 0.2 tokens.
  expect(l.take('a').ok).toBe(true)
  expect(l.take('a').ok).toBe(true)
  const refused = l.take('a')
  expect(refused.ok).toBe(false)
  if (!refused.ok) expect(refused.retryAfterMs).toBeCloseTo(240_000, -2)
})

test('clients are counted apart', () => {
  const l = createRateLimiter({ perMinute: 1, perHour: 0 })
  expect(l.take('a').ok).toBe(true)
  expect(l.take('a').ok).toBe(false)
  expect(l.take('b').ok).toBe(true)
})

test('0 turns a window off; both at 0 turn the limiter off', () => {
  const c = clock()
  const hourOnly = createRateLimiter({ perMinute: 0, perHour: 2 }, { now: c.now })
  expect([hourOnly.take('a').ok, hourOnly.take('a').ok, hourOnly.take('a').ok]).toEqual([true, true, false])
  const off = createRateLimiter({ perMinute: 0, perHour: 0 })
  for (let i = 0; i < 1_000; i++) expect(off.take('a').ok).toBe(true)
  expect(off.size()).toBe(0)
})

test('memory stays bounded: the least recently seen client goes first, refilled buckets are swept', () => {
  const c = clock()
  const l = createRateLimiter({ perMinute: 1, perHour: 10 }, { now: c.now, maxClients: 100 })
  expect(l.take('busy').ok).toBe(true)
  for (let i = 0; i < 99; i++) l.take(`ip${i}`)
  expect(l.take('busy').ok).toBe(false) // seen again, so it is now the most recent
  for (let i = 99; i < 150; i++) l.take(`ip${i}`)
  expect(l.size()).toBe(100)
  expect(l.take('busy').ok).toBe(false) // still remembered: the oldest ones went
  c.advance(60 * 60_000)
  for (let i = 0; i < 1_000; i++) l.take('late')
  expect(l.size()).toBe(1)
})
