// Puts the server-rendered page into the built index.html, so visitors (and crawlers) get
// the whole page before any script runs; src/web/main.ts then arms its islands.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { INLINE_HASHES_FILE } from '../src/server/http/security-policy.ts'
import { DEFAULT_LOCALE, DIRECTIONS, LOCALES, SITE_TEXTS, type Locale } from '../src/shared/content.ts'
import { localeRoot } from '../src/shared/locales.ts'
import { budgetMode, budgetRecord, BUDGET_RECORD } from '../src/content/document-budget.ts'
import { contentDir, loadContent } from '../src/content/load.ts'
import { escapeHtml } from './html-placeholders.ts'
import { firstViewHead, svgDataUrl } from './first-view.ts'
import { checkDocumentBudget } from './document-budget.ts'
import { precompress } from './precompress.ts'
import { fillOriginIn } from './public-origin.ts'
import { writeLegalPages } from './legal-pages.ts'
import { ORIGIN_MARK } from '../src/server/http/public-origin.ts'
import { headTags, robotsTxt, siteUrl, sitemapXml, webManifest } from './seo.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
/** A favicon up to this size (an SVG drawing, not a picture inside one) goes into the document. */
const MAX_INLINE_FAVICON = 2048
const indexPath = `${root}dist/client/index.html`
const entryPath = `${root}dist/ssr/entry-server.js`

type Entry = { render: (locale: Locale) => string }
const { render } = (await import(pathToFileURL(entryPath).href)) as Entry
const template = await readFile(indexPath, 'utf8')
const placeholder = '<!--app-->'
const seoPlaceholder = '<!--seo-->'
for (const p of [placeholder, seoPlaceholder])
  if (!template.includes(p)) throw new Error(`${indexPath} has no ${p} placeholder (already prerendered?)`)
// Every document names the address as a mark, filled in at the end (scripts/public-origin.ts):
// the build's own address for the static hosts, and a record of where, for the Node server.
const origin = siteUrl()

// Nothing but the document may be requested before the first paint: Lighthouse's
// simulation charges the first and the largest paint with every request that ended before them.
// Vite's stylesheet link and entry script are replaced by the critical CSS, inline, and an
// inline loader that adds the stylesheet and the entry once the browser has painted; both are
// allowed by their sha256 hashes, written to csp-hashes.json for every place that sends the
// page's CSP (the Node server, scripts/static-host.ts). Forms adopt what a visitor typed before
// the script arrived (src/web/ui/use-prehydration-input.ts).
const entryTag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/
const cssTag = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/
const entry = template.match(entryTag)?.[1]
const css = template.match(cssTag)?.[1]
if (!entry || !css) throw new Error('built index.html has no entry script or stylesheet tag in the expected form')
// The browser fetches the tab's icon while the page loads, and under a busy CPU that request
// can come before the first paint, where Lighthouse's simulation counts it in the largest paint:
// the icon is the document's too, as a data: URL (img-src allows data:). dist/client/favicon.svg
// (made from content/brand/ by the build: scripts/brand-assets.ts) stays for the manifest. A
// PNG logo's favicon.svg carries the picture itself, too large for the first round trip: that one
// stays a link (docs/decisions/brand.md).
const faviconSvg = (await readFile(`${root}dist/client/favicon.svg`, 'utf8')).trim()
const favicon = faviconSvg.length <= MAX_INLINE_FAVICON ? svgDataUrl(faviconSvg) : '/favicon.svg'

/**
 * The built template in `locale`: Vite filled index.html's head with the default language's
 * texts (vite.config.ts), so another language swaps its own in. Each swap must find its text.
 */
function localised(locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return template
  const from = SITE_TEXTS[DEFAULT_LOCALE]
  const to = SITE_TEXTS[locale]
  const swaps: [string, string][] = [
    [
      `<html lang="${DEFAULT_LOCALE}" dir="${DIRECTIONS[DEFAULT_LOCALE]}">`,
      `<html lang="${locale}" dir="${DIRECTIONS[locale]}">`,
    ],
    [`<title>${escapeHtml(from.title)}</title>`, `<title>${escapeHtml(to.title)}</title>`],
    [
      `<meta name="description" content="${escapeHtml(from.description)}"`,
      `<meta name="description" content="${escapeHtml(to.description)}"`,
    ],
  ]
  let html = template
  for (const [a, b] of swaps) {
    if (!html.includes(a)) throw new Error(`${indexPath} has no ${a} to put the ${locale} page's text in`)
    html = html.replace(a, b)
  }
  return html
}

