// Stand-ins for a founder's real screenshots, the heaviest kind: 1179x2556 PNGs of about 2.5 MB
// (an iPhone screenshot of a busy screen), made here rather than committed. A drawn app screen
// (cards of text and photos) under per-pixel noise, which PNG cannot compress away and which
// survives downscaling enough to cost the encoders real bytes. Seeded: the same bytes every run.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { precompress } from '../scripts/precompress.ts'
import { contentDir } from '../src/content/load.ts'
import { encodeVariant } from '../src/content/screen-images.ts'
import { planContentScreens, SCREEN_CACHE_DIR } from '../src/content/vite-screen-images.ts'
import { SCREENSHOTS } from '../src/shared/content.ts'

export const NOISY = { width: 1179, height: 2556 } as const

function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0
    return (s >>> 8) / 0x1000000
  }
}

/** One busy 1179x2556 PNG of about 2.5 MB; `seed` picks the layout and the noise. */
export async function noisyScreenshot(seed: number): Promise<Buffer> {
  const r = random(seed)
  const { width, height } = NOISY
  const hue = Math.floor(r() * 360)
  const shapes: string[] = []
  const word = () =>
    Array.from({ length: 2 + Math.floor(r() * 9) }, () => String.fromCharCode(97 + Math.floor(r() * 26))).join('')
  for (let y = 160; y < height - 200;) {
    const h = 260 + Math.floor(r() * 420)
    shapes.push(
      `<rect x="48" y="${y}" width="${width - 96}" height="${h}" rx="40" fill="hsl(${(hue + r() * 90) % 360} 70% ${80 + r() * 15}%)"/>`,
    )
    if (r() < 0.4) {
      // A photo: overlapping soft circles.
      for (let i = 0; i < 60; i++)
        shapes.push(
          `<circle cx="${96 + r() * (width - 192)}" cy="${y + 30 + r() * (h - 60)}" r="${10 + r() * 90}" fill="hsl(${r() * 360} 60% ${30 + r() * 50}%)" fill-opacity="0.7"/>`,
        )
    } else {
      // Lines of text.
      for (let line = y + 70; line < y + h - 20; line += 52)
        shapes.push(
          `<text x="96" y="${line}" font-family="sans-serif" font-size="${34 + Math.floor(r() * 10)}" fill="hsl(${hue} 30% ${10 + r() * 35}%)">${Array.from({ length: 6 }, word).join(' ')}</text>`,
        )
    }
    y += h + 36
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 95%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 60% 85%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`
  const pixels = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer()
  for (let i = 0; i < pixels.length; i += 3) {
    const n = Math.floor(r() * 7) - 3
    for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, pixels[i + c]! + n))
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

/**
 * A copy of the built page (`clientDir`, dist/client) whose hero shows three noisy screenshots
 * instead of the content folder's: they go through the build's own pipeline (planned, checked,
 * encoded and cached by src/content/screen-images.ts, under the same names it would give them), the
 * markup's names are swapped, and the copy is compressed again. Serve it with STATIC_DIR.
 */
export async function noisyClient(
  clientDir: string,
): Promise<{ dir: string; pngBytes: number[]; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'noisy-client-'))
  // A copy of the content folder with the noisy files in its screenshots' place.
  const content = join(dir, 'fixture-content')
  const client = join(dir, 'client')
  await cp(clientDir, client, { recursive: true })
  await cp(contentDir(), content, { recursive: true })
  await mkdir(join(content, 'screens'), { recursive: true })
  const pngBytes: number[] = []
  for (const [i, screen] of SCREENSHOTS.entries()) {
    const png = await noisyScreenshot(i + 1)
    pngBytes.push(png.length)
    await writeFile(join(content, 'screens', screen.file), png)
  }
  const demo = await planContentScreens()
  const noisy = await planContentScreens(content)
  let html = await readFile(join(client, 'index.html'), 'utf8')
  for (const [i, variant] of noisy.variants.entries()) {
    const old = demo.variants[i]!.fileName
    // A language's own screenshot (screens/<lang>/) is not replaced: same file, same name, and
    // not on the default language's page.
    if (old === variant.fileName) continue
    if (!html.includes(old)) throw new Error(`the built index.html does not name ${old}: build again`)
    html = html.replaceAll(`/${old}`, `/${variant.fileName}`)
    await rm(join(client, old))
    await writeFile(join(client, variant.fileName), await encodeVariant(variant, SCREEN_CACHE_DIR))
  }
  await writeFile(join(client, 'index.html'), html)
  await precompress(client)
  return { dir: client, pngBytes, remove: () => rm(dir, { recursive: true, force: true }) }
}
