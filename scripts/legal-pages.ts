// Writes the legal pages (/privacy, /terms, and /imprint when content/site.yaml sets one) into the
// built site as <name>/index.html, which the Node server, the proxies and the static hosts all
// serve at /<name> (docs/decisions/brand.md). They carry no inline code: every deployment's page
// CSP allows them as they are.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DEFAULT_LOCALE } from '../src/shared/content.ts'
import { legalPages } from '../src/server/features/legal/pages.tsx'
import { renderPage } from '../src/server/http/server-page.tsx'

/** Writes each page under `dir`; returns their paths, for the sitemap. */
export async function writeLegalPages(dir: string): Promise<string[]> {
  const written: string[] = []
  for (const [name, page] of Object.entries(legalPages(DEFAULT_LOCALE))) {
    await mkdir(join(dir, name), { recursive: true })
    await writeFile(join(dir, name, 'index.html'), renderPage(page))
    written.push(`/${name}`)
  }
  return written
}
