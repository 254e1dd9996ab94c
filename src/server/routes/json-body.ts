import type { Context } from 'hono'
import { apiError } from '../errors.ts'

/** Requests to the API carry a few hundred bytes; 16 KB leaves room and stops abuse early. */
export const MAX_BODY_BYTES = 16 * 1024

/** Reads a JSON request body: application/json only, at most MAX_BODY_BYTES, well-formed. Errors are PostgREST-shaped. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'application/json') {
    throw apiError(415, 'PGRST107', `None of these media types are available: ${type || '(none)'}`, null, 'Send the body as application/json.')
  }
  const text = await readLimited(c.req.raw)
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw apiError(400, 'PGRST102', 'Empty or invalid json')
  }
}

// PostgREST has no size limit of its own; 54000 is PostgreSQL's program_limit_exceeded.
export function tooLarge() {
  return apiError(413, '54000', 'Payload too large', `The request body is larger than ${MAX_BODY_BYTES} bytes.`, null)
}

async function readLimited(req: Request): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? 'NaN')
  if (declared > MAX_BODY_BYTES) throw tooLarge()
  if (!req.body) return ''
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks))
}
