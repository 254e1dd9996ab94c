// Screenshots of the owner console for docs/screenshots: starts the built server on a
// throwaway PGlite folder with some data, signs in through `npm run owner -- link`, and shoots
// each view at 390x844 and 1440x900, light and dark. Usage: npm run build && tsx scripts/console-screenshots.ts
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { ANON_HEADERS as anon, SAMPLE_NAMES as names, startScreenshotServer } from './screenshot-server.ts'

const server = await startScreenshotServer('console')
const { base, ownerLink } = server
try {
  for (let i = 0; i < 40; i++) {
    const email = `${names[i % names.length]}${i}@example.com`
    await fetch(`${base}/rest/v1/beta_signups`, { method: 'POST', headers: anon, body: JSON.stringify({ email }) })
    if (i % 3 === 0)
      await fetch(`${base}/functions/v1/resend-email`, {
        method: 'POST',
        headers: anon,
        body: JSON.stringify({ email }),
      })
  }
  const messages = [
    [
      'Maya Keller',
      'maya@example.com',
      'bug-report',
      'The invoice PDF shows last month’s total.\nSteps: open an invoice, press Export.',
    ],
    ['Jonas Berg', 'jonas@example.com', 'feature-request', 'Could tasks repeat every week?'],
    ['Ines Duarte', 'ines@example.com', 'billing', 'Will the beta stay free after launch?'],
  ]
  for (const [name, email, subject, message] of messages)
    await fetch(`${base}/rest/v1/contact_messages`, {
      method: 'POST',
      headers: anon,
      body: JSON.stringify({ name, email, subject, message }),
    })

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme: scheme })
    const page = await context.newPage()
    await page.goto(ownerLink())
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForSelector('h1')
    for (const [w, h] of [
      [390, 844],
      [1440, 900],
      [320, 700],
    ] as const) {
      await page.setViewportSize({ width: w, height: h })
      for (const view of ['signups', 'launch', 'inbox', 'sessions']) {
        await page.goto(`${base}/admin/${view}`)
        await page.waitForTimeout(600)
        const overflow = await page.evaluate(() => {
          const over = Array.from(document.querySelectorAll('body *')).filter(
            (e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
          )
          return {
            width: document.documentElement.scrollWidth - document.documentElement.clientWidth,
            offenders: over.slice(0, 5).map((e) => `${e.tagName}.${e.className}`.slice(0, 120)),
          }
        })
        if (overflow.width > 0) console.log(scheme, w, view, JSON.stringify(overflow))
        if (w !== 320)
          await page.screenshot({ path: `docs/screenshots/console-${view}-${scheme}-${w}x${h}.png`, fullPage: false })
      }
    }
    await context.close()
  }
  await browser.close()
} finally {
  await server.stop()
}
