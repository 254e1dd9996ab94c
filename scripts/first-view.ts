// What the prerender puts in the document so the first view paints from it alone:
// the critical CSS inlined, the loader that starts the stylesheet and the script only after the
// first paint, and the sha256 hashes that let the CSP allow exactly these two inline blocks.
import { createHash } from 'node:crypto'
import beasties from 'beasties'
import postcss from 'postcss'
import type { InlineHashes } from '../src/server/http/security-policy.ts'
import { HONEYPOT_CLASS } from '../src/shared/honeypot-field.ts'
import { SCREEN, SCREEN_IDS, type ScreenId } from '../src/shared/screens.ts'

// beasties' types are a CommonJS-style `export default` (its package is not "type": "module"), so
// TypeScript sees the class as `.default`; at run time the ESM build's default export is the class.
const Beasties = ((beasties as unknown as { default?: unknown }).default ?? beasties) as typeof beasties.default

/** A CSP source for an inline block: its exact text, hashed. */
export const cspHash = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** Where the first view ends: at 390x844 and at 1440x900 it is the header and the hero. */
const BELOW_FIRST_VIEW = '<section id="features"'
/**
 * What the first layout skips (the first layout held 450-600 objects, mostly the hero's
 * three drawn screens, and Lighthouse charges the first paint with it four times over): each part,
 * by the token the loader takes out of <html data-hold> when the part may be laid out.
 */
const HELD = {
  // In the order they are shown, one per frame, once the full stylesheet has loaded. Not before
  // it: its restyle (every element not held, against all its rules) would then include the
  // screens' 250 elements, and be a long task of its own.
  ...(Object.fromEntries(SCREEN_IDS.map((id) => [id, `[data-screen=${id}]`])) as Record<ScreenId, string>),
  features: '#features',
  cta: '#cta',
  footer: '#site-footer',
}
const SHOWN = Object.keys(HELD)
/**
 * How long the held parts wait for the full stylesheet. A request that neither loads nor fails
 * (a stalled connection, a proxy that never answers) would otherwise keep the sign-up form
 * hidden until the browser gives up, minutes later; shown unstyled, it still works.
 */
export const SHOW_ANYWAY_MS = 5000

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
    // Below the first view, but hidden also when the held parts are shown without the stylesheet.
    allowRules: [`.${HONEYPOT_CLASS}`],
    logLevel: 'warn',
  })
  const probe = `${page.slice(0, cut).replace('</head>', `<link rel="stylesheet" href="${cssHref}"></head>`)}</body></html>`
  const out = await beasties.process(probe)
  const styles = [...out.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!)
  if (styles.length !== 1 || !styles[0]) throw new Error(`beasties inlined ${styles.length} style blocks, want 1`)
  return dropUnreadVariables(styles[0]) + holdRule
}

/**
 * The critical CSS without the custom properties nothing in it reads (beasties keeps the theme's
 * `:root` whole, some 2.8 KB of colours and sizes the first view never uses), nor their @property
 * rules. The full stylesheet, loaded after the first paint, declares them all again. Repeated
 * until nothing more goes, since a dropped property may have been the only reader of another.
 */
export function dropUnreadVariables(css: string): string {
  const root = postcss.parse(css)
  for (;;) {
    const read = new Set([...root.toString().matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!))
    let dropped = 0
    root.walkDecls(/^--/, (decl) => {
      if (read.has(decl.prop)) return
      decl.remove()
      dropped++
    })
    root.walkAtRules('property', (rule) => {
      if (read.has(rule.params.trim())) return
      rule.remove()
      dropped++
    })
    if (!dropped) break
  }
  root.walkRules((rule) => {
    if (!rule.nodes.length) rule.remove()
  })
  return root.toString()
}

