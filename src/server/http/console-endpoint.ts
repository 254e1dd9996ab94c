import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import * as Contract from '../../shared/console-api.ts'
import { endpoints, type EndpointName } from '../../shared/console-endpoints.ts'
import { parseInput } from '../owner/input.ts'
import { readJsonBody } from './json-body.ts'

// The server's side of the endpoint table (src/shared/console-endpoints.ts), as `call()` is the
// console's: a route reads its input with the schema the table names and answers with the type
// the table names, so neither is restated in the route. docs/decisions/console-data.md

type Schemas = typeof Contract
type Table = typeof endpoints

/** What an endpoint's input schema parses to. */
type EndpointInput<N extends EndpointName> = Table[N] extends { input: infer S extends keyof Schemas }
  ? z.output<Schemas[S]>
  : never

/** What an endpoint answers (its answer schema's type, before JSON). */
type EndpointAnswer<N extends EndpointName> = Table[N] extends { answer: infer S extends keyof Schemas }
  ? z.input<Schemas[S]>
  : never

/**
 * Parses an endpoint's input with the table's schema: a GET's query, a POST's JSON body. A bad one
 * is a 400 in PostgREST's shape (parseInput), never a 5xx.
 */
export async function endpointInput<N extends EndpointName>(c: Context, name: N): Promise<EndpointInput<N>> {
  const e = endpoints[name] as { method: 'GET' | 'POST'; input?: keyof Schemas }
  if (!e.input) throw new Error(`${name} has no input schema in the endpoint table`)
  const schema = Contract[e.input] as unknown as z.ZodType<EndpointInput<N>>
  return parseInput(schema, e.method === 'GET' ? c.req.query() : await readJsonBody(c))
}

/** Answers with the endpoint's answer type, checked when the route compiles. */
export function endpointAnswer<N extends EndpointName>(
  c: Context,
  _name: N,
  answer: EndpointAnswer<N>,
  status?: ContentfulStatusCode,
): Response {
  return c.json(answer as object, status)
}
