import sharp from 'sharp'

// The share card's texts are SVG text, which neither wraps nor shrinks itself: a founder's longer
// headline ran off the card. Each text is measured as librsvg draws it (the renderer and fonts
// that draw the card), wrapped by words, shrunk step by step, and refused, by name, when it still
// cannot fit at the smallest size (docs/decisions/brand.md).

export const SHARE_FONT = 'DejaVu Sans, Arial, sans-serif'

export type TextStyle = { weight: 400 | 700; letterSpacing?: number }

export type FitRule = {
  /** What a founder would look for, e.g. `site.yaml: texts.hero.headline`. */
  name: string
  maxWidth: number
  maxLines: number
  /** Tried from the first size down, in steps of `step`, to `minSize`. */
  size: number
  minSize: number
  step?: number
} & TextStyle

export type Fitted = { size: number; lines: string[] }

export class ShareTextError extends Error {
  /** The text's file and key (a FitRule's name, `file: key`). */
  readonly at: string
  constructor(message: string, at: string) {
    super(message)
    this.at = at
  }
}

const escXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const widths = new Map<string, number>()

/** The width in px of `text` at `size`, from the leftmost origin to its last inked column. */
export async function textWidth(text: string, size: number, style: TextStyle): Promise<number> {
  const key = `${style.weight}|${style.letterSpacing ?? 0}|${size}|${text}`
  const known = widths.get(key)
  if (known !== undefined) return known
  // Wide enough for any line we would try (a long word at the largest size), tall enough for descenders.
  const canvas = Math.ceil(size * 0.75 * Math.max(4, text.length)) + 16
  const height = Math.ceil(size * 1.6)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas}" height="${height}"><text x="0" y="${Math.ceil(size * 1.2)}" font-family="${SHARE_FONT}" font-weight="${style.weight}" font-size="${size}" letter-spacing="${style.letterSpacing ?? 0}">${escXml(text)}</text></svg>`
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().extractChannel(3).raw().toBuffer({
    resolveWithObject: true,
  })
  let right = 0
  for (let y = 0; y < info.height; y++)
    for (let x = info.width - 1; x >= right; x--)
      if (data[y * info.width + x]! > 0) {
        right = x + 1
        break
      }
  widths.set(key, right)
  return right
}

/** Greedy word wrap by measured width; a single word wider than the line stays alone (and fails the fit). */
async function wrapMeasured(text: string, size: number, rule: FitRule): Promise<string[]> {
  const lines: string[] = []
  for (const word of text.trim().split(/\s+/)) {
    const last = lines.at(-1)
    if (last !== undefined && (await textWidth(`${last} ${word}`, size, rule)) <= rule.maxWidth)
      lines[lines.length - 1] = `${last} ${word}`
    else lines.push(word)
  }
  return lines
}

/**
 * The largest size at which `text` fits in `rule.maxLines` lines of `rule.maxWidth`, with its
 * lines; throws a ShareTextError naming the text when even `rule.minSize` does not fit.
 */
export async function fitText(text: string, rule: FitRule): Promise<Fitted> {
  const step = rule.step ?? 2
  for (let size = rule.size; size >= rule.minSize; size -= step) {
    const lines = await wrapMeasured(text, size, rule)
    if (lines.length > rule.maxLines) continue
    const fits = await Promise.all(lines.map(async (l) => (await textWidth(l, size, rule)) <= rule.maxWidth))
    if (fits.every(Boolean)) return { size, lines }
  }
  const lines = rule.maxLines === 1 ? 'one line' : `${rule.maxLines} lines`
  throw new ShareTextError(
    `content/${rule.name}: too long for the share image (${JSON.stringify(text)} does not fit in ${lines} of ${rule.maxWidth} px, even at ${rule.minSize} px): shorten it`,
    rule.name,
  )
}
