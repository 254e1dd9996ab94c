// The first view's bytes, counted from the build itself (no browser): every script, stylesheet
// and image the prerendered index.html references, at the size the server sends it (its .br
// copy when there is one, else the file).
import { readFile, stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const CLIENT = fileURLToPath(new URL('../dist/client/', import.meta.url))

export type FirstView = {
  jsGzip: number
  jsBrotli: number
  cssBrotli: number
  imagesBytes: number
  htmlBrotli: number
  totalBrotli: number
  files: { path: string; kind: string; sent: number }[]
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
  // Eagerly loaded pictures: <img> without loading="lazy", and image preloads.
  for (const m of html.matchAll(/<img\b[^>]*>/g))
    if (!/loading="lazy"/.test(m[0])) {
      const src = /src="\/([^"]+)"/.exec(m[0])?.[1]
      if (src) refs.set(src, 'image')
    }
  for (const m of html.matchAll(/<link[^>]+rel="preload"[^>]+as="image"[^>]+href="\/([^"]+)"/g))
    refs.set(m[1]!, 'image')
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
    htmlBrotli,
    totalBrotli: htmlBrotli + files.reduce((n, f) => n + f.sent, 0),
    files,
  }
}

// `tsx bench/bundle.ts`: the first view's bytes of the existing build (`npm run build` first).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fv = await firstView()
  console.log(JSON.stringify({ ...fv, jsGzipKB: +(fv.jsGzip / 1024).toFixed(1), jsTargetKB: 70 }, null, 2))
}
