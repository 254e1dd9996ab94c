import { readFile } from 'node:fs/promises'
import { expect, test } from 'vitest'
import { dropUnreadVariables } from '../scripts/first-view.ts'

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
