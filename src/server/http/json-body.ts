import type { Context } from 'hono'
import { readJsonRequest } from '../../shared/http/json-body.ts'

/**
 * Reads a JSON request body with the runtime-neutral reader (src/shared/http/json-body.ts), which the
 * edge function uses too: the same limits, checks and PostgREST-shaped answers.
 */
export function readJsonBody(c: Context): Promise<unknown> {
  return readJsonRequest(c.req.raw)
}
