// The hero's phone screenshots, from the founder's files to what the page serves
// (docs/decisions/screenshots.md): each is checked (a portrait phone shape, wide enough), then
// encoded by sharp to AVIF and WebP at a few widths, metadata stripped and converted to sRGB
// (sharp's default without `keepMetadata`). The original never ships. Encoding three
// screenshots takes tens of seconds on two cores, so each variant is cached under the hash of
// its input and its recipe, and the hash also names the served file: a new screenshot is a new URL.
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'
import sharp, { type Metadata } from 'sharp'
import type { Screenshot } from '../shared/content-types.ts'
import type { ScreenImage } from '../shared/screens.ts'
import { ContentError, type Problem } from './problems.ts'

/** The widths served, in pixels: see the decision note for which layout picks which. */
export const SCREEN_WIDTHS = [240, 360, 480, 720] as const
/** Never enlarged: a screenshot narrower than the widest variant would look soft on a 2x screen. */
export const MIN_SCREEN_WIDTH = Math.max(...SCREEN_WIDTHS)
/** Height over width of a portrait phone screen, from 16:9 (1.78) to 20:9 (2.22), with room around. */
const SCREEN_RATIO = { min: 1.7, max: 2.3 } as const

const FORMATS = [
  { format: 'avif', type: 'image/avif' },
  { format: 'webp', type: 'image/webp' },
] as const
type Format = (typeof FORMATS)[number]['format']
/**
 * A change here (or a new sharp) is a new cache key and new names. sharp's defaults, except AVIF's
 * effort: 3 instead of 4 takes a third of the CPU for files about 4 % larger (a fresh clone's first
 * build encodes them all; docs/decisions/screenshots.md).
 */
const RECIPE = { avif: { quality: 50, effort: 3 }, webp: { quality: 80, effort: 4 } } as const
const INPUTS = new Set(['png', 'jpeg', 'webp'])

export type Variant = { fileName: string; format: Format; width: number; input: string }
/** `images`: the default language's; `byLocale`: each language's (its own files, else the default's). */
export type ScreenPlan = { images: ScreenImage[]; byLocale: Record<string, ScreenImage[]>; variants: Variant[] }

/**
 * A language's own screenshot: `screens/<lang>/<file>` when there is one (the app in that
 * language), else the default's `screens/<file>`. Relative to the content folder.
 */
function screenFile(dir: string, file: string, locale?: string): string {
  const own = locale ? `screens/${locale}/${file}` : undefined
  return own && existsSync(join(dir, own)) ? own : `screens/${file}`
}

/**
 * Reads and checks every screenshot of `content.screens` in the content folder `dir` (and each
 * of `locales`' own, in screens/<lang>/), and names their variants without encoding any: the
 * markup needs only the names and the size. Every problem is reported at once (a ContentError),
 * each naming its file and key.
 */
export async function planScreens(
  dir: string,
  screens: readonly Screenshot[],
  assetsDir: string,
  locales: readonly string[] = [],
): Promise<ScreenPlan> {
  const problems = await screenshotProblems(dir, screens, locales)
  if (problems.length) throw new ContentError(problems)
  const variants = new Map<string, Variant>()
  const images = await planLocale(dir, screens, assetsDir, undefined, variants)
  const byLocale: Record<string, ScreenImage[]> = {}
  for (const [i, locale] of locales.entries())
    byLocale[locale] = i === 0 ? images : await planLocale(dir, screens, assetsDir, locale, variants)
  return { images, byLocale, variants: [...variants.values()] }
}

/** One language's three images; their variants are added to `variants` (a file two languages share is encoded once). */
async function planLocale(
  dir: string,
  screens: readonly Screenshot[],
  assetsDir: string,
  locale: string | undefined,
  variants: Map<string, Variant>,
): Promise<ScreenImage[]> {
  const images: ScreenImage[] = []
  for (const screen of screens) {
    const input = join(dir, screenFile(dir, screen.file, locale))
    const bytes = await readFile(input)
    const meta = await sharp(bytes).metadata()
    const { width, height } = uprightSize(meta)
    const key = createHash('sha256')
      .update(bytes)
      .update(JSON.stringify({ RECIPE, sharp: sharp.versions.sharp, vips: sharp.versions.vips }))
      .digest('hex')
      .slice(0, 12)
    const stem = basename(screen.file, extname(screen.file)).replace(/[^\w-]+/g, '-')
    const mine = FORMATS.map(({ format, type }) => ({
      type,
      variants: SCREEN_WIDTHS.map((w) => ({
        fileName: `${assetsDir}/${stem}-${w}-${key}.${format}`,
        format,
        width: w,
        input,
      })),
    }))
    for (const v of mine.flatMap((m) => m.variants)) variants.set(v.fileName, v)
    const fallback = mine.find((m) => m.type === 'image/webp')!.variants.find((v) => v.width === 480)!
    images.push({
      file: screen.file,
      width,
      height,
      src: `/${fallback.fileName}`,
      sources: mine.map((m) => ({
        type: m.type,
        srcset: m.variants.map((v) => `/${v.fileName} ${v.width}w`).join(', '),
      })),
    })
  }
  return images
}

/**
 * sharp's default `limitInputPixels` (0x3FFF × 0x3FFF): it refuses to decode a larger image, and
 * the build uses that default.
 */
export const SHARP_PIXEL_LIMIT = 0x3fff * 0x3fff

/**
 * What is wrong with the screenshot files (`npm run content:check` and the build both ask).
 * Each is decoded whole, as the build will encode it: a truncated or damaged file is named here,
 * not by an error of the build's that names no file (issue 37).
 */
