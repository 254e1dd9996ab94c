import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, sep } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress'
import { getMimeType } from 'hono/utils/mime'
import { DEFAULT_LOCALE, localeOfPath } from '../../shared/locales.ts'
import { typeByName } from './content-type.ts'
import type { PublicSite } from './public-site.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const SHORT = 'public, max-age=3600'

/** How serveStatic picks a precompressed twin: the first of these the client names. */
export const TWIN_ENCODINGS = [
  ['br', '.br'],
  ['zstd', '.zst'],
  ['gzip', '.gz'],
] as const

/**
 * The built page. Vite's hashed files under /assets never change, so browsers keep them a year;
 * HTML is revalidated on every visit so a deploy shows at once. Text files are sent as the .br or
 * .gz twin that scripts/precompress.ts wrote at build, as the client's Accept-Encoding allows.
 * A missing folder (tests, or before the first build) gives 404s, not a crash. The files made
 * for PUBLIC_URL at start (`site`: public-site.ts) are answered from memory, as serveStatic
 * would answer them from disk.
 */
export function staticRoutes(dir: string, site: PublicSite = new Map()): Hono {
  const app = new Hono()
  let files: MiddlewareHandler | undefined
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (!files && existsSync(dir)) {
      files = serveStatic({ root: dir, precompressed: true })
    }
    if (!files) return next()
    if (isCompressedTwin(dir, c.req.path)) return next()
    ignoreUnsupportedRange(c)
    let missing = false
    const res =
      heldAnswer(c, site) ??
      (await files(c, async () => {
        missing = true
      }))
    if (missing || !(res instanceof Response)) return next()
    // serveStatic knows types by extension only; some files are known by their name.
    const named = typeByName(c.req.path)
    if (named) res.headers.set('Content-Type', named)
    res.headers.set('Cache-Control', cacheControl(c.req.path, res.headers.get('Content-Type')))
    if (isDocument(res.headers.get('Content-Type'))) res.headers.set('Content-Language', localeOfPath(c.req.path))
    // The answer depends on Accept-Encoding even when this client got the plain file.
    if (
      COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '') &&
      !/accept-encoding/i.test(res.headers.get('Vary') ?? '')
    ) {
      res.headers.append('Vary', 'Accept-Encoding')
    }
    return revalidate(c, res)
  })
  app.on(['GET', 'HEAD'], '*', async (c) => {
    c.header('Cache-Control', 'no-cache')
    const page = await readFile(join(dir, '404.html'), 'utf8').catch(() => undefined)
    if (page === undefined) return c.text('Not found', 404)
    c.header('Content-Language', DEFAULT_LOCALE)
    return c.html(page, 404)
  })
  return app
}

/** The name under the folder serveStatic would send for `urlPath` (a folder: its index.html), when `site` holds it. */
function heldName(site: PublicSite, urlPath: string): string | undefined {
  // serveStatic refuses a percent-encoded path; `//` and dot segments never name a held file.
  if (!site.size || urlPath.includes('%')) return undefined
  const name = urlPath.slice(1)
  if (site.has(name) && !name.endsWith('/')) return name
  const folder = name.replace(/\/$/, '')
  const index = folder === '' ? 'index.html' : `${folder}/index.html`
  return site.has(index) ? index : undefined
}

/**
 * serveStatic's answer (with `precompressed: true`) for a file held in memory: its type, its
 * twin by the exact names in Accept-Encoding, Last-Modified, HEAD, and one byte range (what
 * ignoreUnsupportedRange left); the checks before serveStatic have run already.
 */
function heldAnswer(c: Context, site: PublicSite): Response | undefined {
  const name = heldName(site, c.req.path)
  if (!name) return undefined
  c.header('Content-Type', getMimeType(name) ?? 'application/octet-stream')
  let file = site.get(name)!
  const accepted = new Set(
    c.req
      .header('Accept-Encoding')
      ?.split(',')
      .map((e) => e.trim()),
  )
  for (const [encoding, ext] of TWIN_ENCODINGS) {
    const twin = site.get(name + ext)
    if (!twin || !accepted.has(encoding)) continue
    c.header('Content-Encoding', encoding)
    c.header('Vary', 'Accept-Encoding', { append: true })
    file = twin
    break
  }
  const size = file.body.length
  c.header('Last-Modified', file.mtime.toUTCString())
  const range = c.req.header('range')
  if (c.req.method === 'HEAD' || !range) {
    c.header('Content-Length', String(size))
    return c.req.method === 'HEAD' ? c.body(null, 200) : c.body(file.body, 200)
  }
  c.header('Accept-Ranges', 'bytes')
  const one = parseRange(range)!
  const start = 'suffix' in one ? Math.max(size - one.suffix, 0) : one.first
  const end = 'suffix' in one ? size - 1 : Math.min(one.last ?? size - 1, size - 1)
  if (size === 0 || ('suffix' in one && one.suffix === 0) || start >= size || start > end) {
    c.header('Content-Range', `bytes */${size}`)
    return c.body(null, 416)
  }
  c.header('Content-Length', String(end - start + 1))
  c.header('Content-Range', `bytes ${start}-${end}/${size}`)
  return c.body(file.body.subarray(start, end + 1), 206)
}

