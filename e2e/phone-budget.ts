// What a phone downloads for the page's first view, and the budget it must fit (e2e/budget.spec.ts
// on the founder's page, e2e/large-screenshots.spec.ts on the template's image pipeline).
import type { Browser } from '@playwright/test'
import { BRAND_LOGO, SCREENSHOTS } from '../src/shared/content.ts'
import { expect } from './fixtures.ts'

const KB = 1024
/**
 * A PNG logo (content/brand/logo.png) is an <img> in the header and the footer, fetched with the
 * document like any small picture; an SVG one (the demo's) is inlined and fetches nothing
 * (src/ui/logo-mark.tsx).
 */
export const LOGO_SRC = BRAND_LOGO.kind === 'png' ? BRAND_LOGO.src : undefined

/**
 * What a phone (390x844 at 3x) downloads for the first view, by the time the network is idle:
 * every response's bytes on the wire, and the images apart.
 */
export async function phoneFirstView(browser: Browser, url: string) {
  // The screen too: the project's desktop screen would be the layout's width until the page's
  // viewport tag is read, and the images picked for it fetched.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    screen: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  const pending: Promise<{ url: string; type: string; bytes: number; contentType: string }>[] = []
  page.on('requestfinished', (request) =>
    pending.push(
      Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
        url: new URL(request.url()).pathname,
        type: request.resourceType(),
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        contentType: response?.headers()['content-type'] ?? '',
      })),
    ),
  )
  await page.goto(url, { waitUntil: 'networkidle' })
  const responses = await Promise.all(pending)
  await context.close()
  const images = responses.filter((r) => r.type === 'image')
  return { total: responses.reduce((n, r) => n + r.bytes, 0), images }
}

const KB_PHONE_FIRST_VIEW = 150 * KB
const KB_PER_IMAGE = 60 * KB

export function expectWithinPhoneBudget(view: Awaited<ReturnType<typeof phoneFirstView>>) {
  // One file per screenshot, AVIF (the phone reads it), and none of them over its budget; a PNG
  // logo is one more file, within the same per-image and total budget.
  const screenshots = view.images.filter((i) => i.url !== LOGO_SRC)
  expect(screenshots.map((i) => i.contentType)).toEqual(SCREENSHOTS.map(() => 'image/avif'))
  expect(view.images.length - screenshots.length).toBe(LOGO_SRC ? 1 : 0)
  for (const image of view.images) expect(image.bytes, image.url).toBeLessThanOrEqual(KB_PER_IMAGE)
  expect(view.total, 'the first view on the wire, in all').toBeLessThanOrEqual(KB_PHONE_FIRST_VIEW)
}
