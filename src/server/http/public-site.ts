import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { moveOrigin, parseOriginRecord, PUBLIC_ORIGIN_FILE } from './public-origin.ts'

/** A built file held in memory in place of the one on disk: its bytes and the built file's time. */
type HeldFile = { body: Buffer<ArrayBuffer>; mtime: Date }

/**
 * The built files that name the site's address, made for PUBLIC_URL at start, with their twins
 * (`index.html`, `index.html.br`, `index.html.gz`, `de/index.html`…: paths under the folder, with
 * `/`). A file held here is served from here only, its twins too, by the fast path and the chain
 * alike; an empty map serves the folder as it was built.
 */
export type PublicSite = ReadonlyMap<string, HeldFile>

/**
 * Brotli's quality for the twins made at start. 11, the build's, keeps the bytes on the wire
 * exactly what the document budget measured; it costs tens of milliseconds a page, on the
 * libuv pool, beside the database's start (docs/BENCHMARKS.md, "Start with PUBLIC_URL").
 */
const BROTLI_QUALITY = 11
const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

export type LoadedSite = {
  files: PublicSite
  /** What was done, for the start-up log line. */
  note: { from?: string; to?: string; documents: number; ms: number; reason?: string }
}

/**
 * The site in `dir` for `origin` (PUBLIC_URL's; undefined when unset: the documents keep the
 * build's address). Each file the build's record names is rewritten and compressed again, as
 * scripts/precompress.ts does (a twin only when smaller). No record (a build from before, or no
 * build): nothing to rewrite, and the note says why.
 */
export async function loadPublicSite(dir: string, origin: string | undefined): Promise<LoadedSite> {
  const started = performance.now()
  const files = new Map<string, HeldFile>()
  const done = (note: Omit<LoadedSite['note'], 'ms'>): LoadedSite => ({
    files,
    note: { ...note, ms: Math.round(performance.now() - started) },
  })
  if (origin === undefined) return done({ documents: 0, reason: 'PUBLIC_URL unset: the build’s address stays' })
  let json: string
  try {
    json = await readFile(join(dir, PUBLIC_ORIGIN_FILE), 'utf8')
  } catch {
    return done({ to: origin, documents: 0, reason: `no ${PUBLIC_ORIGIN_FILE} in the built page` })
  }
  const record = parseOriginRecord(json)
  if (record.origin === origin)
    return done({ from: record.origin, to: origin, documents: 0, reason: 'PUBLIC_URL is the build’s' })
  await Promise.all(
    Object.entries(record.files).map(async ([name, slots]) => {
      const path = join(dir, name)
      const [built, info] = await Promise.all([readFile(path), stat(path)])
      const body = moveOrigin(built, slots, record.origin, origin, name)
      const [br, gzipped] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gz(body, { level: 9 }),
      ])
      const mtime = info.mtime
      files.set(name, { body, mtime })
      if (br.length < body.length) files.set(`${name}.br`, { body: br, mtime })
      if (gzipped.length < body.length) files.set(`${name}.gz`, { body: gzipped, mtime })
    }),
  )
  return done({ from: record.origin, to: origin, documents: Object.keys(record.files).length })
}
