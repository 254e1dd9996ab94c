import { vi } from 'vitest'

/** One recorded request at the network boundary. */
type Call = { url: string; method: string; headers: Headers; body: unknown }
type Handler = (call: Call) => Response | Promise<Response>

/**
 * Replaces global fetch, the page's only way out, with a fake backend that routes by path.
 * Unrouted paths fail the test loudly.
 */
export function fakeBackend(routes: Record<string, Handler>) {
  const calls: Call[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const text = await request.text()
    const call: Call = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: text ? JSON.parse(text) : null,
    }
    calls.push(call)
    const handler = routes[new URL(request.url).pathname]
    if (!handler) throw new Error(`unexpected request to ${request.url}`)
    return handler(call)
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls, fetchMock }
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

export const created = () => new Response(null, { status: 201 })

/** A response the test releases by hand, to observe the in-flight state. */
export function deferred() {
  let resolve!: (r: Response) => void
  const promise = new Promise<Response>((r) => (resolve = r))
  return { promise, resolve }
}
