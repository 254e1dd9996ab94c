// Writes the legal pages (/privacy, /terms, and /imprint when content/site.yaml sets one) into the
// built site as <name>/index.html for the default language and <lang>/<name>/index.html for each
// other, which the Node server, the proxies and the static hosts all serve at /<name> and
// /<lang>/<name> (docs/decisions/brand.md, docs/decisions/languages.md). They carry no inline
// code: every deployment's page CSP allows them as they are. Each names its canonical URL and its
// other languages' versions (absolute, from the site's origin), as the landing pages do.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { LOCALES } from '../src/shared/content.ts'
import { legalPath, type LegalPageName } from '../src/shared/locales.ts'
import { legalPages } from '../src/server/features/legal/pages.tsx'
import { renderPage } from '../src/server/http/server-page.tsx'
import { headLinks } from './seo.ts'

/** Each language's legal pages for the site at `origin`: their paths and documents (the dev server serves these). */
export function legalDocuments(origin: string): { name: LegalPageName; path: string; html: string }[] {
  const documents: { name: LegalPageName; path: string; html: string }[] = []
  for (const locale of LOCALES)
    for (const [name, page] of Object.entries(
      legalPages(locale, (n) => headLinks((l) => `${origin}${legalPath(n, l)}`, locale)),
    ) as [LegalPageName, Parameters<typeof renderPage>[0]][])
      documents.push({ name, path: legalPath(name, locale), html: renderPage(page) })
  return documents
}

/**
 * Writes each language's pages under `dir`, for the site at `origin` (scripts/seo.ts `siteUrl`);
 * returns the pages' names, for the sitemap.
 */
export async function writeLegalPages(dir: string, origin: string): Promise<LegalPageName[]> {
  const names = new Set<LegalPageName>()
  for (const { name, path, html } of legalDocuments(origin)) {
    const folder = join(dir, path)
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, 'index.html'), html)
    names.add(name)
  }
  return [...names]
}
