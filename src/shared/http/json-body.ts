import { apiError } from './errors.ts'
import { readAtMost } from './read-at-most.ts'

/** Requests to the API carry a few hundred bytes; 16 KB leaves room and stops abuse early. */
export const MAX_BODY_BYTES = 16 * 1024

/**
 * Reads a JSON request body: at most MAX_BODY_BYTES, application/json only, well-formed. Errors
 * are PostgREST-shaped. The one reader of the Node server (through Hono's raw request) and the
 * edge function (commit ae1261c: the function's copy had lost the nesting bound).
 */
export async function readJsonRequest(req: Request): Promise<unknown> {
  const declared = req.headers.get('content-length')
  if (declared !== null && req.headers.get('transfer-encoding') === null) {
    if (Number(declared) > MAX_BODY_BYTES) throw tooLarge()
    requireJson(req.headers.get('content-type'))
    // Both runtimes deliver no more than the declared length, so the body can be read whole: on
    // @hono/node-server, text() does so without building a web stream over the socket (see
    // docs/decisions/perf-server.md).
    return parseJson(await req.text())
  }
  requireJson(req.headers.get('content-type'))
  return parseJson(await readStream(req.body))
}

function requireJson(contentType: string | null): void {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'application/json') {
    throw apiError(
      415,
      'PGRST107',
      `None of these media types are available: ${type || '(none)'}`,
      null,
      'Send the body as application/json.',
    )
  }
}

function parseJson(text: string): unknown {
  if (nestingDepth(text) > MAX_JSON_DEPTH) {
    throw apiError(400, 'PGRST102', 'Empty or invalid json', `JSON may nest at most ${MAX_JSON_DEPTH} levels deep.`)
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw apiError(400, 'PGRST102', 'Empty or invalid json')
  }
}

/**
 * A row is one flat object; a few levels leave room for PostgREST's shapes. Deeper values are only
 * an attack on recursive code (JSON.stringify overflowed its stack at about 6000 levels).
 */
const MAX_JSON_DEPTH = 32

/** The deepest nesting of arrays and objects in a JSON text, read without parsing; strings are skipped. */
export function nestingDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c)
        i++ // backslash: skip the escaped character
      else if (ch === 0x22) inString = false
    } else if (ch === 0x22) inString = true
    else if (ch === 0x5b || ch === 0x7b) deepest = Math.max(deepest, ++depth)
    else if (ch === 0x5d || ch === 0x7d) depth--
  }
  return deepest
}

// PostgREST has no size limit of its own; 54000 is PostgreSQL's program_limit_exceeded.
export function tooLarge() {
  return apiError(413, '54000', 'Payload too large', `The request body is larger than ${MAX_BODY_BYTES} bytes.`, null)
}

/** A body of unknown length, refused as soon as it passes MAX_BODY_BYTES. */
async function readStream(body: ReadableStream<Uint8Array> | null): Promise<string> {
  const bytes = await readAtMost(body, MAX_BODY_BYTES)
  if (!bytes) throw tooLarge()
  return new TextDecoder().decode(bytes)
}
