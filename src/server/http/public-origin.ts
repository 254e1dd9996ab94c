import { z } from 'zod'

// The page's documents name the site's address: canonical and hreflang links, Open Graph and
// Twitter cards, JSON-LD, the sitemap, robots.txt. The build writes them for its own address
// (VITE_SITE_URL, else content's product.url), which static hosts serve as it is, and records
// where it put it; the Node server started with another PUBLIC_URL puts its own in those places,
// and only there: a founder's text that happens to hold the same address stays as written
// (docs/decisions/public-url-at-run-time.md).

/** The record beside the built page (dist/client), as csp-hashes.json is: public, like the pages. */
export const PUBLIC_ORIGIN_FILE = 'public-origin.json'

/**
 * What the build renders in place of the address, then replaces: an origin under a reserved
 * name (RFC 2606), so no founder's text or link holds it, and every step that handles a URL
 * handles it as it would the real one.
 */
export const ORIGIN_MARK = 'https://public-origin.invalid'

const OriginRecord = z.object({
  /** The address the build wrote. */
  origin: z.url({ protocol: /^https?$/ }),
  /** Each file that names it (path under the folder, with `/`), and the byte offset of each time it does. */
  files: z.record(z.string(), z.array(z.number().int().nonnegative())),
})
export type OriginRecord = z.infer<typeof OriginRecord>

export function parseOriginRecord(json: string): OriginRecord {
  return OriginRecord.parse(JSON.parse(json))
}

/** `marked` with `origin` at each ORIGIN_MARK, and the byte offset where each one begins. */
export function fillOrigin(marked: string, origin: string): { text: string; slots: number[] } {
  const parts = marked.split(ORIGIN_MARK)
  const slots: number[] = []
  let at = 0
  for (const part of parts.slice(0, -1)) {
    at += Buffer.byteLength(part)
    slots.push(at)
    at += Buffer.byteLength(origin)
  }
  return { text: parts.join(origin), slots }
}

/**
 * A built file's bytes with `to` in place of `from` at each slot. A slot that does not hold
 * `from` means the file changed after the build: an error that names it, never a wrong page.
 */
export function moveOrigin(
  body: Buffer,
  slots: readonly number[],
  from: string,
  to: string,
  file: string,
): Buffer<ArrayBuffer> {
  const old = Buffer.from(from)
  const chunks: Buffer[] = []
  let at = 0
  for (const slot of slots) {
    if (slot < at || !body.subarray(slot, slot + old.length).equals(old))
      throw new Error(`${file} does not hold ${from} where the build wrote it: rebuild the page (npm run build)`)
    chunks.push(body.subarray(at, slot), Buffer.from(to))
    at = slot + old.length
  }
  chunks.push(body.subarray(at))
  return Buffer.concat(chunks)
}
