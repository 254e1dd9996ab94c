import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { expectNoHorizontalScroll, expectNoViolations, openLinkPage, signInByEmail } from './console-support.ts'
import { exactly, expect, Outbox, SUBJECTS, test } from './fixtures.ts'
import { fill } from '../src/shared/content-types.ts'
import { DEFAULT_LOCALE, EMAIL_TEXTS, SERVER_PAGE_TEXTS } from '../src/shared/content.ts'
import { freePort } from '../scripts/pg-cluster.ts'
import { ROOT, startServer, waitHealthy, type ServerProcess } from '../test/support/server-process.ts'

const PAGES = SERVER_PAGE_TEXTS[DEFAULT_LOCALE]

// Google Play closed testing in the browser. The suite's shared server has no Android
// link (e2e/invitations.spec.ts checks the console's note about it), so this file starts its own
// built server with both store links and "Did you join the test?" due at once (PLAY_ASK_DELAY_MS=0).
// With SCREENSHOTS_DIR set, it also saves the card and the pages there (docs/screenshots/).

const OWNERS = ['owner-0@example.com', 'owner-1@example.com', 'owner-2@example.com', 'owner-3@example.com']
const DAY_MS = 86_400_000
const anon = { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}` }
const shots = process.env.SCREENSHOTS_DIR

let server: ServerProcess
let base = ''
let dir = ''
let outbox: Outbox

// A first start of the built server takes a while on a loaded 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  dir = mkdtempSync(join(tmpdir(), 'e2e-play-'))
  outbox = new Outbox(join(dir, 'outbox'))
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  server = await startServer(
    {
      PORT: String(port),
      PUBLIC_URL: base,
      PGLITE_DIR: 'memory://',
      OUTBOX_DIR: join(dir, 'outbox'),
      EMAIL_TRANSPORT: 'outbox',
      NODE_ENV: 'production',
      OWNER_EMAILS: OWNERS.join(','),
      OWNER_SIGN_IN_EMAILS: '1000',
      BETA_IOS_URL: 'https://testflight.apple.com/join/E2ETEST1',
      // Apple's join page is out of reach here (its check has its own tests, against a stand-in).
      TESTFLIGHT_CHECK: 'off',
      BETA_ANDROID_URL: 'https://play.google.com/apps/testing/com.example.e2e',
      PLAY_ASK_DELAY_MS: '0',
      INVITATION_INTERVAL_MS: '0',
      EMAIL_POLL_INTERVAL_MS: '200',
      ...Object.fromEntries(
        ['SIGNUP', 'EMAIL', 'CONTACT', 'BETA', 'SIGN_IN', 'CONSOLE'].flatMap((g) => [
          [`RATE_LIMIT_${g}_PER_MINUTE`, '0'],
          [`RATE_LIMIT_${g}_PER_HOUR`, '0'],
        ]),
      ),
    },
    { builtIn: ROOT },
  )
  await waitHealthy(server)
})

test.afterAll(async () => {
  if (server.child.exitCode === null) await server.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** Signs up as the page does: the row, then the welcome email. */
async function joinBeta(request: APIRequestContext, email: string) {
  expect((await request.post(`${base}/rest/v1/beta_signups`, { headers: anon, data: { email } })).status()).toBe(201)
  expect((await request.post(`${base}/functions/v1/resend-email`, { headers: anon, data: { email } })).status()).toBe(
    200,
  )
}

/** A link matching `pattern` from the email to `address` whose subject matches, as a full URL. */
async function linkFrom(address: string, subject: RegExp, pattern: RegExp): Promise<string> {
  let link = ''
  await expect
    .poll(
      async () => {
        const email = (await outbox.to(address)).find((e) => subject.test(e.subject))
        link = (email && pattern.exec(email.text)?.[0]) ?? ''
        return link
      },
      { timeout: 45_000, message: `a link in an email to ${address}` },
    )
    .not.toBe('')
    .catch(async (err: unknown) => {
      // What did arrive, to tell a late email from a missing one.
      const got = (await outbox.to(address)).map((e) => e.subject)
      throw new Error(`${String(err)}\nemails to ${address}: ${JSON.stringify(got)}`)
    })
  return link
}

/** Opens a server page (no script, so no hydration to wait for). */
async function openPlain(page: Page, url: string) {
  await page.evaluate((u) => location.assign(u), url)
  await page.waitForLoadState('load')
}

async function signIn(page: Page) {
  const path = await signInByEmail(page, outbox, base)
  await page.goto(`${base}/admin/`)
  await openLinkPage(page, `${base}${path}`)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Sign-ups', level: 1 })).toBeVisible()
}

async function shoot(page: Page, name: string, sizes: readonly (readonly [number, number])[], fullPage = true) {
  if (!shots) return
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage })
  }
}
const SHOT_SIZES = [
  [390, 844],
  [1440, 900],
] as const

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' })

test('the Android phone page asks for the Google account, and the answer pages work without script; axe finds nothing', async ({
  page,
  request,
}) => {
  const person = `phone-${Date.now()}@example.com`
  await joinBeta(request, person)
  const link = await linkFrom(person, SUBJECTS.welcome, /https?:\/\/\S+\/beta\/phone\?platform=android&token=[\w-]+/)
  await page.goto(`${base}/`)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.setViewportSize({ width: 320, height: 720 })
    await openPlain(page, link)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      fill(PAGES.phoneHeading, { phone: PAGES.phoneAndroid }),
    )
    await expect(page.getByLabel(SERVER_PAGE_TEXTS[DEFAULT_LOCALE].playGoogleAccount)).toBeVisible()
    await expectNoViolations(page)
    await expectNoHorizontalScroll(page)
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await shoot(page, 'play-phone-page', SHOT_SIZES)
  await page.setViewportSize({ width: 320, height: 720 })
  // A wrong address: the page again, with the message tied to the field.
  await page.getByLabel(SERVER_PAGE_TEXTS[DEFAULT_LOCALE].playGoogleAccount).fill('me at gmail')
  // The browser's own email check would stop the form; the server's is what this tests.
  await page.locator('form').evaluate((f) => f.setAttribute('novalidate', ''))
  await page.getByRole('button', { name: fill(PAGES.phoneButton, { phone: PAGES.phoneAndroid }) }).click()
  await expect(page.getByText(PAGES.playGoogleAccountInvalid)).toBeVisible()
  await expect(page.getByLabel(SERVER_PAGE_TEXTS[DEFAULT_LOCALE].playGoogleAccount)).toHaveAccessibleDescription(
    `${PAGES.playGoogleAccountHint} ${PAGES.playGoogleAccountInvalid}`,
  )
  await expectNoViolations(page)
  await page.getByLabel(SERVER_PAGE_TEXTS[DEFAULT_LOCALE].playGoogleAccount).fill('me.on.play@gmail.com')
  await page.getByRole('button', { name: fill(PAGES.phoneButton, { phone: PAGES.phoneAndroid }) }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES.phoneThanksHeading)
  await expectNoViolations(page)
  // This person leaves the beta again, so the next test's invitations start from its own testers.
  const leave = await linkFrom(person, SUBJECTS.welcome, /https?:\/\/\S+\/unsubscribe\?token=[\w-]+/)
  expect((await request.post(leave, { maxRedirects: 0 })).status()).toBe(200)
})

test('the 12 × 14 card: 12 testers join, one leaves, the nudge reaches who did not answer; axe finds nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const stamp = Date.now()
  const people = Array.from({ length: 14 }, (_, i) => `tester${String(i + 1).padStart(2, '0')}-${stamp}@example.com`)
  // Each chooses Android through the welcome email's link; the first gives the Google account they use on Play.
  for (const [n, p] of people.entries()) {
    await joinBeta(request, p)
    const choose = await linkFrom(p, SUBJECTS.welcome, /https?:\/\/\S+\/beta\/phone\?platform=android&token=[\w-]+/)
    const form: Record<string, string> = n === 0 ? { google_account: `play-${p}` } : {}
    expect((await request.post(choose, { form, maxRedirects: 0 })).status()).toBe(200)
  }

  await signIn(page)
  await page.getByRole('link', { name: 'Invitations' }).click()
  const card = page.getByRole('region', { name: /Google Play closed testing/ })
  await expect(card).toContainText('Google Play cannot be asked who opted in')
  await expect(card.getByTestId('play-headline')).toHaveText('12 testers missing. The 14 days start when 12 are in.')
  await page.getByLabel('How many').fill('14')
  await page.getByRole('button', { name: 'Preview' }).click()
  await page.getByRole('button', { name: /^Invite these/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Send invitations' }).click()
  await expect(page.getByRole('status').filter({ hasText: /invitations? queued/ })).toBeVisible()

  // Testers 1-13 follow their Android link; 1-12 answer "Yes, I'm in", 13 "I had trouble"; 14 never opens.
  const answers: Record<string, string> = {}
  for (const [n, p] of people.slice(0, 13).entries()) {
    const open = await linkFrom(p, SUBJECTS.invitation, /https?:\/\/\S+\/beta\/android\?token=[\w-]+/)
    expect((await request.get(open, { maxRedirects: 0 })).status()).toBe(302)
    const answer = n < 12 ? 'joined' : 'trouble'
    const link = await linkFrom(
      p,
      exactly(EMAIL_TEXTS[DEFAULT_LOCALE].playQuestion.subject),
      new RegExp(`https?://\\S+/beta/play\\?answer=${answer}&token=[\\w-]+`),
    )
    answers[p] = link.replace(`answer=${answer}`, 'answer=left')
    if (n === 0) {
      // The first tester answers in the browser: the page, then its button.
      await openPlain(page, link)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        SERVER_PAGE_TEXTS[DEFAULT_LOCALE].playJoinedTitle,
      )
      await expectNoViolations(page)
      await shoot(page, 'play-answer-page', SHOT_SIZES)
      await page.getByRole('button', { name: SERVER_PAGE_TEXTS[DEFAULT_LOCALE].playJoinedButton }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        SERVER_PAGE_TEXTS[DEFAULT_LOCALE].playJoinedThanksHeading,
      )
      await expectNoViolations(page)
    } else if (answer === 'trouble') {
      await openPlain(page, link)
      await page
        .getByLabel(SERVER_PAGE_TEXTS[DEFAULT_LOCALE].playTroubleDetails)
        .fill('Play says the app is not available for my device.')
      await expectNoViolations(page)
      await page.getByRole('button', { name: SERVER_PAGE_TEXTS[DEFAULT_LOCALE].playTroubleButton }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        SERVER_PAGE_TEXTS[DEFAULT_LOCALE].playTroubleThanksHeading,
      )
    } else {
      expect((await request.post(link, { maxRedirects: 0 })).status()).toBe(200)
    }
  }

  // The 12th joined today; 14 days later, the next whole day is the day to apply.
  const today = day.format(new Date())
  const applyOn = day.format(new Date(Math.ceil((Date.now() + 14 * DAY_MS) / DAY_MS) * DAY_MS))
  await page.goto(`${base}/admin/invitations`)
  await expect(card.getByTestId('play-headline')).toHaveText(`You can apply on ${applyOn}.`)
  await expect(card.getByText('Testers in').locator('xpath=following-sibling::dd')).toHaveText('12 of 12')
  await expect(card.getByText('The 12th joined').locator('xpath=following-sibling::dd')).toHaveText(today)
  await expect(card).toContainText('14 Android invitations: 13 opened, 1 not answered, 1 had trouble')
  await expect(card.getByRole('table', { name: 'Testers who said they joined' }).getByRole('row')).toHaveCount(13)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const [width, height] of [
      [320, 720],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height })
      await expectNoViolations(page)
      await expectNoHorizontalScroll(page)
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await shoot(page, 'play-card', SHOT_SIZES)

  // "I had trouble" is in the inbox, from the tester.
  await page.goto(`${base}/admin/inbox`)
  await expect(page.getByText('I had trouble joining the Google Play test.', { exact: false })).toBeVisible()
  await expect(page.getByText(people[12]!, { exact: false }).first()).toBeVisible()

  // Tester 2 leaves: 11 in, the date goes.
  expect((await request.post(answers[people[1]!]!, { maxRedirects: 0 })).status()).toBe(200)
  await page.goto(`${base}/admin/invitations`)
  await expect(card.getByTestId('play-headline')).toHaveText('1 tester missing. The 14 days start when 12 are in.')
  await expect(card.getByRole('row').filter({ hasText: people[1]! })).toContainText(`Left ${today}`)

  // The nudge: one click, one reminder, to the one who never answered.
  await card.getByRole('button', { name: 'Remind 1 tester who did not answer' }).click()
  await expect(card.getByRole('status')).toHaveText('1 reminder queued.')
  await linkFrom(people[13]!, SUBJECTS.reminder, /https?:\/\/\S+\/beta\/android\?token=[\w-]+/)
  await expectNoViolations(page)

  // "Download data" for a tester: one JSON file with their answers and Google account rows.
  await page.goto(`${base}/admin/signups`)
  await page.getByLabel('Search by address').fill(people[0]!)
  await expect(page.getByRole('status').filter({ hasText: '1 matching' })).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Download data of ${people[0]}` }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^person-data-\d{4}-\d{2}-\d{2}\.json$/)
  const file = JSON.parse(await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()))
  expect(file.email).toBe(people[0])
  expect(file.tables['app_private.play_answers'].map((r: { answer: string }) => r.answer)).toEqual(['joined'])
  await expectNoViolations(page)
  await shoot(page, 'person-data', SHOT_SIZES)
})
