// Puts the server-rendered page into the built index.html, so visitors (and crawlers) get
// the whole page before any script runs; src/web/main.tsx then hydrates its islands.
import { createHash } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { precompress } from './precompress.ts'
import { headTags, robotsTxt, siteUrl, sitemapXml, webManifest } from './seo.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const indexPath = `${root}dist/client/index.html`
const entryPath = `${root}dist/ssr/entry-server.js`

type Entry = { render: () => string; renderScreens: () => Record<string, string> }
const { render, renderScreens } = (await import(pathToFileURL(entryPath).href)) as Entry
const template = await readFile(indexPath, 'utf8')
const placeholder = '<!--app-->'
const seoPlaceholder = '<!--seo-->'
for (const p of [placeholder, seoPlaceholder])
  if (!template.includes(p)) throw new Error(`${indexPath} has no ${p} placeholder (already prerendered?)`)
const origin = siteUrl()

const html = render()
// The server sends a CSP without 'unsafe-inline': the markup must carry no inline styles or scripts.
const inline = html.match(/\sstyle="|<script(?![^>]*type="application\/ld\+json")|<style/)
if (inline) throw new Error(`Prerendered markup contains inline code (${inline[0].trim()}); the CSP would block it`)

// The hydration script must never delay the first paint, nor be counted in it: Lighthouse's
// simulation charges the largest paint with every request that started before it, so the
// 68 KB bundle fetched beside the stylesheet put the simulated LCP at ~1.7 s although the text
// painted with the first frame. A tiny deferred loader starts the bundle once the page has
// loaded and painted (load can come before the first frame; a timeout queued from an animation
// frame runs after it). Vite writes the entry's tag, so it is replaced here. Forms adopt what
// a visitor typed before the script arrived (src/web/ui/use-prehydration-input.ts).
const entryTag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/
const entry = template.match(entryTag)?.[1]
if (!entry) throw new Error('built index.html has no entry script tag in the expected form')
const loader = `addEventListener('load',function(){requestAnimationFrame(function(){setTimeout(function(){var s=document.createElement('script');s.type='module';s.src=${JSON.stringify(entry)};document.head.appendChild(s)})})})\n`
const loaderPath = `/assets/load-${createHash('sha256').update(loader).digest('hex').slice(0, 8)}.js`
await writeFile(`${root}dist/client${loaderPath}`, loader)
const page = template
  .replace(entryTag, `<script defer src="${loaderPath}" data-entry="${entry}"></script>`)
  .replace(seoPlaceholder, headTags(origin))
  .replace(placeholder, html)
await writeFile(indexPath, page)
await writeFile(`${root}dist/client/robots.txt`, robotsTxt(origin))
await writeFile(`${root}dist/client/sitemap.xml`, sitemapXml(origin, new Date()))
await writeFile(`${root}dist/client/site.webmanifest`, webManifest())
await mkdir(`${root}dist/client/screens`, { recursive: true })
for (const [id, svg] of Object.entries(renderScreens())) {
  await writeFile(`${root}dist/client/screens/${id}.svg`, `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`)
}
// The SSR bundle was only needed for this step; it is not served.
await rm(`${root}dist/ssr`, { recursive: true, force: true })

// Budget (issue 7): the scripts a first visit loads before any scrolling or tapping: the loader,
// the entry with the first view's islands, and whatever the entry imports statically. The other
// islands' chunks and the backend client are dynamic imports, fetched when needed.
const JS_BUDGET_GZIP = 70 * 1024
const firstView = new Set([loaderPath.slice(1), entry.slice(1)])
for (const file of firstView) {
  const code = await readFile(`${root}dist/client/${file}`, 'utf8')
  // Static imports only: `import{…}from"./x.js"` or `import"./x.js"`, never `import(…)`.
  for (const m of code.matchAll(/\bimport\s*(?:[^()'"`;]*?from\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g))
    firstView.add(`assets/${m[1]}`)
}
let jsBytes = 0
for (const file of firstView) jsBytes += gzipSync(await readFile(`${root}dist/client/${file}`), { level: 9 }).length
const styles = template.match(/rel="stylesheet"/g)?.length ?? 0
if (jsBytes > JS_BUDGET_GZIP || styles !== 1)
  throw new Error(
    `Budget exceeded: ${jsBytes} bytes of gzipped JS at load (max ${JS_BUDGET_GZIP}), ${styles} stylesheets (want 1)`,
  )
console.log(
  `first-view JS ${(jsBytes / 1024).toFixed(1)} KB gzipped in ${firstView.size} file(s), ${styles} stylesheet`,
)
console.log(`prerendered ${html.length} characters into ${indexPath} (site URL ${origin})`)

// Last, once every text file is final: .br and .gz copies for the server to send as they are.
const compressed = await precompress(`${root}dist/client`)
const sum = (k: 'raw' | 'br' | 'gz') => compressed.reduce((n, c) => n + c[k], 0)
console.log(`precompressed ${compressed.length} files: ${sum('raw')} bytes raw, ${sum('br')} brotli, ${sum('gz')} gzip`)
