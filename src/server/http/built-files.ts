import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress'
import {
  INLINE_HASHES_FILE,
  headersForPath,
  LANDING_PATHS,
  OPENER_POLICY,
  pageSecurityHeaders,
  parseInlineHashes,
  type InlineHashes,
} from './security-policy.ts'
import { contentTypeOf } from './content-type.ts'
import { localeOfPath } from '../../shared/locales.ts'
import type { PublicSite } from './public-site.ts'
import { cacheControl, isDocument, TWIN_ENCODINGS, weakEtag } from './static.ts'

type Encoding = (typeof TWIN_ENCODINGS)[number][0]

/** One representation of a file: its bytes and the headers of its 200, over HTTP and HTTPS. */
export type Variant = {
  encoding: Encoding | undefined
  body: Buffer
  lastModified: string
  etag: string
  /** The 200's headers, lower-case names in Headers' (sorted) order. */
  pairs: { http: [string, string][]; https: [string, string][] }
  /** The same as flat [name, value, …] lists for writeHead, and the 304's. */
  ok: { http: string[]; https: string[] }
  notModified: { http: string[]; https: string[] }
}

/** A path the built page answers: the plain file and its twins, best first. */
export type BuiltFile = {
  /** text/* and the other types hono/compress would gzip on the fly. */
  compressible: boolean
  /** An HTML page (what a visit counter counts). */
  document: boolean
  plain: Variant
  twins: Partial<Record<Encoding, Variant>>
}

type LoadOptions = {
  dir: string
  extraConnect: readonly string[]
  /** Paths a route of the app answers before the static files: never taken from memory. */
  claimed: (path: string) => boolean
  /** The files made for PUBLIC_URL at start (public-site.ts): each, and its twins, instead of the folder's. */
  site?: PublicSite
}

/**
 * Reads the built page (dist/client) into memory with the headers of each answer computed once,
 * exactly as src/server/http/static.ts and the security-headers middleware make them (the
 * differential test, fast-path.test.ts, compares the two on the wire). Read at start only:
 * a rebuilt folder needs a restart (docs/deploy.md), as the CSP's inline hashes already did.
 * No folder, or a csp-hashes.json that does not parse: an empty table, and the app answers.
 */
export async function loadBuiltFiles(options: LoadOptions): Promise<Map<string, BuiltFile>> {
  const table = new Map<string, BuiltFile>()
  let names: string[]
  let inline: InlineHashes | undefined
  try {
    names = await filesUnder(options.dir)
  } catch {
    return table
  }
  if (names.includes(INLINE_HASHES_FILE)) {
    try {
      inline = parseInlineHashes(await readFile(join(options.dir, INLINE_HASHES_FILE), 'utf8'))
    } catch {
      return table
    }
  }
  const security = {
    http: pageSecurityHeaders({ https: false, extraConnect: options.extraConnect, inline }),
    https: pageSecurityHeaders({ https: true, extraConnect: options.extraConnect, inline }),
  }
  const present = new Set(names)
  const source = sourceOf(options, present)
  for (const name of names) {
    const twin = TWIN_ENCODINGS.find(([, ext]) => name.endsWith(ext) && present.has(name.slice(0, -ext.length)))
    // A twin is how its plain file is sent, never a file of its own (static.ts isCompressedTwin).
    if (twin) continue
    const urlPath = `/${name.split(sep).join('/')}`
    const paths = [urlPath]
    // serveStatic answers a folder with its index.html, with or without the trailing slash.
    if (urlPath === '/index.html' || urlPath.endsWith('/index.html')) {
      const folder = urlPath.slice(0, -'index.html'.length)
      paths.push(folder, ...(folder === '/' ? [] : [folder.slice(0, -1)]))
    }
    for (const path of paths) {
      if (options.claimed(path)) continue
      table.set(path, await builtFile(name, path, source, security))
    }
  }
  return table
}

/** Where a file's bytes come from: the site made at start when it holds the file, else the folder. */
type Source = {
  has: (file: string, plain: string) => boolean
  read: (file: string, plain: string) => Promise<{ body: Buffer; mtime: Date }>
}

function sourceOf(options: LoadOptions, present: Set<string>): Source {
  const key = (file: string) => file.split(sep).join('/')
  const held = (plain: string) => options.site?.has(key(plain)) === true
  return {
    // A file held in memory has only the twins made with it: the folder's were made for another address.
    has: (file, plain) => (held(plain) ? options.site!.has(key(file)) : present.has(file)),
    read: async (file, plain) => {
      if (held(plain)) return options.site!.get(key(file))!
      const [body, info] = await Promise.all([readFile(join(options.dir, file)), stat(join(options.dir, file))])
      return { body, mtime: info.mtime }
    },
  }
}

async function builtFile(
  name: string,
  path: string,
  source: Source,
  security: { http: [string, string][]; https: [string, string][] },
): Promise<BuiltFile> {
  const mime = contentTypeOf(name.split(sep).join('/'))
  const type = mime ?? 'application/octet-stream'
  const compressible = COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)
  // serveStatic looks for twins of text and of unknown types.
  const twinnable = !mime || type === 'application/octet-stream' || compressible
  const landing = LANDING_PATHS.includes(path)
  const document = isDocument(type)
  const variant = async (file: string, encoding: Encoding | undefined): Promise<Variant> => {
    const { body, mtime } = await source.read(file, name)
    const lastModified = mtime.toUTCString()
    const etag = weakEtag(body.length, lastModified, encoding ?? 'identity')
    const own: [string, string][] = [
      ['cache-control', cacheControl(path, type)],
      ['content-length', String(body.length)],
      ['content-type', type],
      ['etag', etag],
      ['last-modified', lastModified],
    ]
    if (document) own.push(['content-language', localeOfPath(path)])
    if (encoding) own.push(['content-encoding', encoding])
    if (encoding || compressible) own.push(['vary', 'Accept-Encoding'])
    const lists = (secure: boolean) => {
      const all = [...own, ...headersForPath(path, secure ? security.https : security.http)]
      if (!landing) all.push(OPENER_POLICY)
      const sorted = all.map(([k, v]): [string, string] => [k.toLowerCase(), v]).sort(([a], [b]) => (a < b ? -1 : 1))
      const unchanged = sorted.filter(([k]) => !['content-length', 'content-encoding', 'content-type'].includes(k))
      return { pairs: sorted, ok: sorted.flat(), notModified: unchanged.flat() }
    }
    const http = lists(false)
    const https = lists(true)
    return {
      encoding,
      body,
      lastModified,
      etag,
      pairs: { http: http.pairs, https: https.pairs },
      ok: { http: http.ok, https: https.ok },
      notModified: { http: http.notModified, https: https.notModified },
    }
  }
  const twins: BuiltFile['twins'] = {}
  if (twinnable)
    for (const [encoding, ext] of TWIN_ENCODINGS)
      if (source.has(name + ext, name)) twins[encoding] = await variant(name + ext, encoding)
  return { compressible, document, plain: await variant(name, undefined), twins }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort()
}
