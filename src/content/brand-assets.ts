import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { DEFAULT_LOCALE, HERO_TEXTS, PRODUCT, SIGNUP_TEXTS, HEADER_TEXTS } from '../shared/content.ts'
import { TOKENS, PAGE_SCHEME } from '../shared/design-tokens.ts'
import { LOGO_PNG_PATH, logoPath, svgSize } from './brand.ts'
import { contentDir } from './load.ts'

// Every icon and the share image, made from the logo in content/brand/ at build (sharp, no
// browser), so a founder's logo reaches the tab, the home screen and the share card
// (docs/decisions/brand.md). The files are build output: nothing is committed in public/.

/** The Open Graph / Twitter card picture's size. */
export const SHARE_SIZE = { width: 1200, height: 630 } as const

export type BrandFiles = Record<string, Buffer | string>

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

type Logo = { svg: string | null; bytes: Buffer; width: number }

function readLogo(dir: string): Logo {
  const path = logoPath(dir)
  if (!path) throw new Error(`no logo in ${dir}/brand (npm run content:check says more)`)
  const bytes = readFileSync(path)
  if (!path.endsWith('.svg')) return { svg: null, bytes, width: 0 }
  const svg = bytes.toString('utf8').trim()
  return { svg, bytes, width: svgSize(svg)?.width ?? 32 }
}

/** The logo as a square PNG of `size` px, transparent around it. */
async function logoPng(logo: Logo, size: number): Promise<Buffer> {
  // An SVG is rasterised at the size it is drawn at, not scaled up from its own few pixels.
  const input = logo.svg ? sharp(logo.bytes, { density: Math.max(72, (72 * size) / logo.width) }) : sharp(logo.bytes)
  return input
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer()
}

/** The logo at `scale` of a square of `size` on an opaque background (home screens fill transparency black). */
async function onBackground(logo: Logo, size: number, scale: number, background: string): Promise<Buffer> {
  const inner = Math.round(size * scale)
  const offset = Math.round((size - inner) / 2)
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: await logoPng(logo, inner), top: offset, left: offset }])
    .png()
    .toBuffer()
}

/** Greedy word wrap by an average glyph width: SVG text does not wrap itself. */
export function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = []
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1)
    if (last !== undefined && `${last} ${word}`.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`
    else lines.push(word)
  }
  return lines
}

/** The share card: logo, name and badge, the headline (its accent words in the accent's tint), the promises. */
async function shareImage(logo: Logo): Promise<Buffer> {
  const { width, height } = SHARE_SIZE
  const T = TOKENS[PAGE_SCHEME]
  const [hero, signup, header] = [
    HERO_TEXTS[DEFAULT_LOCALE],
    SIGNUP_TEXTS[DEFAULT_LOCALE],
    HEADER_TEXTS[DEFAULT_LOCALE],
  ]
  const lines = wrap(hero.headline, 26).slice(0, 3)
  const size = lines.length > 2 ? 64 : 76
  const accentFrom = hero.headline.length - hero.headlineAccent.length
  let at = 0
  const tspans = lines
    .map((line, i) => {
      const words = line.split(' ').map((word) => {
        const start = hero.headline.indexOf(word, at)
        at = start + word.length
        const fill = start >= accentFrom ? T.link : T['fg-strong']
        return `<tspan fill="${fill}">${esc(word)}</tspan>`
      })
      return `<tspan x="80" dy="${i ? size * 1.1 : 0}">${words.join(' ')}</tspan>`
    })
    .join('')
  const mark = `data:image/png;base64,${(await logoPng(logo, 144)).toString('base64')}`
  const promises = [...signup.reassurance, hero.note].join(' · ')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}">
  <defs><radialGradient id="glow" cx="0.8" cy="0.1" r="0.6"><stop offset="0" stop-color="${T.brand}" stop-opacity="0.55"/><stop offset="1" stop-color="${T.brand}" stop-opacity="0"/></radialGradient></defs>
  <rect width="${width}" height="${height}" fill="${T.page}"/><rect width="${width}" height="${height}" fill="url(#glow)"/>
  <image x="80" y="64" width="72" height="72" href="${mark}"/>
  <g font-family="DejaVu Sans, Arial, sans-serif" font-weight="700">
    <text x="172" y="116" font-size="44" fill="${T['fg-strong']}">${esc(PRODUCT.name)}</text>
    <text x="80" y="${lines.length > 2 ? 250 : 300}" font-size="${size}" letter-spacing="-1">${tspans}</text>
    <text x="80" y="566" font-size="28" font-weight="400" fill="${T.fg}">${esc(promises)}</text>
  </g>
  <text x="${width - 80}" y="112" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="22" letter-spacing="2" fill="${T.link}">${esc(header.betaBadge)}</text>
</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/** The built site's icons and share image, by file name, made from the logo in `dir`/brand. */
export async function brandFiles(dir: string = contentDir()): Promise<BrandFiles> {
  const logo = readLogo(dir)
  const background = TOKENS[PAGE_SCHEME].page
  const small = await logoPng(logo, 64)
  const files: BrandFiles = {
    // The tab's icon: the SVG itself, or the PNG inside an SVG so the one <link> serves both.
    'favicon.svg':
      logo.svg ??
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><image width="64" height="64" href="data:image/png;base64,${small.toString('base64')}"/></svg>`,
    'favicon-32.png': await logoPng(logo, 32),
    'apple-touch-icon.png': await onBackground(logo, 180, 0.84, background),
    'icon-192.png': await logoPng(logo, 192),
    'icon-512.png': await logoPng(logo, 512),
    // The maskable icon's safe zone is the centre circle of 80%: the logo sits inside it.
    'icon-maskable-512.png': await onBackground(logo, 512, 0.7, background),
    'og-image.png': await shareImage(logo),
  }
  if (!logo.svg) files[LOGO_PNG_PATH.slice(1)] = await logoPng(logo, 96)
  return files
}
