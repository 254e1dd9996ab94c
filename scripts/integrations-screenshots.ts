// Screenshots of the console's Integrations view for docs/screenshots: the built server on a
// throwaway PGlite folder, two webhook endpoints on loopback receivers (one answering 200, one
// 500), a few sign-ups delivered, the first endpoint's log open. 390x844 and 1440x900, light.
// Usage: npm run build && tsx scripts/integrations-screenshots.ts
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { ANON_HEADERS as anon, SAMPLE_NAMES as names, startScreenshotServer } from './screenshot-server.ts'

function receiver(status: number) {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () =>
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(status < 300 ? '{"ok":true}' : '{"error":"database is down"}'),
    )
  })
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://localhost:${(server.address() as AddressInfo).port}/hooks`, close: () => server.close() }),
    ),
  )
}

const good = await receiver(200)
const bad = await receiver(500)
const server = await startScreenshotServer('integrations', {
  OUTBOUND_ALLOW_LOOPBACK: 'true',
  OUTBOUND_POLL_INTERVAL_MS: '200',
  OUTBOUND_RETRY_SCHEDULE_MS: '60000',
})
const { base, ownerLink } = server
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const context = await browser.newContext({ colorScheme: 'light' })
  const page = await context.newPage()
  await page.goto(ownerLink())
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForSelector('h1')
  const post = (path: string, body: unknown) =>
    page.request.post(`${base}/admin/api/integrations/webhooks${path}`, { data: body, headers: { origin: base } })
  await post('', {
    url: good.url,
    description: 'CRM sync (n8n)',
    events: ['signup.created', 'signup.confirmed', 'person.unsubscribed', 'person.erased'],
  })
  await post('', { url: bad.url, description: 'Old Zapier hook', events: ['feedback.created', 'signup.created'] })
  for (let i = 0; i < 4; i++) {
    const email = `${names[i % names.length]}${i}@example.com`
    await fetch(`${base}/rest/v1/beta_signups`, { method: 'POST', headers: anon, body: JSON.stringify({ email }) })
  }
  await page.waitForTimeout(1500)
  for (const [w, h] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h })
    await page.goto(`${base}/admin/integrations`)
    await page.getByRole('button', { name: 'Delivery log' }).first().click()
    await page.waitForTimeout(600)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    if (overflow > 0) console.log(w, 'overflows by', overflow)
    await page.screenshot({ path: `docs/screenshots/console-integrations-${w}x${h}.png`, fullPage: true })
  }
  await browser.close()
} finally {
  await server.stop()
  good.close()
  bad.close()
}
