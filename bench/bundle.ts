// The first view's bytes, counted from the build itself (no browser): every script, stylesheet
// and image the prerendered index.html references, at the size the server sends it (its .br
// copy when there is one, else the file). Pictures count as a browser that reads AVIF fetches
// them; their WebP fallbacks are reported apart (`imagesFallbackBytes`).
import { readFile, stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const CLIENT = fileURLToPath(new URL('../dist/client/', import.meta.url))

export type FirstView = {
  jsGzip: number
  jsBrotli: number
  cssBrotli: number
  /** The pictures a browser that reads AVIF fetches. */
  imagesBytes: number
  /** The `<img>` fallbacks (WebP) of those pictures: fetched only by a browser without AVIF; not in the total. */
  imagesFallbackBytes: number
  htmlBrotli: number
  totalBrotli: number
  files: { path: string; kind: string; sent: number }[]
}

/**
 * The eager pictures of `html` (no `loading="lazy"`) and image preloads. A `<picture>` with an
 * AVIF `<source>` is fetched as AVIF by every browser that reads it: its AVIF candidate of the
 * width the `<img>`'s own fallback has (a browser picks by the layout's width and the screen's
 * density; the fallback's width is the build's choice for a phone) is counted, and the `<img>`'s
 * WebP is listed apart as a fallback that such a browser never fetches.
 */
export function eagerImages(html: string): { fetched: string[]; fallbacks: string[] } {
  const fetched: string[] = []
  const fallbacks: string[] = []
  const local = (url: string | undefined) => (url?.startsWith('/') ? url.slice(1) : undefined)
  const candidates = (srcset: string) =>
    srcset.split(',').map((c) => {
      const [url, descriptor] = c.trim().split(/\s+/)
      return { url: url!, descriptor: descriptor ?? '1x' }
    })
  const pictures = [...html.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((m) => m[1]!)
  const outside = html.replace(/<picture>[\s\S]*?<\/picture>/g, '')
  for (const picture of pictures) {
    const img = /<img\b[^>]*>/.exec(picture)?.[0]
    if (!img || /loading="lazy"/.test(img)) continue
    const src = /\ssrc="([^"]+)"/.exec(img)?.[1]
    const sources = [...picture.matchAll(/<source\b[^>]*>/g)].map((m) => m[0])
    const avif = sources.find((t) => /type="image\/avif"/.test(t))
    const srcset = avif && /srcset="([^"]+)"/i.exec(avif)?.[1]
    if (!srcset || !src) {
      if (local(src)) fetched.push(local(src)!)
      continue
    }
    // The fallback's width, read from the source that lists it (the WebP one).
    const all = sources.flatMap((t) => candidates(/srcset="([^"]+)"/i.exec(t)?.[1] ?? ''))
    const width = all.find((c) => c.url === src)?.descriptor
    const avifs = candidates(srcset)
    const pick = avifs.find((c) => c.descriptor === width) ?? avifs[avifs.length - 1]!
    if (local(pick.url)) fetched.push(local(pick.url)!)
    if (local(src)) fallbacks.push(local(src)!)
  }
  for (const m of outside.matchAll(/<img\b[^>]*>/g)) {
    const src = local(/\ssrc="([^"]+)"/.exec(m[0])?.[1])
    if (src && !/loading="lazy"/.test(m[0])) fetched.push(src)
  }
  for (const m of html.matchAll(/<link[^>]+rel="preload"[^>]+as="image"[^>]+href="\/([^"]+)"/g)) fetched.push(m[1]!)
  return { fetched, fallbacks }
}

async function sentSize(path: string): Promise<number> {
  const br = await stat(`${CLIENT}${path}.br`).catch(() => undefined)
  return br ? br.size : (await stat(`${CLIENT}${path}`)).size
}

export async function firstView(): Promise<FirstView> {
  const html = await readFile(`${CLIENT}index.html`, 'utf8')
  const refs = new Map<string, string>()
  for (const m of html.matchAll(/<script[^>]+src="\/([^"]+)"/g)) refs.set(m[1]!, 'js')
  // The entry module and the full stylesheet, which the inline loader adds after the first paint.
  const loader = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join('')
  for (const m of loader.matchAll(/\.src="\/([^"]+\.js)"/g)) refs.set(m[1]!, 'js')
  for (const m of loader.matchAll(/\.href="\/([^"]+\.css)"/g)) refs.set(m[1]!, 'css')
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)) refs.set(m[1]!, 'js')
  for (const m of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)) refs.set(m[1]!, 'css')
  // Eagerly loaded pictures, as a browser that reads AVIF fetches them (eagerImages).
  const images = eagerImages(html)
  for (const path of images.fetched) refs.set(path, 'image')
  for (const path of images.fallbacks) refs.set(path, 'fallback')
  const files: FirstView['files'] = []
  let jsGzip = gzipSync(loader, { level: 9 }).length
  for (const [path, kind] of refs) {
    files.push({ path, kind, sent: await sentSize(path) })
    if (kind === 'js') jsGzip += gzipSync(await readFile(`${CLIENT}${path}`), { level: 9 }).length
  }
  const sum = (kind: string) => files.filter((f) => f.kind === kind).reduce((n, f) => n + f.sent, 0)
  const htmlBrotli = await sentSize('index.html')
  return {
    jsGzip,
    jsBrotli: sum('js'),
    cssBrotli: sum('css'),
    imagesBytes: sum('image'),
    imagesFallbackBytes: sum('fallback'),
    htmlBrotli,
    totalBrotli: htmlBrotli + files.filter((f) => f.kind !== 'fallback').reduce((n, f) => n + f.sent, 0),
    files,
  }
}

// `tsx bench/bundle.ts`: the first view's bytes of the existing build (`npm run build` first).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fv = await firstView()
  console.log(JSON.stringify({ ...fv, jsGzipKB: +(fv.jsGzip / 1024).toFixed(1), jsTargetKB: 70 }, null, 2))
}
