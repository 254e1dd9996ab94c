import type { Theme, ThemePalette } from './content-types.ts'
import { linearRgbOf, oklabOf, toLinear } from './oklab.ts'
import { parseColour } from './theme-shades.ts'

export { parseColour }

// WCAG 2.x contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio) for the theme's colours.

type Rgba = ReturnType<typeof parseColour>

/** A translucent colour as it shows over an opaque background. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a)
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 }
}

function luminance({ r, g, b }: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** The contrast ratio of `fg` on `bg` (1 to 21); a translucent background is taken over white. */
export function contrastRatio(fg: string, bg: string): number {
  const back = over(parseColour(bg), { r: 255, g: 255, b: 255, a: 1 })
  const [l1, l2] = [luminance(over(parseColour(fg), back)), luminance(back)]
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05)
}

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5

/** The light text on brand and accent. */
const LIGHT_ON_BRAND = '#ffffff'

/**
 * The two texts a founder chooses between on the brand and accent (theme.<scheme>.onBrand and
 * onAccent): white, or the light scheme's text colour, the theme's own dark ink (a warm brand keeps
 * its warm text).
 */
export function onBrandChoices(theme: Theme): { light: string; dark: string } {
  return { light: LIGHT_ON_BRAND, dark: theme.light.text }
}

type BrandColour = 'brand' | 'accent'
const SETTING = { brand: 'onBrand', accent: 'onAccent' } as const

/** The text on one brand colour alone, as set, or for `auto` white when it reaches WCAG AA, else the better one. */
function aloneOn(theme: Theme, scheme: 'light' | 'dark', colour: BrandColour): string {
  const { light, dark } = onBrandChoices(theme)
  const choice = theme[scheme][SETTING[colour]] ?? 'auto'
  if (choice !== 'auto') return choice === 'light' ? light : dark
  const bg = theme[scheme][colour]
  const white = contrastRatio(light, bg)
  return white >= MIN_CONTRAST || white >= contrastRatio(dark, bg) ? light : dark
}

const SAMPLES = 8

/**
 * The colours of the buttons' gradient from `from` to `to`, ends included, as browsers draw it: in
 * sRGB between the hex ends (the console, the server pages) and in OKLab between the page's oklch()
 * steps. Both are sampled, so a gradient whose middle turns darker or lighter than its ends is caught.
 */
export function gradientColours(from: string, to: string): string[] {
  const [a, b] = [parseColour(from), parseColour(to)]
  const [la, lb] = [a, b].map((c) => oklabOf([toLinear(c.r), toLinear(c.g), toLinear(c.b)]))
  const hex = (v: number) => Math.round(v).toString(16).padStart(2, '0')
  const toSrgb = (v: number) => 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055)
  const colours: string[] = []
  for (let i = 0; i <= SAMPLES; i++) {
    const t = i / SAMPLES
    const mix = (x: number, y: number) => x + (y - x) * t
    colours.push(`#${hex(mix(a.r, b.r))}${hex(mix(a.g, b.g))}${hex(mix(a.b, b.b))}`)
    const rgb = linearRgbOf([mix(la![0], lb![0]), mix(la![1], lb![1]), mix(la![2], lb![2])])
    colours.push(`#${rgb.map((v) => hex(toSrgb(v))).join('')}`)
  }
  return colours
}

/** The lowest contrast of `text` anywhere on the buttons' gradient from brand to accent. */
export function gradientRatio(text: string, palette: ThemePalette): number {
  return Math.min(...gradientColours(palette.brand, palette.accent).map((bg) => contrastRatio(text, bg)))
}

/**
 * The texts that may sit on the gradient: those the founder allowed on both brand and accent (an
 * explicit onBrand or onAccent narrows it), white first, so the demo's indigo keeps white.
 */
function gradientCandidates(theme: Theme, scheme: 'light' | 'dark'): string[] {
  const { light, dark } = onBrandChoices(theme)
  const allowed = (colour: BrandColour) => {
    const choice = theme[scheme][SETTING[colour]] ?? 'auto'
    return choice === 'auto' ? [light, dark] : [choice === 'light' ? light : dark]
  }
  const onAccent = allowed('accent')
  return allowed('brand').filter((text) => onAccent.includes(text))
}

/** The buttons' fill and text in one scheme (design tokens, emails, the checks all read it). */
export type Buttons = { fill: 'gradient' | 'solid'; text: string }

/**
 * The buttons: a gradient from brand to accent when one text reaches WCAG AA end to end of it (or
 * theme.buttons says gradient), else solid brand with the brand's own text (or theme.buttons says
 * solid). A light brand with a dark accent gets solid buttons instead of a refusal.
 */
export function buttonsOf(theme: Theme, scheme: 'light' | 'dark'): Buttons {
  const style = theme.buttons ?? 'auto'
  if (style !== 'solid') {
    const candidates = gradientCandidates(theme, scheme)
    const text = candidates.find((t) => gradientRatio(t, theme[scheme]) >= MIN_CONTRAST)
    if (text) return { fill: 'gradient', text }
    if (style === 'gradient') return { fill: 'gradient', text: candidates[0] ?? aloneOn(theme, scheme, 'brand') }
  }
  return { fill: 'solid', text: aloneOn(theme, scheme, 'brand') }
}

/** The text on the brand (the buttons' text): the gradient's when the buttons are one, else the brand's own. */
export function onBrandOf(theme: Theme, scheme: 'light' | 'dark'): string {
  return buttonsOf(theme, scheme).text
}

/** The text on the accent alone: the gradient's text when the buttons are one, else the accent's own. */
export function onAccentOf(theme: Theme, scheme: 'light' | 'dark'): string {
  const buttons = buttonsOf(theme, scheme)
  return buttons.fill === 'gradient' ? buttons.text : aloneOn(theme, scheme, 'accent')
}
