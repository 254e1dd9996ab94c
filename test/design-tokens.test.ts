import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { PAGE_SCHEME, paletteOf, TOKEN_NAMES, TOKENS } from '../src/shared/design-tokens.ts'
import { THEME, themeColour } from '../src/shared/content.ts'
import { pageTokensCss, schemeTokensCss } from '../scripts/design-tokens.ts'
import { brandScale, toOklch } from '../scripts/brand-scale.ts'
import { menuOf, sunkenOf } from '../src/shared/theme-shades.ts'
import { contentDir, loadContent } from '../src/content/load.ts'

// The design tokens come from the founder's theme (content/site.yaml) and the fixed neutrals of
// src/shared/design-tokens.ts; the stylesheets the page, the console and the server pages import
// are generated from them at build (docs/decisions/brand.md).

const read = (file: string) => readFile(new URL(`../${file}`, import.meta.url), 'utf8')

test("the theme's colours fill the tokens of both schemes", () => {
  for (const scheme of ['light', 'dark'] as const) {
    const theme = THEME[scheme]
    expect(TOKENS[scheme]).toMatchObject({
      page: theme.page,
      surface: theme.surface,
      fg: theme.text,
      'fg-muted': theme.muted,
      border: theme.border,
      brand: theme.brand,
      accent: theme.accent,
      link: theme.link,
      danger: theme.danger,
    })
  }
  expect(PAGE_SCHEME).toBe(THEME.pageScheme)
})

test('every token has a value in both schemes, as a CSS variable in each stylesheet', () => {
  const [light, dark] = schemeTokensCss().split('@media (prefers-color-scheme: dark)')
  const page = pageTokensCss()
  for (const name of TOKEN_NAMES) {
    expect(light).toContain(`--color-${name}: ${TOKENS.light[name]};`)
    expect(dark).toContain(`--color-${name}: ${TOKENS.dark[name]};`)
    expect(page).toContain(`--color-${name}: ${TOKENS[PAGE_SCHEME][name]};`)
  }
  const palette = TOKENS[PAGE_SCHEME]
  for (const [name, value] of Object.entries(brandScale(palette.brand, palette.accent)))
    expect(page).toContain(`--color-${name}: ${value};`)
})

test("the brand's steps take a founder's hue, and give the demo's colours Tailwind's palette back", () => {
  const green = '#15803d'
  const greenHue = toOklch(green)[2]
  const scale = brandScale(green, '#0f766e')
  for (const step of ['brand-300', 'brand-600', 'brand-950']) {
    const [, hue] = /oklch\(\S+ \S+ (\S+)\)/.exec(scale[step]!)!
    expect(Math.abs(Number(hue) - greenHue), step).toBeLessThan(6)
  }
  // Tailwind 4's indigo-600 and violet-700, which the page used before it had a brand.
  const demo = brandScale('#4f46e5', '#6d28d9')
  expect(demo['brand-600']).toBe('oklch(.511 .262 277)')
  expect(demo['accent-700']).toBe('oklch(.491 .27 292.6)')
})

