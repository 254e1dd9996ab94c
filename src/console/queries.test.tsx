import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { useCall } from './queries.ts'
import { withClient } from './test-api.ts'

afterEach(() => vi.unstubAllGlobals())

/** A fetch whose answers the test releases one by one, in any order. */
function heldFetch() {
  const held: { url: string; signal: AbortSignal | null; answer: (body: unknown) => Response }[] = []
  vi.stubGlobal(
    'fetch',
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve) =>
        held.push({
          url,
          signal: init.signal ?? null,
          answer: (body) => {
            const response = Response.json(body)
            resolve(response)
            return response
          },
        }),
      ),
  )
  return held
}

test('an older answer never overwrites a newer one, and the older request is cancelled', async () => {
  const held = heldFetch()
  const { result, rerender } = renderHook(({ days }) => useCall('signupStats', { days }), {
    initialProps: { days: 30 as 30 | 90 },
    wrapper: withClient(),
  })
  rerender({ days: 90 })
  await waitFor(() => expect(held).toHaveLength(2))
  const [older, newer] = held
  expect(older!.url).toContain('days=30')
  expect(older!.signal?.aborted).toBe(true)
  expect(newer!.signal?.aborted).toBe(false)
  // The newer answer arrives first, then the older one: the view keeps the newer.
  await act(async () => void newer!.answer({ days: 90 }))
  await waitFor(() => expect(result.current.data).toEqual({ days: 90 }))
  const late = older!.answer({ days: 30 })
  // The older call reads its answer to the end (its fetch ignores the signal here), and the view keeps the newer.
  await waitFor(() => expect(late.bodyUsed).toBe(true))
  await act(async () => {})
  expect(result.current.data).toEqual({ days: 90 })
  expect(result.current.isFetching).toBe(false)
})

test('refetch asks again with the same inputs', async () => {
  const held = heldFetch()
  const { result } = renderHook(() => useCall('suppressions'), { wrapper: withClient() })
  await waitFor(() => expect(held).toHaveLength(1))
  await act(async () => void held[0]!.answer({ count: 1 }))
  await waitFor(() => expect(result.current.data).toEqual({ count: 1 }))
  act(() => void result.current.refetch())
  await waitFor(() => expect(held).toHaveLength(2))
  await act(async () => void held[1]!.answer({ count: 2 }))
  await waitFor(() => expect(result.current.data).toEqual({ count: 2 }))
})

test('leaving cancels the request, and its late answer is dropped', async () => {
  const held = heldFetch()
  const wrapper = withClient()
  const { unmount } = renderHook(() => useCall('suppressions'), { wrapper })
  await waitFor(() => expect(held).toHaveLength(1))
  unmount()
  expect(held[0]!.signal?.aborted).toBe(true)
  const late = held[0]!.answer({ count: 1 })
  await waitFor(() => expect(late.bodyUsed).toBe(true))
  await act(async () => {})
  expect(wrapper.client.getQueryData(['suppressions'])).toBeUndefined()
})