/**
 * A held part is not laid out or painted (`content-visibility: hidden`). A screen keeps its size
 * meanwhile from the aspect ratio its drawing has when shown (`auto` first, so that the shown
 * screen sizes exactly as without the rule); a section takes a screenful's height, so a visitor
 * who scrolls at once sees empty space rather than unstyled text. Only the loader sets the
 * attribute: without scripts nothing is held, and the <noscript> stylesheet blocks rendering as
 * before.
 *
 * No form control transitions while anything is held. Chromium's form autofill styles the held
 * controls before the full stylesheet has arrived (browser defaults: a grey field, a black border),
 * so when their part is shown their colours change, and `transition-colors` would animate that
 * change: a visible fade from grey, and 150 ms of frames competing with the rest of the reveal.
 * Named elements, not `*`: taking the attribute away then restyles those alone, not the page.
 */
const holdRule =
  `${Object.entries(HELD)
    .map(([token, selector]) => `[data-hold~=${token}] ${selector}`)
    .join(',')}{content-visibility:hidden}` +
  `[data-screen]{aspect-ratio:auto ${SCREEN.width}/${SCREEN.height}}` +
  `[data-hold] :is(${HELD.features},${HELD.cta},${HELD.footer}){contain-intrinsic-size:auto 100vh}` +
  `[data-hold] :is(input,textarea,select,button){transition:none!important}`

/**
 * The loader, inline at the end of the head. It adds the full stylesheet and the entry module once
 * the browser reports the first view painted, so no request but the document's can delay the
 * first or the largest paint, or be counted in them by Lighthouse's simulation. A first paint
 * may hold only the header (the parser yields), so "painted" is the Element Timing entry of the
 * first view's last text (`elementtiming="first-view"`, in the hero; entries are reported only
 * once the frame was presented); where Element Timing is missing, the first-contentful-paint
 * entry; where paint entries are missing too, `load` and a frame, as before. A second after the
 * first contentful paint, or at the visitor's first tap or key, it starts them anyway.
 *
 * Once the stylesheet has loaded (or failed to, or `SHOW_ANYWAY_MS` after it was requested), it
 * shows the held parts (`HELD`), one per frame: each step waits for a frame and then for the task
 * after it, so every part is laid out in a frame of its own and no main-thread task grows long
 * (TBT).
 */
export function loaderScript(entry: string, cssHref: string): string {
  return `(function(d,w){var r=d.documentElement,H='data-hold',s=0,q,P=w.PerformanceObserver,t=P&&P.supportedEntryTypes||[];r.setAttribute(H,${JSON.stringify(SHOWN.join(' '))});function next(){requestAnimationFrame(function(){setTimeout(function(){var x=q.shift(),v=r.getAttribute(H).split(' ').filter(function(y){return y!=x}).join(' ');v?r.setAttribute(H,v):r.removeAttribute(H);q.length&&next()})})}function show(){if(!q){q=${JSON.stringify(SHOWN)};next()}}function go(){if(s)return;s=1;var l=d.createElement('link');l.rel='stylesheet';l.href=${JSON.stringify(cssHref)};l.onload=l.onerror=show;setTimeout(show,${SHOW_ANYWAY_MS});d.head.appendChild(l);var m=d.createElement('script');m.type='module';m.src=${JSON.stringify(entry)};d.head.appendChild(m)}function on(type,f){new P(function(l,o){if(f(l.getEntries())){o.disconnect();go()}}).observe({type:type,buffered:true})}['pointerdown','keydown','touchstart'].forEach(function(e){w.addEventListener(e,go,{once:true,capture:true,passive:true})});if(t.indexOf('element')>=0)on('element',function(e){return e.some(function(x){return x.identifier==='first-view'})});if(t.indexOf('paint')>=0)on('paint',function(e){return e.some(function(x){if(x.name==='first-contentful-paint'){if(t.indexOf('element')<0)return 1;setTimeout(go,1000)}})});else w.addEventListener('load',function(){requestAnimationFrame(function(){setTimeout(go)})})})(document,window)`
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
