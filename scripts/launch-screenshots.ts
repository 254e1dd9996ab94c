// Screenshots of the console's Launch view for docs/screenshots (issue 37): a server that has never
// seen a request for its page (a proxy or CDN in front serves it) says so plainly; then a launch
// day with more sources than the view lists one by one, so the last row gathers the rest as
// "Other sources"; then (issue 43) the app's launch: /app opened from a few sources, and the
// "we are live" message's own links opened by some sign-ups. 390x844 and 1440x900, light.
// Usage: npm run build && tsx scripts/launch-screenshots.ts
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { DEFAULT_LOCALE, TESTER_MESSAGE_TEXTS } from '../src/shared/content.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { ANON_HEADERS as anon, startScreenshotServer } from './screenshot-server.ts'

const server = await startScreenshotServer('launch', { TRUST_PROXY: '1', ANALYTICS_FLUSH_MS: '200' })
const { base, ownerLink } = server
const browserString = (n: number) =>
  n % 2
    ? `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${n % 10} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${n % 10} Mobile/15E148 Safari/604.1`
    : `Mozilla/5.0 (Linux; Android 14; Pixel ${n % 9}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.${n} Mobile Safari/537.36`
const person = (n: number) => ({
  'user-agent': browserString(n),
  'x-forwarded-for': `198.51.${100 + (n >> 8)}.${n & 255}`,
  'accept-language': 'en-GB,en;q=0.9',
  'accept-encoding': 'gzip, br',
  accept: 'text/html',
})

/** The owner sends the launch-day message from the Messages view: each person's own /app link. */
async function sendLiveMessage(page: Page) {
  await page.goto(`${base}/admin/messages`)
  await page.getByRole('button', { name: TESTER_MESSAGE_TEXTS[DEFAULT_LOCALE].live.label }).click()
  await page.getByRole('button', { name: /^Send to \d+ (person|people)$/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Send message' }).click()
  await page
    .getByRole('status')
    .filter({ hasText: /^Message queued for/ })
    .waitFor()
}

/** The first link of a pattern in each email the outbox holds so far, by recipient. */
async function ownLinks(pattern = /https?:\/\/\S+\/app\?token=[\w-]+/): Promise<Map<string, string>> {
  const links = new Map<string, string>()
  for (const name of (await readdir(server.outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.json'))) {
    const email = JSON.parse(await readFile(join(server.outbox, name), 'utf8')) as {
      to: string | string[]
      text: string
    }
    const link = pattern.exec(email.text)?.[0]
    if (link) links.set(String(email.to), link)
  }
  return links
}

async function shoot(name: string, before?: (page: Page) => Promise<void>) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const page = await (await browser.newContext({ colorScheme: 'light' })).newPage()
  await page.goto(ownerLink())
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForSelector('h1')
  await before?.(page)
  for (const [w, h] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h })
    await page.goto(`${base}/admin/launch`)
    await page.getByRole('heading', { name: 'Launch', level: 1 }).waitFor()
    await page.waitForTimeout(800)
    // The sources' last row: the rest, gathered.
    if (name === 'sources') await page.getByText('Other sources').scrollIntoViewIfNeeded()
    // The per-source table's last columns: /app opens and who got the app through their own link.
    if (name === 'app-link') {
      const table = page.getByRole('table', { name: 'Visitors, sign-ups and what became of them, per source' })
      // On a phone the table scrolls in its card: shown scrolled to its last columns.
      await table.evaluate((t, phone) => {
        t.scrollIntoView({ block: 'start', inline: 'start' })
        if (phone) t.parentElement?.scrollBy({ left: 10_000 })
      }, w < 1000)
    }
    await page.screenshot({ path: `docs/screenshots/console-launch-${name}-light-${w}x${h}.png`, fullPage: false })
  }
  await browser.close()
}

try {
  await shoot('unseen')
  // A launch: a dozen named sources, then a long tail of one-off referrers past what the view lists.
  const named = ['producthunt', 'Hacker News', 'newsletter', 'Reddit', 'X (Twitter)', 'LinkedIn', 'BetaList']
  let n = 1
  for (const [i, source] of named.entries())
    for (let k = 0; k < 12 - i; k++)
      await fetch(`${base}/?utm_source=${encodeURIComponent(source)}`, { headers: person(n++) })
  for (let k = 0; k < 230; k++)
    await fetch(`${base}/`, { headers: { ...person(n++), referer: `https://blog-${k}.example/post` } })
  for (let k = 1; k < 12; k += 3)
    await fetch(`${base}/rest/v1/beta_signups`, {
      method: 'POST',
      headers: { ...anon, ...person(k) },
      body: JSON.stringify({ email: `tester${k}@example.com` }),
    })
  await shoot('sources')
  // The app's launch: phones open /app from three sources, then the "we are live" message goes
  // out and some of the list open their own link (one of them twice).
  for (const [i, source] of ['X (Twitter)', 'producthunt', 'newsletter'].entries())
    for (let k = 0; k < 8 - 2 * i; k++)
      await fetch(`${base}/app?utm_source=${encodeURIComponent(source)}`, {
        headers: person(500 + 10 * i + k),
        redirect: 'manual',
      })
  // The sign-ups confirm their address with the welcome email's phone choice: the list may be written to.
  for (let k = 1; k < 12; k += 3)
    await fetch(`${base}/functions/v1/resend-email`, {
      method: 'POST',
      headers: { ...anon, ...person(k) },
      body: JSON.stringify({ email: `tester${k}@example.com` }),
    })
  let choices = new Map<string, string>()
  for (let tries = 0; tries < 100 && choices.size < 4; tries++) {
    choices = await ownLinks(/https?:\/\/\S+\/beta\/phone\?platform=ios&token=[\w-]+/)
    await new Promise((r) => setTimeout(r, 100))
  }
  for (const link of choices.values()) await fetch(link, { method: 'POST', redirect: 'manual' })
  await shoot('app-link', async (page) => {
    await sendLiveMessage(page)
    let links = new Map<string, string>()
    for (let tries = 0; tries < 100 && links.size < 3; tries++) {
      links = await ownLinks()
      await new Promise((r) => setTimeout(r, 100))
    }
    for (const [k, link] of [...links.values()].slice(0, 3).entries())
      for (let n = 0; n <= (k === 0 ? 1 : 0); n++) await fetch(link, { headers: person(700 + k), redirect: 'manual' })
  })
} finally {
  await server.stop()
}
