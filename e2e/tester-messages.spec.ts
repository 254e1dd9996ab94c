import type { APIRequestContext, Page } from '@playwright/test'
import { exactly, expect, SUBJECTS, test, uniqueEmail, type Outbox } from './fixtures.ts'
import {
  expectNoHorizontalScroll,
  expectNoViolations,
  joinBeta,
  linkFrom,
  openPlain,
  signInToConsole,
} from './console-support.ts'
import { DEFAULT_LOCALE, SERVER_PAGE_TEXTS, TESTER_MESSAGE_TEXTS } from '../src/shared/content.ts'

const PAGES = SERVER_PAGE_TEXTS[DEFAULT_LOCALE]

const STARTING = TESTER_MESSAGE_TEXTS[DEFAULT_LOCALE]
/** The nudge's subject, as a pattern for the outbox's subjects. */
const nudgeSubject = exactly(STARTING.nudge.subject)

// A nudge from the console's Messages view reaches the invited who did not open, with
// their own store and feedback links; the feedback page works without JavaScript; the Feedback
// view shows the entry; axe finds nothing on the new pages and views.

/** Invites `person` (on iPhone) from the console. */
async function invite(page: Page, outbox: Outbox, request: APIRequestContext, person: string) {
  await joinBeta(request, person)
  const choice = await linkFrom(
    outbox,
    person,
    SUBJECTS.welcome,
    /https?:\/\/\S+\/beta\/phone\?platform=ios&token=[\w-]+/,
  )
  expect((await request.post(choice, { maxRedirects: 0 })).status()).toBe(200)
  await page.getByRole('link', { name: 'Invitations' }).click()
  await page.getByLabel('How many').fill('1000')
  await page.getByLabel('Platform to invite').selectOption('ios')
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByRole('row').filter({ hasText: person })).toBeVisible()
  await page.getByRole('button', { name: /^Invite these/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Send invitations' }).click()
  await expect(page.getByRole('status').filter({ hasText: /invitations? queued/ })).toBeVisible()
  await linkFrom(outbox, person, SUBJECTS.invitation, /https?:\/\/\S+\/beta\/feedback\?token=[\w-]+/)
}

test.describe('messages to testers and their feedback', () => {
  test('a nudge reaches the invited who did not open, once, with their own links; feedback works without JavaScript and lands in the console', async ({
    page,
    outbox,
    request,
    browser,
  }) => {
    test.slow()
    const person = uniqueEmail('nudge')
    await signInToConsole(page, outbox)
    await invite(page, outbox, request, person)

    await page.getByRole('link', { name: 'Messages' }).click()
    await page.getByRole('button', { name: STARTING.nudge.label }).click()
    await expect(page.getByText(/This message will reach \d+ (person|people)\./)).toBeVisible()
    const send = page.getByRole('button', { name: /^Send to \d+ (person|people)$/ })
    await send.click()
    // A double click on the confirmation: one message.
    await page.getByRole('dialog').getByRole('button', { name: 'Send message' }).dblclick()
    await expect(page.getByRole('status').filter({ hasText: /^Message queued for/ })).toBeVisible()
    await send.click()
    await page.getByRole('dialog').getByRole('button', { name: 'Send message' }).click()
    await expect(page.getByRole('status').filter({ hasText: /already sent/ })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Messages sent, newest first' })).toContainText(STARTING.nudge.subject)

    const store = await linkFrom(outbox, person, nudgeSubject, /https?:\/\/\S+\/beta\/ios\?token=[\w-]+/)
    const feedback = await linkFrom(outbox, person, nudgeSubject, /https?:\/\/\S+\/beta\/feedback\?token=[\w-]+/)
    const invitationStore = await linkFrom(
      outbox,
      person,
      SUBJECTS.invitation,
      /https?:\/\/\S+\/beta\/ios\?token=[\w-]+/,
    )
    expect(store).toBe(invitationStore)
    const nudges = (await outbox.to(person)).filter((e) => nudgeSubject.test(e.subject))
    expect(nudges).toHaveLength(1)
    expect(nudges[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect((await request.get(store, { maxRedirects: 0 })).status()).toBe(302)

    // The feedback page, as a browser without JavaScript sees it.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: test.info().project.use.baseURL!,
      viewport: { width: 320, height: 720 },
    })
    const plain = await context.newPage()
    await plain.goto(feedback)
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText(PAGES.feedbackHeading)
    await expect(plain.getByLabel(PAGES.feedbackEmail)).toHaveCount(0)
    await expect(plain.getByRole('radio', { name: PAGES.phoneNameIos })).toBeChecked()
    await plain.getByLabel(PAGES.feedbackWorks).fill('Adding a client is quick.')
    // No rating: the browser's own check stops it; the server refuses it too (form without validation).
    await plain.evaluate(() => document.querySelector('form')!.setAttribute('novalidate', ''))
    await plain.getByRole('button', { name: PAGES.feedbackSend }).click()
    await expect(plain.getByRole('alert')).toContainText(PAGES.feedbackRatingInvalid)
    await expect(plain.getByLabel(PAGES.feedbackWorks)).toHaveValue('Adding a client is quick.')
    await plain.getByRole('radio', { name: '4' }).check()
    await plain.getByLabel(PAGES.feedbackBroken).fill('The total is wrong without a rate.')
    await plain.getByLabel(PAGES.feedbackOsVersion).fill('iPhone 15, iOS 18.1')
    await plain.getByRole('button', { name: PAGES.feedbackSend }).click()
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText(PAGES.feedbackThanksHeading)
    await context.close()

    await page.getByRole('link', { name: 'Feedback' }).click()
    const entry = page.getByRole('article').filter({ hasText: person })
    await expect(entry).toContainText('Rated 4 of 5')
    await expect(entry).toContainText('The total is wrong without a rate.')
  })

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds nothing on the feedback page in each state, ${scheme}`, async ({ page, outbox, request }) => {
      // Nine axe runs and an invitation: over the default 30 s on a loaded machine.
      test.slow()
      await page.emulateMedia({ colorScheme: scheme })
      const person = uniqueEmail(`feedback-${scheme}`)
      await signInToConsole(page, outbox)
      await invite(page, outbox, request, person)
      const feedback = await linkFrom(
        outbox,
        person,
        SUBJECTS.invitation,
        /https?:\/\/\S+\/beta\/feedback\?token=[\w-]+/,
      )
      for (const [width, height] of [
        [320, 720],
        [1440, 900],
      ] as const) {
        await page.setViewportSize({ width, height })
        await openPlain(page, feedback)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES.feedbackHeading)
        await expectNoViolations(page)
        await expectNoHorizontalScroll(page)
        await openPlain(page, '/beta/feedback')
        await expect(page.getByLabel(PAGES.feedbackEmail)).toBeVisible()
        await expectNoViolations(page)
        await expectNoHorizontalScroll(page)
        await page.evaluate(() => document.querySelector('form')!.setAttribute('novalidate', ''))
        await page.getByLabel(PAGES.feedbackEmail).fill('not-an-address')
        await page.getByRole('button', { name: PAGES.feedbackSend }).click()
        await expect(page.getByRole('alert')).toContainText(PAGES.feedbackEmailInvalid)
        await expectNoViolations(page)
        await expectNoHorizontalScroll(page)
        await openPlain(page, '/beta/feedback?token=00000000-0000-4000-8000-000000000000')
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES.feedbackNotValidHeading)
        await expectNoViolations(page)
      }
      await openPlain(page, feedback)
      await page.getByRole('radio', { name: PAGES.feedbackRating5 }).check()
      await page.getByRole('button', { name: PAGES.feedbackSend }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES.feedbackThanksHeading)
      await expectNoViolations(page)
    })

    test(`axe finds nothing on the Messages and Feedback views, ${scheme}, 320 px and 1440 px`, async ({
      page,
      outbox,
      request,
    }) => {
      test.slow()
      await page.emulateMedia({ colorScheme: scheme })
      await joinBeta(request, uniqueEmail('axe-messages'))
      const res = await request.post('/beta/feedback', {
        form: { email: uniqueEmail('axe-feedback'), rating: '3', works: 'Lists', broken: 'Sync', build: '1.0 (7)' },
      })
      expect(res.status()).toBe(200)
      await signInToConsole(page, outbox)
      for (const [width, height] of [
        [320, 720],
        [1440, 900],
      ] as const) {
        await page.setViewportSize({ width, height })
        await page.goto('/admin/messages')
        await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible()
        await page.getByRole('button', { name: STARTING.live.label }).click()
        await expect(page.getByText(/This message will reach/)).toBeVisible()
        await expectNoViolations(page)
        await expectNoHorizontalScroll(page)
        await page.getByRole('button', { name: /^Send to / }).click()
        await expect(page.getByRole('dialog')).toBeVisible()
        await expectNoViolations(page)
        await page.keyboard.press('Escape')
        await expect(page.getByRole('dialog')).toBeHidden()
        await page.goto('/admin/feedback')
        await expect(page.getByRole('article').first()).toBeVisible()
        await expectNoViolations(page)
        await expectNoHorizontalScroll(page)
      }
    })
  }
})
