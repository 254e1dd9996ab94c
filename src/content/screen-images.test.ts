import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SCREENSHOTS } from '../shared/content.ts'
import { contentDir } from './load.ts'
import { crc32, deflateSync } from 'node:zlib'
import {
  encodeVariant,
  MIN_SCREEN_WIDTH,
  planScreens,
  screenshotProblems,
  SCREEN_WIDTHS,
  SHARP_PIXEL_LIMIT,
} from './screen-images.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** A content folder of its own: the screenshots are in its screens/. */
let dir: string

/** A plain PNG of this size; `p3` tags it Display P3 with EXIF, as an iPhone's screenshot is. */
async function png(width: number, height: number, p3 = false): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 160, b: 90 } } })
  return (p3 ? image.withIccProfile('p3').withExif({ IFD0: { Make: 'Phone', Software: 'Camera 1.0' } }) : image)
    .png()
    .toBuffer()
}

const screens = (files: string[]) =>
  files.map((file, i) => ({ file, caption: `Screen ${i}`, alt: `What screen ${i} shows` }))

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'screen-images-'))
  await mkdir(join(dir, 'screens'))
  await writeFile(join(dir, 'screens', 'good.png'), await png(1179, 2556, true))
  await writeFile(join(dir, 'screens', 'square.png'), await png(1200, 1200))
  await writeFile(join(dir, 'screens', 'small.png'), await png(600, 1300))
  await writeFile(join(dir, 'screens', 'notes.png'), 'not an image')
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('planScreens', () => {
  test('names each variant by the input and recipe hash, and gives the markup its size and sources', async () => {
    const { images, variants } = await planScreens(dir, screens(['good.png', 'good.png', 'good.png']), 'assets')
    expect(images).toHaveLength(3)
    const [first] = images
    expect(first).toMatchObject({ file: 'good.png', width: 1179, height: 2556 })
    expect(first!.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp'])
    expect(first!.sources[0]!.srcset.split(', ').map((c) => c.split(' ')[1])).toEqual(SCREEN_WIDTHS.map((w) => `${w}w`))
    expect(first!.src).toMatch(/^\/assets\/good-480-[0-9a-f]{12}\.webp$/)
    // The same input, the same names (a rebuild changes no URL), each encoded once.
    expect(variants).toHaveLength(SCREEN_WIDTHS.length * 2)
    expect(new Set(variants.map((v) => v.fileName)).size).toBe(SCREEN_WIDTHS.length * 2)
  })

  test("a language's own screenshot (screens/<lang>/) is its page's; a language without one shows the default's", async () => {
    const own = await mkdtemp(join(tmpdir(), 'screen-images-lang-'))
    try {
      await mkdir(join(own, 'screens', 'de'), { recursive: true })
      await writeFile(join(own, 'screens', 'good.png'), await png(1179, 2556))
      // Another picture under the same name: the German app's screen.
      await writeFile(join(own, 'screens', 'de', 'good.png'), await png(1080, 2340))
      const { images, byLocale, variants } = await planScreens(
        own,
        screens(['good.png', 'good.png', 'good.png']),
        'assets',
        ['en', 'fr', 'de'],
      )
      expect(Object.keys(byLocale)).toEqual(['en', 'fr', 'de'])
      expect(byLocale.en).toEqual(images)
      expect(byLocale.fr).toEqual(images)
      expect(byLocale.de!.map((i) => [i.width, i.height])).toEqual(Array(3).fill([1080, 2340]))
      expect(byLocale.de![0]!.src).not.toBe(images[0]!.src)
      // Two inputs, each encoded once at every width in both formats.
      expect(variants).toHaveLength(2 * SCREEN_WIDTHS.length * 2)
    } finally {
      await rm(own, { recursive: true, force: true })
    }
  })

  test("a language's screenshot is checked as the default's, and one that would never be shown is named", async () => {
    const own = await mkdtemp(join(tmpdir(), 'screen-images-lang-'))
    try {
      for (const folder of ['de', 'fr', 'xx', 'en']) await mkdir(join(own, 'screens', folder), { recursive: true })
      await writeFile(join(own, 'screens', 'good.png'), await png(1179, 2556))
      await writeFile(join(own, 'screens', 'de', 'good.png'), await png(1200, 1200))
      await writeFile(join(own, 'screens', 'fr', 'typo.png'), await png(1179, 2556))
      await writeFile(join(own, 'screens', 'xx', 'good.png'), await png(1179, 2556))
      await writeFile(join(own, 'screens', 'en', 'good.png'), await png(1179, 2556))
      const found = await screenshotProblems(own, screens(['good.png', 'good.png', 'good.png']), ['en', 'fr', 'de'])
      expect(found.map((p) => [p.file, p.key])).toEqual(
        expect.arrayContaining([
          ['screens/de/good.png', 'site.yaml screens[0]'],
          ['screens/fr/typo.png', 'site.yaml screens'],
          ['screens/xx', 'site.yaml locales'],
          ['screens/en', 'site.yaml locales'],
        ]),
      )
      expect(found).toHaveLength(4)
      expect(found.find((p) => p.file === 'screens/de/good.png')!.message).toMatch(/portrait phone/)
    } finally {
      await rm(own, { recursive: true, force: true })
    }
  })

  test('every unusable screenshot is reported at once, each by its file, and nothing is planned', async () => {
    const error = await planScreens(dir, screens(['square.png', 'small.png', 'notes.png']), 'assets').then(
      () => undefined,
      (e: Error) => e.message,
    )
    expect(error).toBeDefined()
    const lines = error!.split('\n')
    expect(lines.find((l) => l.includes('square.png'))).toMatch(
      /1200x1200 is not the shape of a portrait phone screenshot/,
    )
    expect(lines.find((l) => l.includes('small.png'))).toMatch(
      new RegExp(`600 px wide is too small; at least ${MIN_SCREEN_WIDTH}`),
    )
    expect(lines.find((l) => l.includes('notes.png'))).toMatch(/not a PNG, JPEG or WebP image/)
    expect(lines[0]).toBe('The content has 3 problems:')
  })
})

describe('encodeVariant', () => {
  test('AVIF and WebP at the asked width, in sRGB, with no metadata, and cached by name', async () => {
    const cache = join(dir, 'cache')
    // The input carries what must not ship.
    const input = await sharp(await readFile(join(dir, 'screens', 'good.png'))).metadata()
    expect([Boolean(input.icc), Boolean(input.exif)]).toEqual([true, true])
    const { variants } = await planScreens(dir, screens(['good.png', 'good.png', 'good.png']), 'assets')
    const unique = new Map(variants.filter((v) => v.width === 240).map((v) => [v.fileName, v]))
    expect(unique.size).toBe(2)
    for (const variant of unique.values()) {
      const bytes = await encodeVariant(variant, cache)
      const meta = await sharp(bytes).metadata()
      expect(meta.format).toBe(variant.format === 'avif' ? 'heif' : 'webp')
      expect(meta.width).toBe(240)
      expect(meta.height).toBe(Math.round((2556 * 240) / 1179))
      expect([meta.exif, meta.icc, meta.xmp]).toEqual([undefined, undefined, undefined])
      // A second build reads the cache instead of encoding again.
      const cached = join(cache, variant.fileName.split('/').pop()!)
      expect(await readFile(cached)).toEqual(bytes)
      await writeFile(cached, 'from the cache')
      expect((await encodeVariant(variant, cache)).toString()).toBe('from the cache')
    }
  })

  test('asked for at once, one variant is encoded once: every ask is answered and no partial file is left', async () => {
    const cache = join(dir, 'cache-at-once')
    const { variants } = await planScreens(dir, screens(['good.png', 'good.png', 'good.png']), 'assets')
    const variant = variants.find((v) => v.format === 'avif' && v.width === 240)!
    const asks = Array.from({ length: 6 }, () => encodeVariant(variant, cache))
    const settled = await Promise.allSettled(asks)
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([])
    // One encode, shared: the same answer to every ask.
    expect(new Set(asks).size).toBe(1)
    expect(await readdir(cache)).toEqual([variant.fileName.split('/').pop()])
  })
})

test('the build fails on a wrong screenshot, naming the file', async () => {
  // A copy of the content folder whose second screenshot is a landscape picture.
  const content = join(dir, 'fixture-content')
  await cp(contentDir(), content, { recursive: true })
  await writeFile(join(content, 'screens', SCREENSHOTS[1]!.file), await png(2556, 1179))
  const before = process.env.CONTENT_DIR
  process.env.CONTENT_DIR = content
  try {
    const failure = await build({
      root: ROOT,
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'silent',
      build: { write: false, outDir: join(dir, 'out') },
    }).then(
      () => 'built',
      (e: Error) => e.message,
    )
    expect(failure).toContain(
      `${SCREENSHOTS[1]!.file}: site.yaml screens[1]: 2556x1179 is not the shape of a portrait phone screenshot`,
    )
  } finally {
    if (before === undefined) delete process.env.CONTENT_DIR
    else process.env.CONTENT_DIR = before
  }
}, 60_000)

/** A PNG that says it is `width` x `height` (its header), with no pixels to speak of. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(0))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// Issue 37: a PNG over sharp's pixel limit was "not a PNG", and a truncated one passed the check.
describe('screenshotProblems on damaged and oversized files', () => {
  test("sharp's limit is the one named: it refuses one pixel row more", async () => {
    await expect(sharp(pngHeader(16_384, 16_383)).metadata()).rejects.toThrow(/pixel limit/)
    expect(16_384 * 16_383).toBeGreaterThan(SHARP_PIXEL_LIMIT)
    expect((await sharp(pngHeader(16_383, 16_383)).metadata()).width).toBe(16_383)
  })

  test('a PNG over the limit is too large, with the limit; a truncated one cannot be decoded; both named', async () => {
    await writeFile(join(dir, 'screens', 'huge.png'), pngHeader(12_000, 26_000))
    const good = await png(1179, 2556)
    await writeFile(join(dir, 'screens', 'cut.png'), good.subarray(0, Math.floor(good.length / 2)))
    const found = await screenshotProblems(dir, screens(['good.png', 'huge.png', 'cut.png']))
    expect(found).toEqual([
      {
        file: 'screens/huge.png',
        key: 'site.yaml screens[1]',
        message: expect.stringMatching(/^12000x26000 is too large: at most 268,402,689 pixels/),
      },
      { file: 'screens/cut.png', key: 'site.yaml screens[2]', message: expect.stringMatching(/^cannot be decoded/) },
    ])
  })
})
