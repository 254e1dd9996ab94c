// The build's half of docs/decisions/public-url-at-run-time.md: the prerender writes the site's
// address as ORIGIN_MARK; this puts the build's address (scripts/seo.ts siteUrl) in its place in
// every file that holds it, for the static hosts, and records where, for the Node server, which
// puts PUBLIC_URL's there at start (src/server/http/public-site.ts).
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { fillOrigin, ORIGIN_MARK, PUBLIC_ORIGIN_FILE, type OriginRecord } from '../src/server/http/public-origin.ts'

const TEXT = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml)$/

/** Fills in `origin` in every text file under `dir` that holds the mark, and writes the record beside them. */
export async function fillOriginIn(dir: string, origin: string): Promise<OriginRecord> {
  const record: OriginRecord = { origin, files: {} }
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const paths = entries.filter((e) => e.isFile() && TEXT.test(e.name)).map((e) => join(e.parentPath, e.name))
  for (const path of paths.sort()) {
    const marked = await readFile(path, 'utf8')
    if (!marked.includes(ORIGIN_MARK)) continue
    const { text, slots } = fillOrigin(marked, origin)
    await writeFile(path, text)
    record.files[relative(dir, path).split(sep).join('/')] = slots
  }
  await writeFile(join(dir, PUBLIC_ORIGIN_FILE), `${JSON.stringify(record, null, 2)}\n`)
  return record
}
