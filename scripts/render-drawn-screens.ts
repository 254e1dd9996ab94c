// One-off: renders the demo's drawn hero screens (React SVG components) to PNG at an iPhone's
// resolution, 1179x2556, so the demo ships raster screenshots like a founder's and every figure
// we publish is measured on them (docs/decisions/screenshots.md). Run once; the drawn components
// were deleted after, so this file only documents how content/screens/*.png were made.
import { writeFile } from 'node:fs/promises'
import { chromium } from 'playwright-core'
import { createElement, type ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createServer } from 'vite'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'

/** iPhone 15's screen in points; at 3x, 1179x2556 pixels. */
const POINTS = { width: 393, height: 852 }
const SCREENS = [
  ['tasks', 'tasks-screen.tsx', 'TasksScreen'],
  ['dashboard', 'dashboard-screen.tsx', 'DashboardScreen'],
  ['payments', 'payments-screen.tsx', 'PaymentsScreen'],
] as const

// Through Vite's module loader: tools reach the page's code only through a build or a browser.
const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom', logLevel: 'error' })
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  const page = await browser.newPage({ viewport: POINTS, deviceScaleFactor: 3 })
  for (const [id, file, name] of SCREENS) {
    const module = (await vite.ssrLoadModule(`/src/web/sections/screens/${file}`)) as Record<
      string,
      ComponentType<{ label: string; className?: string }>
    >
    const svg = renderToStaticMarkup(createElement(module[name]!, { label: id }))
      // Fill the phone: the drawing's 270x585 is the same shape as 393x852 to 0.1%.
      .replace(/ width="\d+" height="\d+"/, ' width="100%" height="100%" preserveAspectRatio="none"')
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:system-ui,sans-serif;-webkit-font-smoothing:antialiased">${svg}</body></html>`,
    )
    await page.addStyleTag({ content: 'svg{display:block;width:100vw;height:100vh}' })
    const png = await page.screenshot({ type: 'png' })
    await writeFile(`content/screens/${id}.png`, png)
    console.log(`content/screens/${id}.png: ${png.length} bytes`)
  }
} finally {
  await browser.close()
  await vite.close()
}
