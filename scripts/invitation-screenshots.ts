// Screenshots of the beta invitations for docs/screenshots: the console's Invitations
// view with a preview, and the phone-choice page. Starts the built server on a throwaway PGlite
// folder with the iPhone link set and the Android one not.
// Usage: npm run build && tsx scripts/invitation-screenshots.ts
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { ANON_HEADERS as anon, SAMPLE_NAMES as names, startScreenshotServer } from './screenshot-server.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const server = await startScreenshotServer('invite', {
  BETA_IOS_URL: 'https://testflight.apple.com/join/AbCdEf12',
  // Apple's join page is out of reach here (its check has its own tests, against a stand-in).
  TESTFLIGHT_CHECK: 'off',
  EMAIL_POLL_INTERVAL_MS: '200',
})
const { base, outbox, ownerLink } = server
try {
  for (let i = 0; i < 24; i++) {
    const body = JSON.stringify({ email: `${names[i % names.length]}${i}@example.com` })
    await fetch(`${base}/rest/v1/beta_signups`, { method: 'POST', headers: anon, body })
    await fetch(`${base}/functions/v1/resend-email`, { method: 'POST', headers: anon, body })
  }
  // Wait for the welcome emails, then let some people choose their phone through their links.
  const welcome = () =>
    readdirSync(outbox)
      .filter((n) => n.endsWith('.json'))
      .map((n) => JSON.parse(readFileSync(join(outbox, n), 'utf8')) as { text: string })
  for (let i = 0; i < 200 && welcome().length < 24; i++) await sleep(100)
  const links = welcome().map((e) => /\/beta\/phone\?platform=ios&token=[\w-]+/.exec(e.text)![0])
  let phoneLink = ''
  for (const [i, link] of links.entries()) {
    const path = i % 3 === 0 ? link : i % 3 === 1 ? link.replace('platform=ios', 'platform=android') : null
    if (path && i > 0) await fetch(`${base}${path}`, { method: 'POST' })
    if (i === 0) phoneLink = link
  }

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
    ] as const) {
      await page.setViewportSize({ width: w, height: h })
      await page.goto(`${base}/admin/invitations`)
      await page.getByLabel('How many').fill('5')
      await page.getByRole('button', { name: 'Preview' }).click()
      await page.getByRole('button', { name: /^Invite these/ }).waitFor()
      await page.screenshot({ path: `docs/screenshots/console-invitations-${scheme}-${w}x${h}.png`, fullPage: true })
      if (scheme === 'light') {
        await page.goto(`${base}${phoneLink}`)
        await page.screenshot({ path: `docs/screenshots/beta-phone-choice-${w}x${h}.png` })
      }
    }
    await context.close()
  }
  await browser.close()
} finally {
  await server.stop()
}
