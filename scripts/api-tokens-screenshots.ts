// Screenshots of the console's API tokens section (Integrations view) for docs/screenshots: the
// built server on a throwaway PGlite folder, three tokens (one just made and shown once, one used
// by a tool, one revoked). 390x844 and 1440x900, light.
// Usage: npm run build && tsx scripts/api-tokens-screenshots.ts
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { startScreenshotServer } from './screenshot-server.ts'

const server = await startScreenshotServer('api-tokens', {})
const { base, ownerLink } = server
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const context = await browser.newContext({ colorScheme: 'light' })
  const page = await context.newPage()
  await page.goto(ownerLink())
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForSelector('h1')
  const create = async (name: string, scopes: string[]) => {
    const res = await page.request.post(`${base}/admin/api/integrations/tokens`, {
      data: { name, scopes },
      headers: { origin: base },
    })
    return (await res.json()) as { token: { id: number }; secret: string }
  }
  const old = await create('Old Zapier zap', ['signups:write'])
  await page.request.post(`${base}/admin/api/integrations/tokens/${old.token.id}/revoke`, { headers: { origin: base } })
  const grafana = await create('Grafana dashboard', ['stats:read'])
  await page.request.get(`${base}/api/v1/stats`, { headers: { authorization: `Bearer ${grafana.secret}` } })
  // The new token is made once; both sizes show the same page state (the token is shown only once).
  await page.goto(`${base}/admin/integrations`)
  const section = page.getByRole('region', { name: 'API tokens' })
  await section.getByRole('button', { name: 'Create token' }).click()
  await section.getByLabel('Name (what uses it)').fill('CRM sync')
  await section.getByRole('checkbox', { name: /signups:read/ }).check()
  await section.getByRole('button', { name: 'Create token' }).click()
  await section.getByTestId('new-token').waitFor()
  await page.mouse.move(0, 0)
  for (const [w, h] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h })
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    if (overflow > 0) console.log(w, 'overflows by', overflow)
    await page.screenshot({ path: `docs/screenshots/console-api-tokens-${w}x${h}.png`, fullPage: true })
  }
  await browser.close()
} finally {
  await server.stop()
}
