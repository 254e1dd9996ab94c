// Screenshots of the Launch view's "Ready for launch day" and "Email queue" cards for
// docs/screenshots (issue 52): a server on Resend's free plan's limits with double opt-in, before
// and after the founder enters the 20,000 sign-ups they expect. 390x844 and 1440x900, both schemes.
// Usage: npm run build && tsx scripts/readiness-screenshots.ts
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { startScreenshotServer } from './screenshot-server.ts'

const server = await startScreenshotServer('readiness', {
  EMAIL_RATE_PER_SECOND: '2',
  EMAIL_DAILY_LIMIT: '100',
  SIGNUP_CONFIRMATION: 'on',
})
const { base, ownerLink } = server

try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  for (const scheme of ['light', 'dark'] as const) {
    const page = await (await browser.newContext({ colorScheme: scheme })).newPage()
    await page.goto(ownerLink())
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForSelector('h1')
    for (const [w, h] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width: w, height: h })
      await page.goto(`${base}/admin/launch`)
      const card = page.getByRole('region', { name: 'Ready for launch day' })
      await card.waitFor()
      const field = card.getByLabel('Sign-ups you expect in the first 24 hours')
      await field.fill('20000')
      await card.getByRole('button', { name: 'Save' }).click()
      await card.getByText('Saved: 20,000.').waitFor()
      await card.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `docs/screenshots/console-launch-readiness-${scheme}-${w}x${h}.png` })
    }
  }
  await browser.close()
} finally {
  await server.stop()
}
