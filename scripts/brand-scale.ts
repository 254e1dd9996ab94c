// Tints and shades of the founder's brand and accent colours for the landing page, so that a
// green brand turns every glow, badge and eyebrow green (docs/decisions/brand.md). Each step takes
// the hue and the relative chroma of the founder's colour; the steps text is drawn with keep the
// lightness of Tailwind's own scale (indigo for the brand, violet for the accent), so they stay as
// legible as they were, and the fills take the founder's lightness (FILLS). The values are oklch(), as Tailwind's palette is; the emails never need them.

import { parseColour } from '../src/shared/contrast.ts'
import { oklabOf, toLinear } from '../src/shared/oklab.ts'

/** Lightness, chroma, hue, and an optional alpha for the glows. */
type Lch = readonly [l: number, c: number, h: number, alpha?: number]

/**
 * Tailwind 4's indigo and violet (oklch), which the demo's brand (#4f46e5) and accent (#6d28d9)
 * share their hue with: the lightness and chroma curves the steps follow. The named steps are the
 * hero's glow and the sign-up panel's gradient, glow, edge and shadow, translucent where they were
 * (an alpha here, not a color-mix() in the stylesheet, which would double each rule with a fallback).
 */
const INDIGO: Record<string, Lch> = {
  50: [0.962, 0.018, 272.314],
  100: [0.93, 0.034, 272.788],
  200: [0.87, 0.065, 274.039],
  300: [0.785, 0.115, 274.713],
  400: [0.673, 0.182, 276.935],
  500: [0.585, 0.233, 277.117],
  600: [0.511, 0.262, 276.966],
  700: [0.457, 0.24, 277.023],
  800: [0.398, 0.195, 277.366],
  900: [0.359, 0.144, 278.697],
  950: [0.257, 0.09, 281.288],
  panel: [0.237, 0.074, 281.436],
  'panel-deep': [0.197, 0.049, 279.098],
  glow: [0.585, 0.233, 277.117, 0.32],
  'panel-glow': [0.673, 0.182, 276.935, 0.3],
  'panel-edge': [0.785, 0.115, 274.713, 0.22],
  'panel-shadow': [0.511, 0.262, 276.966, 0.55],
}
const VIOLET: Record<string, Lch> = {
  200: [0.894, 0.057, 293.283],
  300: [0.811, 0.111, 293.571],
  400: [0.702, 0.183, 293.541],
  500: [0.606, 0.25, 292.717],
  600: [0.541, 0.281, 293.009],
  700: [0.491, 0.27, 292.581],
  800: [0.432, 0.232, 292.759],
  /** The headline gradient's far end: Tailwind's fuchsia-300. */
  far: [0.833, 0.132, 321.434],
  glow: [0.606, 0.25, 292.717, 0.16],
}

/**
 * The same steps for the page in the light scheme. The tints that are drawn on the page's ground
 * (50 to 300: an eyebrow, a badge, a link's hover, the headline's gradient) take the shades that
 * read on a light ground (950 to 700), the panel turns to the lightest tints and its glows soften;
 * the steps buttons are drawn with (400 to 950) stay, so white on them keeps its contrast.
 */
const LIGHT_INDIGO: Record<string, Lch> = {
  ...INDIGO,
  50: INDIGO[950]!,
  100: INDIGO[900]!,
  200: INDIGO[800]!,
  300: INDIGO[700]!,
  panel: INDIGO[50]!,
  'panel-deep': INDIGO[100]!,
  glow: [0.585, 0.233, 277.117, 0.18],
  'panel-glow': [0.785, 0.115, 274.713, 0.35],
  'panel-edge': [0.673, 0.182, 276.935, 0.3],
  'panel-shadow': [0.511, 0.262, 276.966, 0.25],
}
const LIGHT_VIOLET: Record<string, Lch> = {
  ...VIOLET,
  200: VIOLET[800]!,
  300: VIOLET[700]!,
  /** Tailwind's fuchsia-700. */
  far: [0.518, 0.253, 323.949],
  glow: [0.606, 0.25, 292.717, 0.1],
}

/** A theme colour (#rrggbb, #rgb or rgb()) in OKLCH; alpha is ignored. */
export function toOklch(colour: string): Lch {
  const { r, g, b } = parseColour(colour)
  const [L, A, B] = oklabOf([toLinear(r), toLinear(g), toLinear(b)])
  return [L, Math.hypot(A, B), ((Math.atan2(B, A) * 180) / Math.PI + 360) % 360]
}

/**
 * The steps drawn as the colour's own fill (the buttons' gradient and its hover, the avatars, the
 * glows): they take the founder's lightness, so a yellow brand's button is that yellow, not an
 * ochre at indigo's lightness. The others are ink on the page (50 to 300 on a dark page, their
 * mirrors on a light one) or its grounds (the panel, 900, 950): they keep the reference's lightness,
 * so text drawn with them or on them stays as legible as the demo's.
 */
const FILLS = new Set(['400', '500', '600', '700', '800', 'glow', 'panel-glow', 'panel-shadow'])

/**
 * A fill step's lightness moved as `colour` is lighter or darker than `base`: the base's own
 * lightness becomes the colour's, white and black stay, and the steps between scale along, so the
 * scale keeps its order (and the demo's own colours give the reference back unchanged).
 */
export function shiftLightness(l: number, baseL: number, colourL: number): number {
  return l >= baseL ? colourL + ((l - baseL) * (1 - colourL)) / (1 - baseL) : (l * colourL) / baseL
}

/**
 * The steps of `reference` turned to `colour`: each moves in hue and chroma as `colour` differs
 * from `base`, the colour the reference was drawn for, and the fill steps in lightness too (FILLS).
 * So the demo's own colours give Tailwind's palette back, and a founder's green or yellow gives the
 * same steps in green or yellow.
 */
export function scaleOf(colour: string, reference: Record<string, Lch>, base: string): Record<string, string> {
  const [cl, c, h] = toOklch(colour)
  const [baseL, baseC, baseH] = toOklch(base)
  const ratio = baseC ? c / baseC : 0
  // Short numbers (".785", not "78.5%"): these sit in the page's inlined CSS, inside its first round trip.
  const num = (v: number, digits: number) => String(Number(v.toFixed(digits))).replace(/^0\./, '.')
  return Object.fromEntries(
    Object.entries(reference).map(([step, [l, sc, sh, alpha]]) => [
      step,
      `oklch(${num(FILLS.has(step) ? shiftLightness(l, baseL, cl) : l, 3)} ${num(sc * ratio, 3)} ${num((sh + h - baseH + 360) % 360, 1)}${alpha ? ` / ${num(alpha, 2)}` : ''})`,
    ]),
  )
}

/**
 * `--color-brand-50` … `--color-brand-950` and `--color-accent-200` … `--color-accent-800`, with the
 * named steps, for the page in `scheme` (the light one mirrors the tints: LIGHT_INDIGO).
 */
export function brandScale(brand: string, accent: string, scheme: 'light' | 'dark' = 'dark'): Record<string, string> {
  const named = (prefix: string, scale: Record<string, string>) =>
    Object.entries(scale).map(([step, value]) => [`${prefix}-${step}`, value] as const)
  const [indigo, violet] = scheme === 'light' ? [LIGHT_INDIGO, LIGHT_VIOLET] : [INDIGO, VIOLET]
  return Object.fromEntries([
    ...named('brand', scaleOf(brand, indigo, '#4f46e5')),
    ...named('accent', scaleOf(accent, violet, '#6d28d9')),
  ])
}