export async function screenshotProblems(
  dir: string,
  screens: readonly Screenshot[],
  locales: readonly string[] = [],
): Promise<Problem[]> {
  const problems: Problem[] = []
  for (const [i, screen] of screens.entries()) {
    const bytes = await readFile(join(dir, 'screens', screen.file)).catch(() => undefined)
    // A missing file is the schema checks' to report (checks.ts).
    if (!bytes) continue
    const problem = await screenshotProblem(bytes)
    if (problem) problems.push({ file: `screens/${screen.file}`, key: `site.yaml screens[${i}]`, message: problem })
  }
  problems.push(...(await localeScreenProblems(dir, screens, locales)))
  return problems
}

/**
 * The languages' own screenshots (screens/<lang>/): each checked as the default's are, and a
 * folder or file that would never be shown named, since a typo there silently shows the default's.
 */
async function localeScreenProblems(
  dir: string,
  screens: readonly Screenshot[],
  locales: readonly string[],
): Promise<Problem[]> {
  const problems: Problem[] = []
  const names = new Set(screens.map((s) => s.file))
  const root = join(dir, 'screens')
  const folders = existsSync(root) ? readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()) : []
  for (const folder of folders) {
    const at = `screens/${folder.name}`
    if (folder.name === locales[0]) {
      problems.push({
        file: at,
        key: 'site.yaml locales',
        message: `the default language's screenshots are the ones in screens/ itself: move them there`,
      })
      continue
    }
    if (!locales.includes(folder.name)) {
      problems.push({
        file: at,
        key: 'site.yaml locales',
        message: `not one of the site's languages (${locales.join(', ')}): its screenshots would never be shown`,
      })
      continue
    }
    for (const file of readdirSync(join(root, folder.name))) {
      const index = screens.findIndex((s) => s.file === file)
      if (!names.has(file)) {
        problems.push({
          file: `${at}/${file}`,
          key: 'site.yaml screens',
          message: `not a file named in screens (${[...names].join(', ')}): a language's own screenshot has its default's name`,
        })
        continue
      }
      const problem = await screenshotProblem(await readFile(join(root, folder.name, file)))
      if (problem) problems.push({ file: `${at}/${file}`, key: `site.yaml screens[${index}]`, message: problem })
    }
  }
  return problems
}

async function screenshotProblem(bytes: Buffer): Promise<string | undefined> {
  // The header alone, with no pixel limit, so that an image too large is told as such.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined)
  const problem = checkScreenshot(meta)
  if (problem) return problem
  try {
    await sharp(bytes).raw().toBuffer()
  } catch (err) {
    return `cannot be decoded (${(err as Error).message.split('\n')[0]}): is the file complete? Export or copy it again`
  }
  return undefined
}

/** The size after autoOrient(): EXIF orientations 5 to 8 turn a picture on its side. */
const uprightSize = (meta: Metadata) =>
  (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height }

/** What is wrong with a screenshot, in words a founder can act on; undefined if nothing. */
function checkScreenshot(meta: Metadata | undefined): string | undefined {
  if (!meta || !INPUTS.has(meta.format)) return 'not a PNG, JPEG or WebP image'
  const { width, height } = uprightSize(meta)
  if (width * height > SHARP_PIXEL_LIMIT)
    return `${width}x${height} is too large: at most ${SHARP_PIXEL_LIMIT.toLocaleString('en')} pixels (16383x16383) can be read, and a phone's screenshot is about 1290x2796`
  const ratio = height / width
  if (ratio < SCREEN_RATIO.min || ratio > SCREEN_RATIO.max)
    return `${width}x${height} is not the shape of a portrait phone screenshot (height must be ${SCREEN_RATIO.min} to ${SCREEN_RATIO.max} times the width, a phone's is about 2.17)`
  if (width < MIN_SCREEN_WIDTH)
    return `${width} px wide is too small; at least ${MIN_SCREEN_WIDTH} px are needed (a phone's own screenshot is 1080 to 1290 px wide)`
  return undefined
}

/** The encodes under way in this process, by their cache file: one per variant, however many ask at once. */
const encoding = new Map<string, Promise<Buffer>>()

/** One variant's bytes: from the cache when this input and recipe were encoded before. */
export function encodeVariant(variant: Variant, cacheDir: string): Promise<Buffer> {
  const cached = join(cacheDir, basename(variant.fileName))
  let bytes = encoding.get(cached)
  if (!bytes) {
    bytes = encodeOnce(variant, cached).finally(() => encoding.delete(cached))
    encoding.set(cached, bytes)
  }
  return bytes
}

async function encodeOnce(variant: Variant, cached: string): Promise<Buffer> {
  const hit = await readFile(cached).catch(() => undefined)
  if (hit) return hit
  const image = sharp(variant.input).autoOrient().resize({ width: variant.width, withoutEnlargement: true })
  const bytes = await (variant.format === 'avif' ? image.avif(RECIPE.avif) : image.webp(RECIPE.webp)).toBuffer()
  await mkdir(dirname(cached), { recursive: true })
  // Written aside and renamed, so a build stopped halfway never leaves a truncated entry. The
  // name is this encode's own: another process (a build beside the dev server) may encode the
  // same variant at the same time, and the last rename wins with the same bytes.
  const partial = `${cached}.${process.pid}.${randomBytes(4).toString('hex')}.partial`
  await writeFile(partial, bytes)
  await rename(partial, cached)
  return bytes
}
