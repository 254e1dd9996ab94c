/**
 * The console's one way to call its server (/admin/api, and the sign-in calls under /admin/auth): same origin,
 * the session cookie rides along. `call(endpoint, input)` is typed from the endpoint table
 * (src/shared/console-endpoints.ts): its input and answer are the types of the schemas the table
 * names, so no feature restates them. Types only: zod stays out of the console's bundle; the
 * server's tests parse every answer with the same schemas (features/console/contract.test.ts).
 */
import type { z } from 'zod'
import type * as Contract from '../shared/console-api.ts'
import { endpointPath, endpoints, type EndpointName } from '../shared/console-endpoints.ts'

export class ApiFailure extends Error {
  status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

type Schemas = typeof Contract
type SchemaName = keyof Schemas
type Table = typeof endpoints

/** The answer type of a schema of the shared contract, by its name in src/shared/console-api.ts. */
export type Answer<K extends SchemaName> = z.infer<Schemas[K]>

/** What an endpoint answers: its answer schema's type, or nothing (204, a file, a pass-through). */
export type AnswerOf<N extends EndpointName> = Table[N] extends { answer: infer S extends SchemaName }
  ? Answer<S>
  : void

/**
 * What a call sends: a GET's query (its schema's parsed fields, each optional since the server
 * fills in defaults) or a POST's JSON body, plus `id` for a path with `:id`.
 */
export type InputOf<N extends EndpointName> = (Table[N] extends { input: infer S extends SchemaName }
  ? Table[N] extends { method: 'GET' }
    ? Partial<z.output<Schemas[S]>>
    : z.input<Schemas[S]>
  : unknown) &
  (Table[N]['path'] extends `${string}:id${string}` ? { id: string | number } : unknown)

// Optional when every field is (a GET's query, or no input at all); required otherwise.
type Args<N extends EndpointName> =
  Partial<InputOf<N>> extends InputOf<N>
    ? [input?: InputOf<N>, signal?: AbortSignal]
    : [input: InputOf<N>, signal?: AbortSignal]

/** A query string from plain values; an absent value is left out. */
export const qs = (params: Record<string, string | number | boolean | null | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]])),
  ).toString()

/** An endpoint's URL for its input: `:id` filled in and, for a GET, the query (a link: an export). */
export function urlOf<N extends EndpointName>(name: N, ...[input]: Args<N>): string {
  const e = endpoints[name]
  const { id, ...rest } = (input ?? {}) as { id?: string | number } & Record<string, string | number>
  const path = endpointPath(e, id)
  const query = e.method === 'GET' ? qs(rest) : ''
  return query ? `${path}?${query}` : path
}

/** Calls an endpoint of the table: a GET sends its input as the query, a POST as its JSON body. */
export function call<N extends EndpointName>(name: N, ...args: Args<N>): Promise<AnswerOf<N>> {
  const [input, signal] = args
  const e = endpoints[name]
  const { id: _id, ...body } = (input ?? {}) as Record<string, unknown>
  const sendsBody = e.method === 'POST' && 'input' in e
  return request<AnswerOf<N>>(e.method, urlOf(name, ...args), sendsBody ? body : undefined, signal)
}

/** The one fetch under call(): also for the list import's upload (a file as the body). */
export async function request<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, {
    method,
    signal: signal ?? null,
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
