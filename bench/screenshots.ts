// The landing page as a visitor sees it, for comparing two builds pixel by pixel (the
// page must look exactly as before). Shoots the built page at 390x844 and 1440x900: the first
// view, the whole page, and the contact dialog open. With `--first-paint` it also shoots the
// first view with every stylesheet and script request refused, i.e. what the document alone paints.
//   npx tsx bench/screenshots.ts shoot <dir> [--first-paint]    (starts the built server)
//   npx tsx bench/screenshots.ts compare <dir-a> <dir-b>        (exits 1 on any differing pixel)
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts'

export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const

/** Waits until the page is hydrated and nothing is moving: the same state in every build. */
async function settle(page: Page): Promise<void> {
  // Hydrated, and every part the loader held back from the first layout shown (scripts/first-view.ts).
  await page.waitForFunction(() => {
    const { dataset } = document.documentElement
    return 'hydrated' in dataset && !('hold' in dataset)
  })
  await page.evaluate(async () => {
    await document.fonts.ready
    for (const img of Array.from(document.images)) await img.decode().catch(() => {})
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  })
}

export async function shoot(browser: Browser, url: string, dir: string, firstPaint: boolean): Promise<string[]> {
  await mkdir(dir, { recursive: true })
  const written: string[] = []
  for (const viewport of VIEWPORTS) {
    const tag = `${viewport.width}x${viewport.height}`
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce', deviceScaleFactor: 1 })
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'networkidle' })
    await settle(page)
    const save = async (name: string, fullPage: boolean) => {
      const path = join(dir, `${name}-${tag}.png`)
      await page.screenshot({ path, fullPage, animations: 'disabled', caret: 'hide' })
      written.push(path)
    }
    await save('first-view', false)
    await save('page', true)
    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact Us', exact: true }).click()
    await page.getByRole('dialog').waitFor()
    await save('contact-dialog', false)
    await context.close()

    if (firstPaint) {
      // The document alone: no stylesheet file and no script may be needed for the first view.
      const bare = await browser.newContext({ viewport, reducedMotion: 'reduce', deviceScaleFactor: 1 })
      const p = await bare.newPage()
      await p.route(/\.(css|js)(\?|$)/, (route) => route.abort())
      await p.goto(url, { waitUntil: 'load' })
      await p.evaluate(async () => {
        for (const img of Array.from(document.images)) await img.decode().catch(() => {})
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
      })
      const path = join(dir, `first-view-document-only-${tag}.png`)
      await p.screenshot({ path, animations: 'disabled', caret: 'hide' })
      written.push(path)
      await bare.close()
    }
  }
  return written
}

export type Difference = {
  name: string
  pixels: number
  total: number
  sizeA: string
  sizeB: string
  /** Where the differing pixels are: [left, top, right, bottom], or null. */
  box?: [number, number, number, number] | null
}

// Runs in the page, so passed as source text: tsx would wrap named inner functions in a helper
// that exists only in Node.
const COUNT_DIFFERENT_PIXELS = `async ([x, y]) => {
  const load = async (b64) => {
    const img = new Image()
    img.src = 'data:image/png;base64,' + b64
    await img.decode()
    const c = document.createElement('canvas')
    c.width = img.naturalWidth
    c.height = img.naturalHeight
    const ctx = c.getContext('2d')
    ctx.drawImage(img, 0, 0)
    return { w: c.width, h: c.height, data: ctx.getImageData(0, 0, c.width, c.height).data }
  }
  const ia = await load(x)
  const ib = await load(y)
  const sizeA = ia.w + 'x' + ia.h
  const sizeB = ib.w + 'x' + ib.h
  if (sizeA !== sizeB) return { pixels: -1, total: ia.w * ia.h, sizeA, sizeB }
  let pixels = 0
  let box = null
  for (let i = 0; i < ia.data.length; i += 4)
    if (ia.data[i] !== ib.data[i] || ia.data[i + 1] !== ib.data[i + 1] || ia.data[i + 2] !== ib.data[i + 2] || ia.data[i + 3] !== ib.data[i + 3]) {
      pixels++
      const x = (i / 4) % ia.w
      const y = Math.floor(i / 4 / ia.w)
      box = box ? [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)] : [x, y, x, y]
    }
  return { pixels, total: ia.w * ia.h, sizeA, sizeB, box }
}`

/** Decodes both PNGs in the browser (a canvas each) and counts the pixels whose RGBA differ. */
export async function compare(browser: Browser, a: string, b: string): Promise<Difference[]> {
  const page = await browser.newPage()
  const out: Difference[] = []
  for (const name of (await readdir(a)).filter((n) => n.endsWith('.png')).sort()) {
    const [pa, pb] = await Promise.all([readFile(join(a, name)), readFile(join(b, name)).catch(() => undefined)])
    if (!pb) {
      out.push({ name, pixels: -1, total: 0, sizeA: '', sizeB: 'missing' })
      continue
    }
    out.push({
      name,
      ...((await page.evaluate(
        `(${COUNT_DIFFERENT_PIXELS})(${JSON.stringify([pa.toString('base64'), pb.toString('base64')])})`,
      )) as Omit<Difference, 'name'>),
    })
  }
  await page.close()
  return out
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [command, ...args] = process.argv.slice(2)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    if (command === 'shoot' && args[0]) {
      const { startServer } = await import('./server.ts')
      const scratch = await mkdtemp(join(tmpdir(), 'shots-'))
      const server = await startServer({ PGLITE_DIR: join(scratch, 'db'), OUTBOX_DIR: join(scratch, 'outbox') })
      try {
        const files = await shoot(browser, `${server.url}/`, args[0], args.includes('--first-paint'))
        console.log(files.join('\n'))
      } finally {
        await server.stop()
        await rm(scratch, { recursive: true, force: true })
      }
    } else if (command === 'compare' && args[0] && args[1]) {
      const diffs = await compare(browser, args[0], args[1])
      for (const d of diffs)
        console.log(
          `${d.name}: ${d.pixels < 0 ? `size ${d.sizeA} vs ${d.sizeB}` : `${d.pixels} of ${d.total} pixels differ${d.box ? ` in [${d.box.join(', ')}]` : ''}`}`,
        )
      await writeFile(join(args[1], 'comparison.json'), JSON.stringify(diffs, null, 2))
      if (diffs.some((d) => d.pixels !== 0)) process.exitCode = 1
    } else {
      console.error('usage: tsx bench/screenshots.ts shoot <dir> [--first-paint] | compare <dir-a> <dir-b>')
      process.exitCode = 2
    }
  } finally {
    await browser.close()
  }
}
