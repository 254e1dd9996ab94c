// Screenshots of the landing page in the visitor's light and dark (docs/decisions/colour-schemes.md)
// and of the forms' answers without JavaScript (docs/decisions/no-script-forms.md), at 390 and 1440
// px, into docs/screenshots/scheme-*.png: the first view, the sign-up section, the contact dialog
// opened through the URL, and the welcome page a script-less sign-up gets. The built server on a
// throwaway database. Usage: npm run build && tsx scripts/scheme-screenshots.ts
import { chromium } from 'playwright-core'
import { DEFAULT_LOCALE, SIGNUP_TEXTS } from '../src/shared/content.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { startScreenshotServer } from './screenshot-server.ts'

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const
const SCHEMES = ['light', 'dark'] as const

const server = await startScreenshotServer('scheme')
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  for (const colorScheme of SCHEMES)
    for (const size of SIZES) {
      const name = (what: string) => `docs/screenshots/scheme-${what}-${colorScheme}-${size.width}x${size.height}.png`
      const context = await browser.newContext({ viewport: size, colorScheme, javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto(`${server.base}/`, { waitUntil: 'load' })
      await page.screenshot({ path: name('landing'), animations: 'disabled', caret: 'hide' })
      await page.locator('#cta').scrollIntoViewIfNeeded()
      await page.screenshot({ path: name('signup'), animations: 'disabled', caret: 'hide' })
      await page.goto(`${server.base}/#contact`, { waitUntil: 'load' })
      await page.screenshot({ path: name('contact'), animations: 'disabled', caret: 'hide' })
      await page.goto(`${server.base}/`, { waitUntil: 'load' })
      await page.getByRole('textbox', { name: SIGNUP_TEXTS[DEFAULT_LOCALE].emailLabel }).fill('maya@example.com')
      await page.getByRole('button', { name: SIGNUP_TEXTS[DEFAULT_LOCALE].submit, exact: true }).click()
      await page.waitForLoadState('load')
      await page.screenshot({ path: name('joined'), animations: 'disabled', caret: 'hide' })
      await context.close()
    }
} finally {
  await browser.close()
  await server.stop()
}
