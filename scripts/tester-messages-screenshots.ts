// Screenshots of the tester messages' views for docs/screenshots: the console's Messages and Feedback views
// (light and dark) and the tester's feedback page, at 390x844 and 1440x900. Starts the built
// server on a throwaway PGlite folder with a small beta list: 20 people invited, a nudge sent,
// feedback on two builds; every third person signed up on another language's page, and the nudge
// has a text per language. The composer is shot with a starting text in every language. Usage: npm run build && tsx scripts/tester-messages-screenshots.ts
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { ANON_HEADERS as anon, SAMPLE_NAMES as names, startScreenshotServer } from './screenshot-server.ts'
import { DEFAULT_LOCALE, LOCALES, TESTER_MESSAGE_TEXTS } from '../src/shared/content.ts'
import { TRANSLATED_LOCALES } from '../src/shared/tester-messages.ts'

const server = await startScreenshotServer('message', {
  BETA_IOS_URL: 'https://testflight.apple.com/join/AbCdEf12',
  TESTFLIGHT_CHECK: 'off',
  BETA_ANDROID_URL: 'https://play.google.com/apps/testing/com.example.app',
  BETA_BUILD_LABEL: '1.0 (42)',
  INVITATION_INTERVAL_MS: '10',
})
const { base, outbox } = server
const link = server.ownerLink

async function checkOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  if (overflow > 0) console.log(`${what}: scrolls sideways by ${overflow} px`)
}

/** Follows the /beta/ios or /beta/android link of the first `n` invitations in the outbox. */
async function openInvitations(n: number): Promise<number> {
  const files = (await readdir(outbox)).filter((f) => f.endsWith('.json'))
  let opened = 0
  for (const f of files) {
    if (opened >= n) break
    const text = await readFile(join(outbox, f), 'utf8')
    const url = /http:\/\/127\.0\.0\.1:\d+\/beta\/(ios|android)\?token=[\w-]+/.exec(text)?.[0]
    if (!url) continue
    const res = await fetch(url, { redirect: 'manual' })
    if (res.status === 302) opened++
  }
  return opened
}

try {
  for (let i = 0; i < 32; i++) {
    const email = `${names[i % names.length]}${i}@example.com`
    const locale = LOCALES[Math.floor(i / 3) % LOCALES.length]
    await fetch(`${base}/rest/v1/beta_signups`, {
      method: 'POST',
      headers: anon,
      body: JSON.stringify({ email, locale }),
    })
    // The page's second call: it queues the welcome email and confirms the address.
    await fetch(`${base}/functions/v1/resend-email`, { method: 'POST', headers: anon, body: JSON.stringify({ email }) })
  }
  const feedback: [string, string, string, string, string, string, string][] = [
    [
      'maya@example.com',
      '4',
      'Adding a client takes seconds.',
      'The invoice total is wrong when a task has no rate.',
      'ios',
      'iPhone 15, iOS 18.1',
      '1.0 (42)',
    ],
    ['jonas@example.com', '5', 'Reminders for unpaid invoices.', '', 'android', 'Pixel 8, Android 15', '1.0 (42)'],
    [
      'ines@example.com',
      '3',
      'The task list.',
      'Dark mode is hard to read on the payments screen.',
      'ios',
      '',
      '1.0 (41)',
    ],
    [
      'lee@example.com',
      '2',
      '',
      'The app closes when I attach a photo to a note.',
      'android',
      'Galaxy A54, Android 14',
      '1.0 (41)',
    ],
  ]
  for (const [email, rating, works, broken, platform, os_version, build] of feedback)
    await fetch(`${base}/beta/feedback`, {
      method: 'POST',
      body: new URLSearchParams({ email, rating, works, broken, platform, os_version, build }),
    })

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  let seeded = false
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme: scheme })
    const page = await context.newPage()
    await page.goto(link())
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForSelector('h1')
    if (!seeded) {
      // Invite 20, as a founder would from the Invitations view, and nudge those who did not open.
      const headers = { origin: base }
      const preview = await (await page.request.get(`${base}/admin/api/invitations/preview?n=20`)).json()
      const invited = await page.request.post(`${base}/admin/api/invitations/confirm`, {
        headers,
        data: { ids: preview.rows.map((r: { id: number }) => r.id) },
      })
      console.log('invited', invited.status(), await invited.text())
      // 8 of the 20 open their invitation: the nudge goes to the other 12.
      await new Promise((r) => setTimeout(r, 2000))
      const opened = await openInvitations(8)
      console.log('opened', opened)
      const sent = await page.request.post(`${base}/admin/api/tester-messages`, {
        headers,
        data: {
          requestId: crypto.randomUUID(),
          audience: 'invited-not-opened',
          subject: TESTER_MESSAGE_TEXTS[DEFAULT_LOCALE].nudge.subject,
          body: TESTER_MESSAGE_TEXTS[DEFAULT_LOCALE].nudge.body,
          translations: Object.fromEntries(
            TRANSLATED_LOCALES.map((l) => [
              l,
              { subject: TESTER_MESSAGE_TEXTS[l].nudge.subject, body: TESTER_MESSAGE_TEXTS[l].nudge.body },
            ]),
          ),
          storeLinks: true,
        },
      })
      console.log('nudge', sent.status(), await sent.text())
      seeded = true
    }
    for (const [w, h] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width: w, height: h })
      await page.goto(`${base}/admin/messages`)
      await page.getByRole('button', { name: TESTER_MESSAGE_TEXTS[DEFAULT_LOCALE]['new-build'].label }).click()
      await page.waitForTimeout(800)
      await checkOverflow(page, `messages ${scheme} ${w}`)
      await page.screenshot({ path: `docs/screenshots/console-messages-${scheme}-${w}x${h}.png`, fullPage: true })
      await page.goto(`${base}/admin/feedback`)
      await page.waitForTimeout(800)
      await checkOverflow(page, `feedback ${scheme} ${w}`)
      await page.screenshot({ path: `docs/screenshots/console-feedback-${scheme}-${w}x${h}.png`, fullPage: true })
      if (scheme === 'light') {
        await page.goto(`${base}/beta/feedback`)
        await checkOverflow(page, `feedback page ${w}`)
        await page.screenshot({ path: `docs/screenshots/beta-feedback-${w}x${h}.png`, fullPage: true })
      }
    }
    await context.close()
  }
  await browser.close()
} finally {
  await server.stop()
}
