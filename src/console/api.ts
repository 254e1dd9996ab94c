/** The console's one way to call /admin/api and /admin/auth (same origin; the session cookie rides along). */
import type { z } from 'zod'
import type * as Contract from '../shared/console-api.ts'

export class ApiFailure extends Error {
  status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

// The signal of the useApi load that is starting, if any: a call begins its fetch synchronously,
// so every call a load starts carries the load's signal without each call taking one.
let startingSignal: AbortSignal | undefined

/** Runs `start`, giving `signal` to every call it begins before its first await (see useApi). */
export function withSignal<T>(signal: AbortSignal, start: () => Promise<T>): Promise<T> {
  startingSignal = signal
  try {
    return start()
  } finally {
    startingSignal = undefined
  }
}

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    signal: startingSignal ?? null,
    credentials: 'same-origin',
    // A file (the list import's upload) is sent as it is; anything else as JSON.
    headers:
      body === undefined ? {} : { 'content-type': body instanceof Blob ? body.type || 'text/csv' : 'application/json' },
    body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
  })
  if (!res.ok) {
    const problem = (await res.json().catch(() => null)) as { message?: string } | null
    throw new ApiFailure(res.status, problem?.message ?? `Request failed (${res.status})`)
  }
  const text = await res.text()
  return (text ? JSON.parse(text) : undefined) as T
}

/**
 * The answer type of a schema of the shared contract (named by src/shared/console-api.ts, one module per
 * feature, src/shared/<feature>.ts). Types only: zod stays out of the console's bundle; the server's tests parse its
 * answers with the same schemas. Each feature's calls live in its folder (`<feature>-api.ts`).
 */
export type Answer<K extends keyof typeof Contract> = z.infer<(typeof Contract)[K]>

/** A query string from plain values. */
export const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()
