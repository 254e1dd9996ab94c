// Screenshots of the beta invitations for docs/screenshots: the console's Invitations
// view with a preview, and the phone-choice page. Starts the built server on a throwaway PGlite
// folder with the iPhone link set and the Android one not.
// Usage: npm run build && tsx scripts/invitation-screenshots.ts
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { ANON_HEADERS as anon, SAMPLE_NAMES as names, startScreenshotServer } from './screenshot-server.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
// A stand-in for TestFlight's join page that says the beta is full, so that the view's note shows
// once a batch was sent (Apple's page is out of reach here).
const joinPage = createServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'text/html' }).end('<div class="beta-status">This beta is full.</div>'),
)
await new Promise<void>((resolve) => joinPage.listen(0, '127.0.0.1', resolve))
const server = await startScreenshotServer('invite', {
  BETA_IOS_URL: 'https://testflight.apple.com/join/AbCdEf12',
  TESTFLIGHT_CHECK_URL: `http://127.0.0.1:${(joinPage.address() as AddressInfo).port}/join/AbCdEf12`,
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
      await page.goto(`${base}/admin/#/invitations`)
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
  // A batch sent while the TestFlight link is full: its iPhone invitations wait, and the view says why.
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(ownerLink())
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForSelector('h1')
  await page.goto(`${base}/admin/#/invitations`)
  await page.getByLabel('How many').fill('10')
  await page.getByRole('button', { name: 'Preview' }).click()
  await page.getByRole('button', { name: /^Invite these/ }).click()
  await page.getByText('TestFlight says').waitFor()
  for (const [w, h] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h })
    await page.screenshot({ path: `docs/screenshots/console-invitations-testflight-full-${w}x${h}.png` })
  }
  await context.close()
  await browser.close()
} finally {
  await server.stop()
  joinPage.close()
}
