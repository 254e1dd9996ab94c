// Draws the Open Graph / Twitter share picture and the manifest's PNG icons from the site
// configuration, then rasterises them with headless Chromium into public/. Social crawlers and
// home screens want PNG, not SVG. The PNGs are committed (so a build needs no browser); rerun
// after changing the name, the headline or the mark:  npx tsx scripts/share-image.ts
import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { TOKENS } from '../src/shared/design-tokens.ts'
import { DEFAULT_LOCALE, HERO_TEXTS, PRODUCT, SIGNUP_TEXTS } from '../src/shared/content.ts'
import { SHARE_IMAGE } from './seo.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'

const publicDir = fileURLToPath(new URL('../public/', import.meta.url))
// The design tokens' values (the page is dark): the logo's gradient, the page, its text.
const T = TOKENS.dark
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const MARK_PATH =
  'M21.5 11.2c-1.2-1.4-3.2-2.2-5.4-2.2-3.1 0-5.3 1.6-5.3 3.9 0 5.3 10.6 2.7 10.6 8 0 2.4-2.3 4-5.5 4-2.4 0-4.5-.9-5.9-2.5'

/** The mark on a square; `inset` leaves the safe zone a maskable icon needs. */
function iconSvg(size: number, inset = 0): string {
  const s = 32 / (1 - 2 * inset)
  const o = -inset * s
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${o} ${o} ${s} ${s}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${T['logo-from']}"/><stop offset="1" stop-color="${T['logo-to']}"/></linearGradient></defs>
  ${inset ? `<rect x="${o}" y="${o}" width="${s}" height="${s}" fill="${T.page}"/>` : ''}
  <rect width="32" height="32" rx="${inset ? 0 : 9}" fill="url(#g)"/>
  <path d="${MARK_PATH}" fill="none" stroke="${T['on-brand']}" stroke-width="2.6" stroke-linecap="round"/></svg>`
}

function shareHtml(): string {
  const { width, height } = SHARE_IMAGE
  const [HERO, SIGNUP] = [HERO_TEXTS[DEFAULT_LOCALE], SIGNUP_TEXTS[DEFAULT_LOCALE]]
  const lead = HERO.headline.slice(0, HERO.headline.length - HERO.headlineAccent.length)
  return `<!doctype html><html><body style="margin:0">
  <div style="width:${width}px;height:${height}px;box-sizing:border-box;padding:72px 80px;display:flex;flex-direction:column;justify-content:space-between;
    background:radial-gradient(circle at 80% 10%,#3730a3 0,transparent 55%),${T.page};color:${T['fg-strong']};font-family:'DejaVu Sans',Arial,sans-serif">
    <div style="display:flex;align-items:center;gap:20px">${iconSvg(72)}
      <span style="font-size:44px;font-weight:700">${esc(PRODUCT.name)}</span>
      <span style="font-size:22px;font-weight:700;letter-spacing:.08em;border:2px solid ${T.link};color:#e0e7ff;border-radius:999px;padding:4px 14px">BETA</span></div>
    <div style="font-size:76px;font-weight:700;line-height:1.05;letter-spacing:-.02em">${esc(lead)}<span style="color:#c4b5fd">${esc(HERO.headlineAccent)}</span></div>
    <div style="font-size:28px;color:${T.fg}">${esc(SIGNUP.reassurance.join(' · '))} · ${esc(HERO.note)}</div>
  </div></body></html>`
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
})
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 })
  const shots: [string, string, number][] = [
    ['og-image.png', shareHtml(), SHARE_IMAGE.width],
    ['icon-192.png', iconSvg(192), 192],
    ['icon-512.png', iconSvg(512), 512],
    ['icon-maskable-512.png', iconSvg(512, 0.1), 512],
  ]
  for (const [name, markup, width] of shots) {
    const height = name === 'og-image.png' ? SHARE_IMAGE.height : width
    await page.setViewportSize({ width, height })
    await page.setContent(markup.startsWith('<svg') ? `<body style="margin:0">${markup}</body>` : markup)
    await writeFile(
      `${publicDir}${name}`,
      await page.screenshot({ omitBackground: !name.includes('og-') && !name.includes('maskable') }),
    )
    console.log(`wrote public/${name} (${width}x${height})`)
  }
} finally {
  await browser.close()
}
