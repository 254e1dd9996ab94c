// Colours the page needs beside the founder's theme, derived from it rather than asked for: the
// footer's ground, a shade below the page, and the fill of a select's open menu, a shade above
// the surface. The design tokens (design-tokens.ts) and the content checks' contrast pairs
// (src/content/checks.ts) both read them from here, so what is checked is what is drawn.

type Rgba = { r: number; g: number; b: number; a: number }

/** #rgb, #rrggbb or rgb(r g b / a), as the content schema allows. */
export function parseColour(colour: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!
    return { r: parseInt(h.slice(0, 2), 16), g: parseInt(h.slice(2, 4), 16), b: parseInt(h.slice(4, 6), 16), a: 1 }
  }
  const rgb = /^rgb\(\s*(\d+)\s+(\d+)\s+(\d+)\s*(?:\/\s*([\d.]+)\s*)?\)$/i.exec(colour)
  if (!rgb) throw new Error(`not a colour: ${colour}`)
  return { r: +rgb[1]!, g: +rgb[2]!, b: +rgb[3]!, a: rgb[4] === undefined ? 1 : +rgb[4] }
}

/** `colour` moved `share` (0 to 1) of the way to `to`, as #rrggbb (opaque). */
function toward(colour: string, to: number, share: number): string {
  const c = parseColour(colour)
  const step = (v: number) =>
    Math.round(v + (to - v) * share)
      .toString(16)
      .padStart(2, '0')
  return `#${step(c.r)}${step(c.g)}${step(c.b)}`
}

/** The footer's ground: the page a little darker (on a dark page, 27% toward black; on a light one, 3%). */
export function sunkenOf(page: string, scheme: 'light' | 'dark'): string {
  return toward(page, 0, scheme === 'dark' ? 0.27 : 0.03)
}

/** A select's open menu: the surface, a touch lighter on a dark page (1.5% toward white). */
export function menuOf(surface: string, scheme: 'light' | 'dark'): string {
  return scheme === 'dark' ? toward(surface, 255, 0.015) : toward(surface, 255, 0)
}