/** A prerendered page (the landing pages, the legal pages, 404.html), which names its language. */
export function isDocument(contentType: string | null): boolean {
  return /^text\/html\b/i.test(contentType ?? '')
}

/**
 * `/index.html.br` and the other twins scripts/precompress.ts writes are how a file is sent, not
 * files of their own: served as-is they would be a compressed body without Content-Encoding.
 * A `.gz` with no plain sibling (a download the site ships) is still served.
 */
function isCompressedTwin(dir: string, urlPath: string): boolean {
  const twin = /^(.+)\.(?:br|gz|zst)$/.exec(urlPath)
  if (!twin) return false
  const plain = join(dir, safeDecode(twin[1]!))
  return plain.startsWith(dir.endsWith(sep) ? dir : dir + sep) && existsSync(plain)
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

/**
 * serveStatic answers any Range header it cannot parse (another unit, several ranges) with 206
 * and the whole file. RFC 9110 says to ignore such a header: so it is removed, and the answer
 * is a plain 200. One `bytes=` range is served as asked (206, or 416 when it is past the end).
 */
function ignoreUnsupportedRange(c: Context): void {
  const range = c.req.header('range')
  if (range !== undefined && !parseRange(range)) c.req.raw.headers.delete('range')
}

/** One byte range: `first-last`, `first-` (last undefined) or the last `suffix` bytes. */
export type ByteRange = { first: number; last: number | undefined } | { suffix: number }

/**
 * One `bytes=` range, `a-b` with a ≤ b, `a-` or `-n`; anything else is undefined (ignored).
 * The one parser of a Range header: the chain keeps a header only if it parses, and the fast
 * path serves what it parsed. Nothing is trimmed (Node already strips the spaces and tabs
 * around a field value): a value with any other byte around it, 0xA0 included, is no range.
 */
export function parseRange(range: string): ByteRange | undefined {
  const one = /^bytes=(?:(\d+)-(\d*)|-(\d+))$/.exec(range)
  if (!one) return undefined
  if (one[3] !== undefined) return { suffix: Number(one[3]) }
  const first = Number(one[1])
  const last = one[2] === '' ? undefined : Number(one[2])
  return last !== undefined && first > last ? undefined : { first, last }
}

/**
 * Cache-Control by request path and type; the fast path (built-files.ts) uses the same rule. A
 * page is revalidated on every visit by whatever path it is asked for (`/de` as `/de/`).
 */
export function cacheControl(urlPath: string, contentType: string | null): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE
  if (urlPath.endsWith('/') || /\.html?$/.test(urlPath) || contentType?.startsWith('text/html')) return 'no-cache'
  return SHORT
}

/**
 * A weak ETag from what serveStatic tells: size, modification time and encoding (each encoding
 * is its own representation). A matching If-None-Match, or failing that If-Modified-Since, gets
 * 304, so revalidating the HTML costs a few hundred bytes.
 */
export function weakEtag(size: number, lastModified: string, encoding: string): string {
  return `W/"${size.toString(36)}-${(Date.parse(lastModified) / 1000).toString(36)}-${encoding}"`
}

/** Whether a cached copy with `etag`, modified at `lastModified`, is still fresh for this request. */
export function isFresh(
  etag: string,
  lastModified: string,
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
): boolean {
  return ifNoneMatch
    ? ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*')
    : ifModifiedSince !== undefined && Date.parse(lastModified) <= Date.parse(ifModifiedSince)
}

function revalidate(c: Context, res: Response): Response {
  if (res.status !== 200) return res
  const modified = res.headers.get('Last-Modified')
  const length = res.headers.get('Content-Length')
  if (!modified || !length) return res
  const etag = weakEtag(Number(length), modified, res.headers.get('Content-Encoding') ?? 'identity')
  res.headers.set('ETag', etag)
  if (!isFresh(etag, modified, c.req.header('if-none-match'), c.req.header('if-modified-since'))) return res
  void res.body?.cancel()
  const headers = new Headers(res.headers)
  for (const h of ['Content-Length', 'Content-Encoding', 'Content-Type']) headers.delete(h)
  return new Response(null, { status: 304, headers })
}
