import { parseColour } from '../shared/theme-shades.ts'

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
