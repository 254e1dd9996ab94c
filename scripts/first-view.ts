// What the prerender puts in the document so the first view paints from it alone (issue 22):
// the critical CSS inlined, the loader that starts the stylesheet and the script only after the
// first paint, and the sha256 hashes that let the CSP allow exactly these two inline blocks.
import { createHash } from 'node:crypto'
import beasties from 'beasties'
import type { InlineHashes } from '../src/server/http/security-policy.ts'

// beasties' types are a CommonJS-style `export default` (its package is not "type": "module"), so
// TypeScript sees the class as `.default`; at run time the ESM build's default export is the class.
const Beasties = ((beasties as unknown as { default?: unknown }).default ?? beasties) as typeof beasties.default

/** A CSP source for an inline block: its exact text, hashed. */
export const cspHash = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** Where the first view ends: at 390x844 and at 1440x900 it is the header and the hero. */
const BELOW_FIRST_VIEW = '<section id="features"'
/** What comes after the first view, hidden until the full stylesheet is there (see `pendingRule`). */
const BELOW = ['#features', '#cta', '#site-footer']

/**
 * The rules of the stylesheet that the first view's markup uses, from beasties (the maintained
 * fork of critters): each selector is matched against the prerendered header and hero,
 * pseudo-classes stripped. Only the first view, so the document arrives in the first round trip.
 */
export async function criticalCss(page: string, cssHref: string, clientDir: string): Promise<string> {
  const cut = page.indexOf(BELOW_FIRST_VIEW)
  if (cut < 0) throw new Error(`the page has no ${BELOW_FIRST_VIEW}: where does its first view end?`)
  const beasties = new Beasties({
    path: clientDir,
    publicPath: '/',
    pruneSource: false,
    compress: true,
    keyframes: 'critical',
    fonts: false,
    logLevel: 'warn',
  })
  const probe = `${page.slice(0, cut).replace('</head>', `<link rel="stylesheet" href="${cssHref}"></head>`)}</body></html>`
  const out = await beasties.process(probe)
  const styles = [...out.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!)
  if (styles.length !== 1 || !styles[0]) throw new Error(`beasties inlined ${styles.length} style blocks, want 1`)
  return styles[0] + pendingRule
}

/**
 * Until the full stylesheet has loaded, what follows the first view is laid out but not shown, so
 * a visitor who scrolls at once sees nothing rather than unstyled text. Only the loader sets the
 * attribute: without scripts the <noscript> stylesheet blocks rendering as before.
 */
const pendingRule = `[data-css-pending] :is(${BELOW.join(',')}){visibility:hidden}`

/**
 * The loader, inline at the end of the head. It adds the full stylesheet and the entry module once
 * the browser reports the first view painted, so no request but the document's can delay the
 * first or the largest paint, or be counted in them by Lighthouse's simulation. A first paint
 * may hold only the header (the parser yields), so "painted" is the Element Timing entry of the
 * first view's last text (`elementtiming="first-view"`, in the hero; entries are reported only
 * once the frame was presented); where Element Timing is missing, the first-contentful-paint
 * entry; where paint entries are missing too, `load` and a frame, as before. A second after the
 * first contentful paint, or at the visitor's first tap or key, it starts them anyway.
 */
export function loaderScript(entry: string, cssHref: string): string {
  return `(function(d,w){var r=d.documentElement,s=0,P=w.PerformanceObserver,t=P&&P.supportedEntryTypes||[];r.setAttribute('data-css-pending','');function done(){r.removeAttribute('data-css-pending')}function go(){if(s)return;s=1;var l=d.createElement('link');l.rel='stylesheet';l.href=${JSON.stringify(cssHref)};l.onload=l.onerror=done;d.head.appendChild(l);var m=d.createElement('script');m.type='module';m.src=${JSON.stringify(entry)};d.head.appendChild(m)}function on(type,f){new P(function(l,o){if(f(l.getEntries())){o.disconnect();go()}}).observe({type:type,buffered:true})}['pointerdown','keydown','touchstart'].forEach(function(e){w.addEventListener(e,go,{once:true,capture:true,passive:true})});if(t.indexOf('element')>=0)on('element',function(e){return e.some(function(x){return x.identifier==='first-view'})});if(t.indexOf('paint')>=0)on('paint',function(e){return e.some(function(x){if(x.name==='first-contentful-paint'){if(t.indexOf('element')<0)return 1;setTimeout(go,1000)}})});else w.addEventListener('load',function(){requestAnimationFrame(function(){setTimeout(go)})})})(document,window)`
}

/** The head's tags that replace Vite's stylesheet link and entry script, with their hashes. */
export async function firstViewHead(
  page: string,
  assets: { entry: string; css: string },
  clientDir: string,
): Promise<{ tags: string; hashes: InlineHashes }> {
  const style = await criticalCss(page, assets.css, clientDir)
  const script = loaderScript(assets.entry, assets.css)
  const tags = [
    `<style>${style}</style>`,
    // Without scripts nothing would add the stylesheet: there, it blocks rendering as before.
    `<noscript><link rel="stylesheet" href="${assets.css}"></noscript>`,
    `<script>${script}</script>`,
  ].join('\n    ')
  return { tags, hashes: { 'script-src': [cspHash(script)], 'style-src': [cspHash(style)] } }
}
