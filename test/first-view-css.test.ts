import { readFile } from 'node:fs/promises'
import { expect, test } from 'vitest'
import { dropUnreadVariables, initialValuesOnce, svgDataUrl, withoutInteractionStates } from '../scripts/first-view.ts'

// The critical CSS keeps only the custom properties something in it reads; the full
// stylesheet declares them all once it has loaded.
test('custom properties nothing reads go, with their @property rules; read ones stay, also through another', () => {
  const css =
    '@layer theme{:root{--font-sans:system-ui;--color-rose-500:red;--color-slate-50:#fff;--default-font-family:var(--font-sans);--unused-chain:var(--color-rose-500)}}' +
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
    '@property --tw-blur{syntax:"*";inherits:false}' +
    '@layer properties{*,:before,:after{--tw-shadow:0 0 #0000;--tw-blur:initial}}' +
    '@layer base{html{font-family:var(--default-font-family,sans-serif)}}' +
    '@layer utilities{.bg-slate-50{background-color:var(--color-slate-50)}.shadow{box-shadow:var(--tw-shadow)}}'
  const out = dropUnreadVariables(css)
  expect(out).toBe(
    '@layer theme{:root{--font-sans:system-ui;--color-slate-50:#fff;--default-font-family:var(--font-sans)}}' +
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
      '@layer properties{*,:before,:after{--tw-shadow:0 0 #0000}}' +
      '@layer base{html{font-family:var(--default-font-family,sans-serif)}}' +
      '@layer utilities{.bg-slate-50{background-color:var(--color-slate-50)}.shadow{box-shadow:var(--tw-shadow)}}',
  )
})

test('a rule left with no declarations goes too', () => {
  expect(dropUnreadVariables(':root{--a:1}.x{color:red}')).toBe('.x{color:red}')
})

// The page's one font list (the drawn screens and the badge inherit it) starts with the device's
// own face: each family before the first installed one is a synchronous request to the browser
// process inside the first layout (docs/decisions/perf-first-view.md, third round).
test('the font list starts with system-ui', async () => {
  const css = await readFile(new URL('../src/web/styles.css', import.meta.url), 'utf8')
  const list = /--font-sans:\s*([^;]+);/.exec(css)?.[1]
  expect(list?.split(',')[0]?.trim()).toBe('system-ui')
})

// Tailwind's initial values, once: the declarations every browser reads, not the @property
// rules that repeat them (the full stylesheet brings those).
test('@property rules the properties layer also declares go, and its @supports opens to every browser', () => {
  const css =
    '@layer properties{@supports ((-webkit-hyphens:none)){*,:before,:after{--tw-shadow:0 0 #0000;--tw-blur:initial}}}' +
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
    '@property --tw-blur{syntax:"*";inherits:false}' +
    '@property --tw-only-here{syntax:"<length>";inherits:false;initial-value:0}' +
    '.shadow{box-shadow:var(--tw-shadow)}'
  expect(initialValuesOnce(css)).toBe(
    '@layer properties{*,:before,:after{--tw-shadow:0 0 #0000;--tw-blur:initial}}' +
      '@property --tw-only-here{syntax:"<length>";inherits:false;initial-value:0}' +
      '.shadow{box-shadow:var(--tw-shadow)}',
  )
})

test('hover, focus and press rules leave the critical CSS; states the page starts in stay', () => {
  const css =
    '@layer utilities{.a{color:red}.hover\\:b:hover{color:blue}@media (hover:hover){.c:hover{color:green}}' +
    '.focus-visible\\:d:focus-visible{outline:2px}.e:enabled:active{scale:.98}.f:disabled{opacity:.6}' +
    '.g:hover,.g{color:pink}}'
  expect(withoutInteractionStates(css)).toBe(
    '@layer utilities{.a{color:red}.f:disabled{opacity:.6}.g:hover,.g{color:pink}}',
  )
})

test('an SVG data: URL keeps the drawing readable and decodes back to it', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg">\n  <path d="M1 1h2" fill="#6366f1"/><text>50% & ü $1</text></svg>'
  const url = svgDataUrl(svg)
  expect(url).toBe(
    "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'> <path d='M1 1h2' fill='%236366f1'/><text>50%25 %26 %C3%BC %241</text></svg>",
  )
  expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(
    svg.replace(/\s+/g, ' ').replaceAll('"', "'"),
  )
  // A drawing that already uses single quotes keeps its double ones, escaped.
  expect(svgDataUrl(`<svg a="x" b='y'/>`)).toBe("data:image/svg+xml,<svg a=%22x%22 b='y'/>")
})
