import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { DEFAULT_LOCALE, HERO_TEXTS, PRODUCT, SIGNUP_TEXTS, HEADER_TEXTS } from '../shared/content.ts'
import { TOKENS, PAGE_SCHEME } from '../shared/design-tokens.ts'
import { LOGO_PNG_PATH, logoPath, svgSize } from './brand.ts'
import { contentDir } from './load.ts'
import { fitText, SHARE_FONT, ShareTextError, textWidth, type Fitted } from './share-text.ts'

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

/** The words the share card shows, in the default language (site.yaml's texts). */
export type ShareTexts = { name: string; headline: string; headlineAccent: string; promises: string; badge: string }

export function defaultShareTexts(): ShareTexts {
  const [hero, signup, header] = [
    HERO_TEXTS[DEFAULT_LOCALE],
    SIGNUP_TEXTS[DEFAULT_LOCALE],
    HEADER_TEXTS[DEFAULT_LOCALE],
  ]
  return {
    name: PRODUCT.name,
    headline: hero.headline,
    headlineAccent: hero.headlineAccent,
    promises: [...signup.reassurance, hero.note].join(' · '),
    badge: header.betaBadge,
  }
}

/** Where each text sits (px of SHARE_SIZE): the card keeps 80 px margins left and right. */
const MARGIN = 80
const TEXT_WIDTH = SHARE_SIZE.width - 2 * MARGIN
const NAME_X = 172

/** Each text of the card fitted to its place: sizes and lines, measured as librsvg draws them. */
export type ShareLayout = { name: Fitted; badge: Fitted; headline: Fitted; promises: Fitted }

export async function shareLayout(texts: ShareTexts): Promise<ShareLayout> {
  const bold = { weight: 700 } as const
  const badge = await fitText(texts.badge, {
    name: 'site.yaml: texts.header.betaBadge',
    ...bold,
    letterSpacing: 2,
    maxWidth: 420,
    maxLines: 1,
    size: 22,
    minSize: 16,
  })
  const badgeWidth = await textWidth(badge.lines[0]!, badge.size, { ...bold, letterSpacing: 2 })
  const name = await fitText(texts.name, {
    name: 'site.yaml: product.name',
    ...bold,
    maxWidth: SHARE_SIZE.width - MARGIN - badgeWidth - 32 - NAME_X,
    maxLines: 1,
    size: 44,
    minSize: 28,
  })
  // Two lines at the full size, as the demo's; else three, smaller and smaller.
  const headlineRule = { name: 'site.yaml: texts.hero.headline', ...bold, letterSpacing: -1, maxWidth: TEXT_WIDTH }
  const headline = await fitText(texts.headline, { ...headlineRule, maxLines: 2, size: 76, minSize: 76 }).catch(
    (err: unknown) => {
      if (!(err instanceof ShareTextError)) throw err
      return fitText(texts.headline, { ...headlineRule, maxLines: 3, size: 64, minSize: 44 })
    },
  )
  // One line, a little smaller if need be; else two lines.
  const promisesRule = {
    name: 'site.yaml: texts.signup.reassurance and texts.hero.note (the share image joins them)',
    weight: 400,
    maxWidth: TEXT_WIDTH,
  } as const
  const promises = await fitText(texts.promises, { ...promisesRule, maxLines: 1, size: 28, minSize: 22 }).catch(
    (err: unknown) => {
      if (!(err instanceof ShareTextError)) throw err
      return fitText(texts.promises, { ...promisesRule, maxLines: 2, size: 28, minSize: 20 })
    },
  )
  return { name, badge, headline, promises }
}

/** The share card: logo, name and badge, the headline (its accent words in the accent's tint), the promises. */
export async function shareSvg(texts: ShareTexts, mark: string): Promise<string> {
  const { width, height } = SHARE_SIZE
  const T = TOKENS[PAGE_SCHEME]
  const { name, badge, headline, promises } = await shareLayout(texts)
  const accentFrom = texts.headline.length - texts.headlineAccent.length
  let at = 0
  const size = headline.size
  const tspans = headline.lines
    .map((line, i) => {
      const words = line.split(' ').map((word) => {
        const start = texts.headline.indexOf(word, at)
        at = start + word.length
        const fill = start >= accentFrom ? T.link : T['fg-strong']
        return `<tspan fill="${fill}">${esc(word)}</tspan>`
      })
      return `<tspan x="${MARGIN}" dy="${i ? size * 1.1 : 0}">${words.join(' ')}</tspan>`
    })
    .join('')
  const promiseStep = Math.round(promises.size * 1.3)
  const promiseLines = promises.lines
    .map((line, i) => `<tspan x="${MARGIN}" dy="${i ? promiseStep : 0}">${esc(line)}</tspan>`)
    .join('')
  const promisesY = 566 - promiseStep * (promises.lines.length - 1)
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}">
  <defs><radialGradient id="glow" cx="0.8" cy="0.1" r="0.6"><stop offset="0" stop-color="${T.brand}" stop-opacity="0.55"/><stop offset="1" stop-color="${T.brand}" stop-opacity="0"/></radialGradient></defs>
  <rect width="${width}" height="${height}" fill="${T.page}"/><rect width="${width}" height="${height}" fill="url(#glow)"/>
  <image x="${MARGIN}" y="64" width="72" height="72" href="${mark}"/>
  <g font-family="${SHARE_FONT}" font-weight="700">
    <text x="${NAME_X}" y="116" font-size="${name.size}" fill="${T['fg-strong']}">${esc(name.lines[0]!)}</text>
    <text x="${MARGIN}" y="${headline.lines.length > 2 ? 250 : 300}" font-size="${size}" letter-spacing="-1">${tspans}</text>
    <text x="${MARGIN}" y="${promisesY}" font-size="${promises.size}" font-weight="400" fill="${T.fg}">${promiseLines}</text>
  </g>
  <text x="${width - MARGIN}" y="112" text-anchor="end" font-family="${SHARE_FONT}" font-weight="700" font-size="${badge.size}" letter-spacing="2" fill="${T.link}">${esc(badge.lines[0]!)}</text>
</svg>`
}

async function shareImage(logo: Logo): Promise<Buffer> {
  const mark = `data:image/png;base64,${(await logoPng(logo, 144)).toString('base64')}`
  return sharp(Buffer.from(await shareSvg(defaultShareTexts(), mark)))
    .png()
    .toBuffer()
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
