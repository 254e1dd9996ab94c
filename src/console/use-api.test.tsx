import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { signupsApi } from './features/signups/signups-api.ts'
import { useApi } from './use-api.ts'

afterEach(() => vi.unstubAllGlobals())

/** A fetch whose answers the test releases one by one, in any order. */
function heldFetch() {
  const held: { url: string; signal: AbortSignal | null; answer: (body: unknown) => void }[] = []
  vi.stubGlobal(
    'fetch',
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve) =>
        held.push({ url, signal: init.signal ?? null, answer: (body) => resolve(Response.json(body)) }),
      ),
  )
  return held
}

test('an older answer never overwrites a newer one, and the older request is cancelled', async () => {
  const held = heldFetch()
  const { result, rerender } = renderHook(({ days }) => useApi(() => signupsApi.stats(days), [days]), {
    initialProps: { days: 30 as 30 | 90 },
  })
  rerender({ days: 90 })
  await waitFor(() => expect(held).toHaveLength(2))
  const [older, newer] = held
  expect(older!.url).toContain('days=30')
  expect(older!.signal?.aborted).toBe(true)
  expect(newer!.signal?.aborted).toBe(false)
  // The newer answer arrives first, then the older one: the view keeps the newer.
  await act(async () => newer!.answer({ days: 90 }))
  await act(async () => older!.answer({ days: 30 }))
  expect(result.current.data).toEqual({ days: 90 })
  expect(result.current.loading).toBe(false)
})

test('reload asks again with the same inputs', async () => {
  const held = heldFetch()
  const { result } = renderHook(() => useApi(() => signupsApi.suppressions(), []))
  await waitFor(() => expect(held).toHaveLength(1))
  await act(async () => held[0]!.answer({ count: 1 }))
  expect(result.current.data).toEqual({ count: 1 })
  act(() => result.current.reload())
  await waitFor(() => expect(held).toHaveLength(2))
  await act(async () => held[1]!.answer({ count: 2 }))
  expect(result.current.data).toEqual({ count: 2 })
})
