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

/**
 * Writes each language's pages under `dir`, for the site at `origin` (scripts/seo.ts `siteUrl`);
 * returns the pages' names, for the sitemap.
 */
export async function writeLegalPages(dir: string, origin: string): Promise<LegalPageName[]> {
  const names = new Set<LegalPageName>()
  for (const locale of LOCALES)
    for (const [name, page] of Object.entries(
      legalPages(locale, (n) => headLinks((l) => `${origin}${legalPath(n, l)}`, locale)),
    ) as [LegalPageName, Parameters<typeof renderPage>[0]][]) {
      const folder = join(dir, legalPath(name, locale))
      await mkdir(folder, { recursive: true })
      await writeFile(join(folder, 'index.html'), renderPage(page))
      names.add(name)
    }
  return [...names]
}
