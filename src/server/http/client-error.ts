import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { Hono } from 'hono'
import { securityHeaders } from './security-headers.ts'

/**
 * The security headers the app puts on an answer over plain HTTP, for the answers Node and
 * @hono/node-server write without the app: a request line or headers Node cannot parse (400),
 * headers over 16 KB (431), a request that timed out (408). Taken from the app's own middleware,
 * so the two never drift. No HSTS: on a plain socket it is never sent, and behind a proxy the
 * X-Forwarded-Proto header of a request that could not be parsed is not known.
 */
export async function plainErrorHeaders(extraConnect: readonly string[]): Promise<[string, string][]> {
  const app = new Hono()
  app.use('*', securityHeaders({ trustedHops: 0, extraConnect }))
  app.all('*', (c) => c.body(null, 400))
  // Any path but the landing page's: an error answer is no landing page, so it keeps the opener policy.
  const res = await app.request('/client-error')
  const headers: [string, string][] = []
  res.headers.forEach((value, name) => headers.push([name, value]))
  return headers
}

/** What Node answers a client error with (lib/_http_server.js, socketOnError). */
function statusFor(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408
  return 400
}

/**
 * A 'clientError' handler doing what Node's default does, with the security headers added:
 * answer once if nothing of an answer was written yet, then close the connection. Nothing can
 * be written to a connection the client reset or already closed.
 */
export function answerClientErrors(headers: [string, string][]) {
  const cache = new Map<number, string>()
  const raw = (status: number) => {
    let text = cache.get(status)
    if (text === undefined) {
      const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, 'Connection: close', 'Content-Length: 0']
      for (const [name, value] of headers) lines.push(`${name}: ${value}`)
      text = `${lines.join('\r\n')}\r\n\r\n`
      cache.set(status, text)
    }
    return text
  }
  return (err: NodeJS.ErrnoException, socket: Duplex) => {
    const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage
    if (err.code !== 'ECONNRESET' && socket.writable && !answering?.headersSent) socket.write(raw(statusFor(err.code)))
    socket.destroy()
  }
}

/** The same headers on an answer built as a web Response (@hono/node-server's own 400s). */
export function plainErrorResponse(status: number, headers: [string, string][]): Response {
  return new Response(null, { status, headers: [...headers, ['connection', 'close']] })
}
