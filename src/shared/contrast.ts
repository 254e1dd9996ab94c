import type { Theme, ThemePalette } from './content-types.ts'
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
 * The two texts a founder chooses between on the brand and accent (theme.<scheme>.onBrand): white,
 * or the light scheme's text colour, the theme's own dark ink (a warm brand keeps its warm text).
 */
export function onBrandChoices(theme: Theme): { light: string; dark: string } {
  return { light: LIGHT_ON_BRAND, dark: theme.light.text }
}

/** The lower of a text's contrasts on the brand and on the accent: buttons run from one to the other. */
export function onBrandRatio(text: string, palette: ThemePalette): number {
  return Math.min(contrastRatio(text, palette.brand), contrastRatio(text, palette.accent))
}

/**
 * The text on `palette`'s brand and accent: as set, or for `auto` (the default) white when it
 * reaches WCAG AA on both, else the dark text when that reads better; the demo's indigo keeps white.
 */
export function onBrandOf(theme: Theme, scheme: 'light' | 'dark'): string {
  const palette = theme[scheme]
  const { light, dark } = onBrandChoices(theme)
  const choice = palette.onBrand ?? 'auto'
  if (choice !== 'auto') return choice === 'light' ? light : dark
  const white = onBrandRatio(light, palette)
  return white >= MIN_CONTRAST || white >= onBrandRatio(dark, palette) ? light : dark
}
