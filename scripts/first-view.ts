// What the prerender puts in the document so the first view paints from it alone:
// the critical CSS inlined, the loader that starts the stylesheet and the script only after the
// first paint, and the sha256 hashes that let the CSP allow exactly these two inline blocks.
import { createHash } from 'node:crypto'
import beasties from 'beasties'
import postcss from 'postcss'
import type { InlineHashes } from '../src/server/http/security-policy.ts'
import { HONEYPOT_CLASS } from '../src/shared/honeypot-field.ts'

// beasties' types are a CommonJS-style `export default` (its package is not "type": "module"), so
// TypeScript sees the class as `.default`; at run time the ESM build's default export is the class.
const Beasties = ((beasties as unknown as { default?: unknown }).default ?? beasties) as typeof beasties.default

/** A CSP source for an inline block: its exact text, hashed. */
export const cspHash = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** Closed until asked for: their rules arrive with the full stylesheet, before anyone can open one. */
const DIALOGS = /<dialog\b[\s\S]*?<\/dialog>/g
/**
 * The rules of the stylesheet that the page's markup uses, from beasties (the maintained fork of
 * critters): each selector is matched against the prerendered page, its closed dialogs left out,
 * pseudo-classes stripped. The whole page, not only the first view: so it is all shown, styled,
 * from the document alone, whenever a tool captures it and whether or not the full stylesheet
 * ever arrives (docs/decisions/screenshots.md). The prerender's budget keeps the document within
 * the first round trip.
 */
export async function criticalCss(page: string, cssHref: string, clientDir: string): Promise<string> {
  const beasties = new Beasties({
    path: clientDir,
    publicPath: '/',
    pruneSource: false,
    compress: true,
    keyframes: 'critical',
    fonts: false,
    // The bot trap must stay out of sight even if no rule were found to match it.
    allowRules: [
      `.${HONEYPOT_CLASS}`,
      // Tailwind's sibling utilities (`space-x-*`, `divide-*`): beasties cannot match a selector
      // that is all pseudo-class, so it would drop them.
      /^:where\(/,
    ],
    logLevel: 'warn',
  })
  const probe = page.replace(DIALOGS, '').replace('</head>', `<link rel="stylesheet" href="${cssHref}"></head>`)
  const out = await beasties.process(probe)
  const styles = [...out.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!)
  if (styles.length !== 1 || !styles[0]) throw new Error(`beasties inlined ${styles.length} style blocks, want 1`)
  return dropUnreadVariables(initialValuesOnce(withoutInteractionStates(styles[0]))) + holdRule
}

const INTERACTION = /:(hover|focus|focus-visible|focus-within|active)\b/
/**
 * The critical CSS without the rules for a pointer's hover, focus and a press: nothing is in those
 * states before a visitor acts, and the loader fetches the full stylesheet (which has them) at the
 * first paint, or at once on a first tap or key, so they arrive before they can apply. About 200
 * bytes of brotli per document. Rules for states the page starts in (`:disabled`) stay.
 */
export function withoutInteractionStates(css: string): string {
  const root = postcss.parse(css)
  root.walkRules((rule) => {
    if (rule.selectors.every((s) => INTERACTION.test(s))) rule.remove()
  })
  root.walkAtRules((at) => {
    if (at.nodes && !at.nodes.length) at.remove()
  })
  return root.toString()
}

/**
 * Tailwind declares its `--tw-*` variables' initial values twice: as `@property` rules, and again
 * as `*, :before, :after` declarations in `@layer properties` behind an `@supports` that only
 * browsers without `@property` pass. For the document's first view one of the two is enough: the
 * declarations, for every browser (what older Safari and Firefox use anyway); the `@property`
 * rules arrive with the full stylesheet, which also registers them for transitions. A rule whose
 * variable the declarations lack stays. About 230 bytes of brotli per document.
 */
export function initialValuesOnce(css: string): string {
  const root = postcss.parse(css)
  const declared = new Set<string>()
  root.walkAtRules('layer', (layer) => {
    if (layer.params !== 'properties' || !layer.nodes) return
    layer.walkAtRules('supports', (supports) => {
      supports.replaceWith(supports.nodes ?? [])
    })
    layer.walkDecls(/^--/, (decl) => void declared.add(decl.prop))
  })
  root.walkAtRules('property', (rule) => {
    if (declared.has(rule.params.trim())) rule.remove()
  })
  return root.toString()
}

/**
 * An SVG as a `data:` URL that stays readable: double quotes become single ones (the URL sits in
 * a double-quoted attribute) and only what a URL or the attribute cannot hold is escaped (and `$`,
 * which a string replacement would read), so
 * brotli finds the same drawing the page's inline logo has. `encodeURIComponent` made every `<`,
 * `"` and space a three-byte escape that matched nothing.
 */
export function svgDataUrl(svg: string): string {
  const text = svg.trim().replace(/\s+/g, ' ')
  const quoted = text.includes("'") ? text : text.replaceAll('"', "'")
  return `data:image/svg+xml,${quoted.replace(/[^ -~]|["$%#&]/gu, (c) => encodeURIComponent(c))}`
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
 * Nothing is held back from view (docs/decisions/screenshots.md): what follows the hero is laid
 * out with the first view, and styled when the full stylesheet arrives, or shown without it if
 * it never does. So a capture at `load` (Chromium's --screenshot, a link preview) sees the whole
 * page.
 *
 * No form control transitions until the full stylesheet has loaded (`<html data-hold>`, set and
 * removed by the loader). Chromium's form autofill styles controls with browser defaults (a grey
 * field, a black border) before the stylesheet has arrived, so their colours change when it does,
 * and `transition-colors` would animate that change: a visible fade from grey.
 */
const holdRule = '[data-hold] :is(input,textarea,select,button){transition:none!important}'

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
 * Until the stylesheet has loaded (or failed to), `<html data-hold>` keeps form controls from
 * transitioning (the rule above). Nothing waits on it to be shown.
 */
export function loaderScript(entry: string, cssHref: string): string {
  return `(function(d,w){var r=d.documentElement,H='data-hold',s=0,P=w.PerformanceObserver,t=P&&P.supportedEntryTypes||[];r.setAttribute(H,'');function go(){if(s)return;s=1;var l=d.createElement('link');l.rel='stylesheet';l.href=${JSON.stringify(cssHref)};l.onload=l.onerror=function(){r.removeAttribute(H)};d.head.appendChild(l);var m=d.createElement('script');m.type='module';m.src=${JSON.stringify(entry)};d.head.appendChild(m)}function on(type,f){new P(function(l,o){if(f(l.getEntries())){o.disconnect();go()}}).observe({type:type,buffered:true})}['pointerdown','keydown','touchstart'].forEach(function(e){w.addEventListener(e,go,{once:true,capture:true,passive:true})});if(t.indexOf('element')>=0)on('element',function(e){return e.some(function(x){return x.identifier==='first-view'})});if(t.indexOf('paint')>=0)on('paint',function(e){return e.some(function(x){if(x.name==='first-contentful-paint'){if(t.indexOf('element')<0)return 1;setTimeout(go,1000)}})});else w.addEventListener('load',function(){requestAnimationFrame(function(){setTimeout(go)})})})(document,window)`
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