test("a light brand keeps its lightness where it is a fill, and the page's ink and grounds keep theirs", () => {
  const yellow = '#facc15'
  const [yellowL, , yellowHue] = toOklch(yellow)
  const lch = (value: string) =>
    /oklch\(([\d.]+) ([\d.]+) ([\d.]+)/.exec(value)!.slice(1).map(Number) as [number, number, number]
  for (const scheme of ['dark', 'light'] as const) {
    const scale = brandScale(yellow, '#f59e0b', scheme)
    // The button's start is the founder's yellow, not an ochre at indigo's lightness (.511).
    const [l600, , h600] = lch(scale['brand-600']!)
    expect(Math.abs(l600 - yellowL)).toBeLessThan(0.01)
    expect(Math.abs(h600 - yellowHue)).toBeLessThan(6)
    // Fills stay in order: lighter steps above, the hover's darker one below.
    expect(lch(scale['brand-500']!)[0]).toBeGreaterThan(l600)
    expect(lch(scale['brand-700']!)[0]).toBeLessThan(l600)
    expect(lch(scale['brand-700']!)[0]).toBeGreaterThan(0.6)
  }
  // Text drawn with a tint, and the panels text sits on, keep the reference's lightness.
  const dark = brandScale(yellow, '#f59e0b', 'dark')
  expect(lch(dark['brand-300']!)[0]).toBe(0.785)
  expect(lch(dark['brand-panel']!)[0]).toBe(0.237)
  expect(lch(brandScale(yellow, '#f59e0b', 'light')['brand-300']!)[0]).toBe(0.457)
})

test('the text on the brand: white on the demo, the dark text on a yellow brand, or as set', () => {
  // The demo's theme (test/fixtures/demo, which vitest.config.ts names), as test/fixture-brand.test.ts reads it.
  expect(paletteOf(loadContent(contentDir()).content!.theme, 'light')['on-brand']).toBe('#ffffff')
  const yellow = { ...THEME, light: { ...THEME.light, brand: '#facc15', accent: '#f59e0b' } }
  expect(paletteOf(yellow, 'light')['on-brand']).toBe(THEME.light.text)
  const forced = { ...yellow, light: { ...yellow.light, onBrand: 'light' as const } }
  expect(paletteOf(forced, 'light')['on-brand']).toBe('#ffffff')
  expect(paletteOf(yellow, 'light')['on-danger']).toBe('#ffffff')
  // A gradient's far end is the accent; solid buttons end where they start.
  expect(paletteOf(yellow, 'light')['button-end']).toBe('#f59e0b')
  const mint = { ...THEME, light: { ...THEME.light, brand: '#6ee7b7', accent: '#111827' } }
  expect(paletteOf(mint, 'light')).toMatchObject({
    'button-end': '#6ee7b7',
    'on-brand': THEME.light.text,
    'on-accent': '#ffffff',
  })
})

test("a founder's palette changes the brand's roles and leaves the neutrals", () => {
  const theme = { ...THEME, light: { ...THEME.light, brand: '#15803d', accent: '#0f766e', page: '#fffbeb' } }
  const palette = paletteOf(theme, 'light')
  expect(palette.brand).toBe('#15803d')
  expect(palette.page).toBe('#fffbeb')
  expect(palette.focus).toBe('#15803d')
  expect(palette['on-brand']).toBe('#ffffff')
})

test('each surface imports the tokens: the page its scheme, the console and the server pages both', async () => {
  expect(await read('src/web/styles.css')).toContain("@import '../ui/tokens-page.css';")
  expect(await read('src/console/console.css')).toContain("@import '../ui/tokens.css';")
  expect(await read('src/server/http/server-page.css')).toContain("@import '../../ui/tokens.css';")
})

test("the landing page draws no colour from Tailwind's indigo, violet, purple or fuchsia, only from the brand", async () => {
  const root = new URL('../src/web/', import.meta.url)
  const files = (await readdir(root, { recursive: true })).filter(
    (f) => /\.(tsx|css)$/.test(f) && !f.includes('screens') && !f.includes('.test.'),
  )
  expect(files.length).toBeGreaterThan(10)
  for (const file of files) {
    const text = await readFile(join(root.pathname, file), 'utf8')
    expect(text, file).not.toMatch(/\b(indigo|violet|purple|fuchsia)-\d/)
  }
})

test("the browser's theme colour is the page's background", () => {
  expect(themeColour()).toBe(TOKENS[PAGE_SCHEME].page)
})

// The footer's ground and the select's menu are tokens like every colour of the page, derived from
// the theme: no literal colour is left for them in the page's markup or stylesheet.
test("the footer and the select's menu take their colours from tokens derived from the theme", async () => {
  for (const scheme of ['light', 'dark'] as const) {
    expect(TOKENS[scheme].sunken).toBe(sunkenOf(THEME[scheme].page, scheme))
    expect(TOKENS[scheme].menu).toBe(menuOf(THEME[scheme].surface, scheme))
  }
  // A founder's darker page gives a darker footer.
  expect(sunkenOf('#202020', 'dark')).toBe('#171717')
  const footer = await read('src/web/sections/site-footer.tsx')
  expect(footer).toContain('bg-sunken')
  expect(footer).not.toMatch(/\[#[0-9a-f]{3,6}\]/i)
  const option = /\.select-control option \{([^}]*)\}/.exec(await read('src/web/styles.css'))![1]!
  expect(option).not.toMatch(/#[0-9a-f]{3,6}\b|rgb\(/i)
  expect(option).toContain('var(--color-menu)')
})