/** Each language's page (`/` for the default, `/<lang>/` for the others); one loader script for all. */
const pages: { locale: Locale; path: string; page: string }[] = []
const styleHashes = new Set<string>()
let scriptHashes: string[] = []
for (const locale of LOCALES) {
  const html = render(locale)
  // The server sends a CSP without 'unsafe-inline': the markup must carry no inline styles or scripts.
  const inline = html.match(/\sstyle="|<script(?![^>]*type="application\/ld\+json")|<style/)
  if (inline) throw new Error(`Prerendered markup contains inline code (${inline[0].trim()}); the CSP would block it`)
  const bare = localised(locale)
    .replace(entryTag, '')
    .replace(cssTag, '')
    .replace(seoPlaceholder, headTags(ORIGIN_MARK, locale))
    .replace(placeholder, html)
  const firstView = await firstViewHead(bare, { entry, css }, `${root}dist/client`)
  const page = bare
    .replace('<link rel="icon" href="/favicon.svg"', `<link rel="icon" href="${favicon}"`)
    .replace('</head>', `  ${firstView.tags}\n  </head>`)
  if (!page.includes(favicon)) throw new Error('index.html has no <link rel="icon" href="/favicon.svg">')
  // Each page's critical CSS is its own (its texts differ); the CSP allows every language's.
  for (const h of firstView.hashes['style-src']) styleHashes.add(h)
  scriptHashes = firstView.hashes['script-src']
  const path = locale === DEFAULT_LOCALE ? indexPath : `${root}dist/client${localeRoot(locale)}index.html`
  pages.push({ locale, path, page })
  console.log(`prerendered ${html.length} characters of the ${locale} page into ${path}`)
}
const hashes = { 'script-src': scriptHashes, 'style-src': [...styleHashes] }
await writeFile(`${root}dist/client/${INLINE_HASHES_FILE}`, `${JSON.stringify(hashes, null, 2)}\n`)
for (const { path, page } of pages) {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, page)
}
await writeFile(`${root}dist/client/robots.txt`, robotsTxt(ORIGIN_MARK))
const legal = await writeLegalPages(`${root}dist/client`, ORIGIN_MARK)
await writeFile(`${root}dist/client/sitemap.xml`, sitemapXml(ORIGIN_MARK, new Date(), legal))
await writeFile(`${root}dist/client/site.webmanifest`, webManifest())
// The SSR bundle was only needed for this step; it is not served.
await rm(`${root}dist/ssr`, { recursive: true, force: true })

// Budget (docs/decisions/perf-first-view.md): the scripts a first visit loads before any scrolling or tapping: the
// inline loader, the entry (which only arms the islands) and whatever it imports statically.
// React and the islands' chunks are dynamic imports, fetched when an island is first needed.
const JS_BUDGET_GZIP = 70 * 1024
const firstViewJs = new Set([entry.slice(1)])
for (const file of firstViewJs) {
  const code = await readFile(`${root}dist/client/${file}`, 'utf8')
  // Static imports only: `import{…}from"./x.js"` or `import"./x.js"`, never `import(…)`.
  for (const m of code.matchAll(/\bimport\s*(?:[^()'"`;]*?from\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g))
    firstViewJs.add(`assets/${m[1]}`)
}
let filesBytes = 0
for (const file of firstViewJs)
  filesBytes += gzipSync(await readFile(`${root}dist/client/${file}`), { level: 9 }).length
// Every language's page loads the same entry; only its own document differs. The /de/ page's
// first view may cost at most 1 KB of script more than the default's (docs/decisions/languages.md).
const firstViewBytes: number[] = []
for (const { locale, page } of pages) {
  const jsBytes = gzipSync(page.match(/<script>([\s\S]*?)<\/script>/)![1]!, { level: 9 }).length + filesBytes
  const blocking = page.slice(0, page.indexOf('</head>')).replace(/<noscript>[\s\S]*?<\/noscript>/g, '')
  const external = blocking.match(/<link[^>]+rel="stylesheet"|<script[^>]+src=/g) ?? []
  if (jsBytes > JS_BUDGET_GZIP || external.length > 0)
    throw new Error(
      `Budget exceeded (${locale}): ${jsBytes} bytes of gzipped JS at load (max ${JS_BUDGET_GZIP}), ${external.length} stylesheet or script requests in the head (want 0)`,
    )
  if (firstViewBytes.length && jsBytes > firstViewBytes[0]! + 1024)
    throw new Error(
      `the ${locale} page's first view loads ${jsBytes - firstViewBytes[0]!} bytes more script than the default's`,
    )
  firstViewBytes.push(jsBytes)
  console.log(
    `first-view JS (${locale}) ${(jsBytes / 1024).toFixed(1)} KB gzipped: the inline loader and ${firstViewJs.size} file(s)`,
  )
}
const filled = await fillOriginIn(`${root}dist/client`, origin)
console.log(
  `the site's address, ${origin}, in ${Object.keys(filled.files).length} files (the server's PUBLIC_URL replaces it)`,
)
// Last, once every text file is final: .br and .gz copies for the server to send as they are.
const compressed = await precompress(`${root}dist/client`)
const sum = (k: 'raw' | 'br' | 'gz') => compressed.reduce((n, c) => n + c[k], 0)
console.log(`precompressed ${compressed.length} files: ${sum('raw')} bytes raw, ${sum('br')} brotli, ${sum('gz')} gzip`)

// Each language's document against the first round trip's budget: a gate for the repository's
// demo in CI, a warning with the levers for a founder's content (docs/decisions/document-budget.md).
// The sizes are recorded for `content:check`'s estimate.
const documents = pages.map(({ locale, path }) => ({
  locale,
  page: localeRoot(locale),
  br: compressed.find((c) => c.file === path)!.br,
}))
const content = loadContent(contentDir()).content
if (content)
  await writeFile(`${root}${BUDGET_RECORD}`, `${JSON.stringify(budgetRecord(content, documents), null, 2)}\n`)
checkDocumentBudget(documents, budgetMode())
