import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { Hono } from 'hono'
import { PatternRouter } from 'hono/router/pattern-router'
import { parseAccept } from 'hono/utils/accept'
import { loadBuiltFiles, type BuiltFile, type Variant } from './built-files.ts'
import { overHttps } from './client-ip.ts'
import type { PublicSite } from './public-site.ts'
import { isFresh, parseRange, TWIN_ENCODINGS, type ByteRange } from './static.ts'

/** Answers a request from memory, or returns false and leaves it to the app. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean

type FastPathOptions = {
  trustedHops: number
  /**
   * Called for each GET of a page (an HTML file) the fast path answers, before it answers: where
   * a visit counter goes. It must not throw or block; the few page requests the fast
   * path leaves to the app (see below) reach staticRoutes instead.
   */
  onDocument?: (req: IncomingMessage) => void
}

/**
 * The built page in `dir` read into memory, and the fast path over it for `app`: every file but
 * those at a path one of the app's routes answers (the console under /admin, the share links under /go…).
 */
export async function loadFastPath(
  app: Hono,
  options: FastPathOptions & { dir: string; extraConnect: readonly string[]; site?: PublicSite },
): Promise<{ answer: FastPath; files: number }> {
  const table = await loadBuiltFiles({
    dir: options.dir,
    extraConnect: options.extraConnect,
    claimed: claimedBy(app),
    site: options.site,
  })
  return { answer: fastPath(table, options), files: table.size }
}

/** Whether a route of `app` other than its catch-alls (`/*`: middleware, the static files) matches a path. */
function claimedBy(app: Hono): (path: string) => boolean {
  const router = new PatternRouter<true>()
  for (const route of app.routes) if (route.path !== '/*' && route.path !== '*') router.add('ALL', route.path, true)
  return (path) => router.match('GET', path)[0].length > 0
}

// hono/compress's threshold: a plain answer this large it would gzip on the fly.
const COMPRESS_THRESHOLD = 1024

/**
 * The built page's files served from memory, ahead of the app's middleware chain:
 * what a browser receives is what the chain sends (static.ts, security-headers.ts). Requests the
 * chain would treat in a way the table does not hold go to the app unchanged: another method, a
 * path not in the table (percent-encoded, a twin, a route's), a request without Host or with a
 * Host the app refuses, and a plain answer that hono/compress would compress on the fly (an Accept-Encoding naming
 * gzip or deflate but no precompressed twin, such as `gzip;q=1`).
 */
function fastPath(table: Map<string, BuiltFile>, options: FastPathOptions): FastPath {
  const { trustedHops, onDocument } = options
  return (req, res) => {
    const method = req.method
    if (method !== 'GET' && method !== 'HEAD') return false
    const url = req.url ?? ''
    const query = url.indexOf('?')
    const file = table.get(query === -1 ? url : url.slice(0, query))
    if (!file) return false
    const headers = req.headers
    // No Host, or one the app refuses with a 400 (node-server.ts): the app answers, so the
    // refusal is the same whichever way the request came.
    if (!headers.host || !appAcceptsHost(headers.host, url)) return false
    const variant = chooseVariant(file, headers['accept-encoding'])
    const secure = overHttps((req.socket as TLSSocket).encrypted, headers['x-forwarded-proto'] as string, trustedHops)
    // Parsed once, here: what is served is what was checked.
    const range = method === 'GET' && headers.range !== undefined ? parseRange(headers.range) : undefined
    if (range) {
      if (file.document) onDocument?.(req)
      sendRange(res, variant, secure, range)
      return true
    }
    if (
      method === 'GET' &&
      !variant.encoding &&
      file.compressible &&
      variant.body.length >= COMPRESS_THRESHOLD &&
      compressWouldEncode(headers['accept-encoding'])
    )
      return false
    if (method === 'GET' && file.document) onDocument?.(req)
    if (isFresh(variant.etag, variant.lastModified, headers['if-none-match'], headers['if-modified-since'])) {
      res.writeHead(304, secure ? variant.notModified.https : variant.notModified.http)
      res.end()
      return true
    }
    res.writeHead(200, secure ? variant.ok.https : variant.ok.http)
    if (method === 'HEAD') res.end()
    else res.end(variant.body)
    return true
  }
}

// @hono/node-server's test for a Host it takes as is (its url.ts, buildUrl).
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/

/**
 * Whether @hono/node-server makes a Request of this Host (buildUrl in its url.ts); where it
 * cannot, node-server.ts answers 400. `url` is a built file's path, with its query.
 */
function appAcceptsHost(host: string, url: string): boolean {
  if (PLAIN_HOST.test(host)) return true
  try {
    const { hostname } = new URL(`http://${host}${url}`)
    const bare = host.includes(':') ? host.replace(/:\d+$/, '') : host
    return hostname.length === host.length || hostname === bare.toLowerCase()
  } catch {
    return false
  }
}

/** serveStatic's choice: the first twin whose name is, exactly, one of the listed encodings. */
function chooseVariant(file: BuiltFile, acceptEncoding: string | undefined): Variant {
  if (!acceptEncoding) return file.plain
  const accepted = new Set(acceptEncoding.split(',').map((e) => e.trim()))
  for (const [encoding] of TWIN_ENCODINGS) {
    const twin = file.twins[encoding]
    if (twin && accepted.has(encoding)) return twin
  }
  return file.plain
}

/** hono/compress's selectEncoding over gzip and deflate: whether it picks either. */
function compressWouldEncode(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false
  const accepts = parseAccept(acceptEncoding)
  const wildcard = accepts.find((a) => a.type === '*')?.q
  return ['gzip', 'deflate'].some((enc) => (accepts.find((a) => a.type.toLowerCase() === enc)?.q ?? wildcard ?? 0) > 0)
}

/**
 * One byte range, as serveStatic answers it: 206 with the bytes (of the chosen representation),
 * or 416 past the end; no ETag on either, and conditional headers are not looked at.
 */
function sendRange(res: ServerResponse, variant: Variant, secure: boolean, range: ByteRange): void {
  const size = variant.body.length
  let start: number
  let end: number
  if ('suffix' in range) {
    start = Math.max(size - range.suffix, 0)
    end = range.suffix === 0 ? -1 : size - 1
  } else {
    start = range.first
    end = range.last === undefined ? size - 1 : Math.min(range.last, size - 1)
  }
  const kept = (secure ? variant.pairs.https : variant.pairs.http).filter(
    ([name]) => name !== 'etag' && name !== 'content-length',
  )
  const list = (extra: [string, string][]) =>
    [...kept, ['accept-ranges', 'bytes'] as [string, string], ...extra].sort(([a], [b]) => (a < b ? -1 : 1)).flat()
  if (size === 0 || start >= size || start > end) {
    res.writeHead(416, list([['content-range', `bytes */${size}`]]))
    res.end()
    return
  }
  res.writeHead(
    206,
    list([
      ['content-length', String(end - start + 1)],
      ['content-range', `bytes ${start}-${end}/${size}`],
    ]),
  )
  res.end(variant.body.subarray(start, end + 1))
}
