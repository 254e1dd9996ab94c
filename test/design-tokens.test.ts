import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { PAGE_SCHEME, paletteOf, TOKEN_NAMES, TOKENS } from '../src/shared/design-tokens.ts'
import { THEME, themeColour } from '../src/shared/content.ts'
import { pageTokensCss, schemeTokensCss } from '../scripts/design-tokens.ts'
import { brandScale, toOklch } from '../scripts/brand-scale.ts'
import { menuOf, sunkenOf } from '../src/shared/theme-shades.ts'

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

test("a founder's palette changes the brand's roles and leaves the neutrals", () => {
  const theme = { ...THEME.light, brand: '#15803d', page: '#fffbeb' }
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
