import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import {
  DEFAULT_LOCALE,
  DIRECTIONS,
  HEADER_TEXTS,
  HERO_TEXTS,
  LOCALES,
  PRODUCT_NAMES,
  SIGNUP_TEXTS,
  STORE_TEXTS,
  type Locale,
} from '../shared/content.ts'
import type { Direction } from '../shared/direction.ts'
import { localeSegment } from '../shared/locale-tags.ts'
import { storeStage } from '../shared/store-stage.ts'
import { TOKENS, PAGE_SCHEME } from '../shared/design-tokens.ts'
import { LOGO_PNG_PATH, logoPath, svgSize } from './brand.ts'
import { contentDir } from './load.ts'
import { MARGIN, NAME_X, SHARE_SIZE, shareLayout, shareTextsOf, type ShareTexts } from './share-layout.ts'
import { SHARE_FONT } from './share-text.ts'

// Every icon and the share image, made from the logo in content/brand/ at build (sharp, no
// browser), so a founder's logo reaches the tab, the home screen and the share card
// (docs/decisions/brand.md). The files are build output: nothing is committed in public/.

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

/** Where `locale`'s texts are written, for a text too long for its card. */
const textsFile = (locale: string) => (locale === DEFAULT_LOCALE ? 'site.yaml' : `locales/${locale}.yaml`)

/** The card's words in `locale` (the content module's texts). */
const shareTexts = (locale: Locale): ShareTexts =>
  shareTextsOf(
    PRODUCT_NAMES[locale],
    {
      hero: HERO_TEXTS[locale],
      signup: SIGNUP_TEXTS[locale],
      header: HEADER_TEXTS[locale],
      stores: STORE_TEXTS[locale],
    },
    storeStage() === 'live',
  )

/** The card's words in the default language (site.yaml's texts). */
export const defaultShareTexts = (): ShareTexts => shareTexts(DEFAULT_LOCALE)

/**
 * Each language's share image, by the file it is served as: `/og-image.png` for the default
 * language (the name it always had, so links shared before keep their card), `/og-image-<lang>.png`
 * for the others. Each language's page names its own (scripts/seo.ts).
 */
export const shareImageFile = (locale: string): string =>
  locale === DEFAULT_LOCALE ? 'og-image.png' : `og-image-${localeSegment(locale)}.png`

/** The share card: logo, name and badge, the headline (its accent words in the accent's tint), the promises. */
export async function shareSvg(
  texts: ShareTexts,
  mark: string,
  file?: string,
  dir: Direction = 'ltr',
): Promise<string> {
  const { width, height } = SHARE_SIZE
  // Right to left, the card mirrors: each x measured from the other edge, each text anchored at
  // its start (its right end) and laid out by librsvg's bidi with direction="rtl".
  const rtl = dir === 'rtl'
  const x = (fromStart: number) => (rtl ? width - fromStart : fromStart)
  const textDir = rtl ? ' direction="rtl"' : ''
  const T = TOKENS[PAGE_SCHEME]
  const { name, badge, headline, promises } = await shareLayout(texts, file)
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
      return `<tspan x="${x(MARGIN)}" dy="${i ? size * 1.1 : 0}">${words.join(' ')}</tspan>`
    })
    .join('')
  const promiseStep = Math.round(promises.size * 1.3)
  const promiseLines = promises.lines
    .map((line, i) => `<tspan x="${x(MARGIN)}" dy="${i ? promiseStep : 0}">${esc(line)}</tspan>`)
    .join('')
  const promisesY = 566 - promiseStep * (promises.lines.length - 1)
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}">
  <defs><radialGradient id="glow" cx="${rtl ? 0.2 : 0.8}" cy="0.1" r="0.6"><stop offset="0" stop-color="${T.brand}" stop-opacity="0.55"/><stop offset="1" stop-color="${T.brand}" stop-opacity="0"/></radialGradient></defs>
  <rect width="${width}" height="${height}" fill="${T.page}"/><rect width="${width}" height="${height}" fill="url(#glow)"/>
  <image x="${rtl ? width - MARGIN - 72 : MARGIN}" y="64" width="72" height="72" href="${mark}"/>
  <g font-family="${SHARE_FONT}" font-weight="700"${textDir}>
    <text x="${x(NAME_X)}" y="116" font-size="${name.size}" fill="${T['fg-strong']}">${esc(name.lines[0]!)}</text>
    <text x="${x(MARGIN)}" y="${headline.lines.length > 2 ? 250 : 300}" font-size="${size}" letter-spacing="-1">${tspans}</text>
    <text x="${x(MARGIN)}" y="${promisesY}" font-size="${promises.size}" font-weight="400" fill="${T.fg}">${promiseLines}</text>
  </g>
  ${badge.lines[0] ? `<text x="${x(width - MARGIN)}" y="112"${textDir} text-anchor="end" font-family="${SHARE_FONT}" font-weight="700" font-size="${badge.size}" letter-spacing="2" fill="${T.link}">${esc(badge.lines[0])}</text>` : ''}
</svg>`
}

async function shareImage(logo: Logo, locale: Locale): Promise<Buffer> {
  const mark = `data:image/png;base64,${(await logoPng(logo, 144)).toString('base64')}`
  return sharp(Buffer.from(await shareSvg(shareTexts(locale), mark, textsFile(locale), DIRECTIONS[locale])))
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
  }
  for (const locale of LOCALES) files[shareImageFile(locale)] = await shareImage(logo, locale)
  if (!logo.svg) files[LOGO_PNG_PATH.slice(1)] = await logoPng(logo, 96)
  return files
}
