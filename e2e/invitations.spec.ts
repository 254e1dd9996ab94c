import { expect, SUBJECTS, test, uniqueEmail } from './fixtures.ts'
import {
  expectNoHorizontalScroll,
  expectNoViolations,
  joinBeta,
  linkFrom,
  openPlain,
  signInToConsole,
} from './console-support.ts'
import { fill } from '../src/shared/content-types.ts'
import { DEFAULT_LOCALE, SERVER_PAGE_TEXTS } from '../src/shared/content.ts'

const PAGES = SERVER_PAGE_TEXTS[DEFAULT_LOCALE]

// The phone choice from the welcome email, the invitation from the console, its link.
const IOS_URL = 'https://testflight.apple.com/join/E2ETEST1'

test.describe('beta invitations', () => {
  test('the welcome email’s iPhone link: a page whose button records the choice once; axe finds nothing', async ({
    page,
    outbox,
    request,
  }) => {
    const person = uniqueEmail('phone')
    await joinBeta(request, person)
    const path = await linkFrom(
      outbox,
      person,
      SUBJECTS.welcome,
      /https?:\/\/\S+\/beta\/phone\?platform=ios&token=[\w-]+/,
    )
    await page.goto('/')
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await openPlain(page, path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        fill(PAGES.phoneHeading, { phone: PAGES.phoneIos }),
      )
      await expectNoViolations(page)
    }
    await page.getByRole('button', { name: fill(PAGES.phoneButton, { phone: PAGES.phoneIos }) }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES.phoneThanksHeading)
    await expectNoViolations(page)
    // Used: the same answer as a link that never existed.
    await openPlain(page, path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES.linkNotValidHeading)
    await expectNoViolations(page)
  })

  test('invite from the console: preview, confirm, one email with the iPhone link, opened, exports', async ({
    page,
    outbox,
    request,
  }) => {
    const person = uniqueEmail('invite')
    await joinBeta(request, person)
    const choice = await linkFrom(
      outbox,
      person,
      SUBJECTS.welcome,
      /https?:\/\/\S+\/beta\/phone\?platform=ios&token=[\w-]+/,
    )
    const chosen = await request.post(choice, { maxRedirects: 0 })
    expect(chosen.status()).toBe(200)

    await signInToConsole(page, outbox)
    await page.getByRole('link', { name: 'Invitations' }).click()
    await expect(page.getByRole('note')).toContainText('BETA_ANDROID_URL is not set')
    await page.getByLabel('How many').fill('1000')
    await page.getByLabel('Platform to invite').selectOption('ios')
    await page.getByRole('button', { name: 'Preview' }).click()
    const row = page.getByRole('row').filter({ hasText: person })
    await expect(row).toContainText('iPhone link')
    await page.getByRole('button', { name: /^Invite these/ }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Send invitations' }).click()
    await expect(page.getByRole('status').filter({ hasText: /invitations? queued/ })).toBeVisible()

    const open = await linkFrom(outbox, person, SUBJECTS.invitation, /https?:\/\/\S+\/beta\/ios\?token=[\w-]+/)
    expect((await outbox.to(person)).filter((e) => SUBJECTS.invitation.test(e.subject))).toHaveLength(1)
    const invitation = (await outbox.to(person)).find((e) => SUBJECTS.invitation.test(e.subject))!
    expect(invitation.text).not.toContain('/beta/android')
    expect(invitation.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const redirect = await request.get(open, { maxRedirects: 0 })
    expect(redirect.status()).toBe(302)
    expect(redirect.headers()['location']).toBe(IOS_URL)

    await page.getByRole('link', { name: 'Sign-ups' }).click()
    await page.getByLabel('Search by address').fill(person)
    await expect(page.getByRole('status').filter({ hasText: '1 matching' })).toBeVisible()
    await page.getByLabel('Status').selectOption('waiting')
    await expect(page.getByRole('status').filter({ hasText: '0 matching' })).toBeVisible()
    await page.getByLabel('Status').selectOption('opened')
    await expect(page.getByRole('status').filter({ hasText: '1 matching' })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: person })).toBeVisible()

    await page.getByRole('link', { name: 'Invitations' }).click()
    const csv = await request.get((await page.getByRole('link', { name: 'TestFlight CSV' }).getAttribute('href'))!, {
      headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
    })
    expect(csv.status()).toBe(200)
    expect(await csv.text()).toContain(`,,${person}\r\n`)
  })

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds nothing on the invitations view, its preview and dialog, ${scheme}, 320 px and 1440 px`, async ({
      page,
      outbox,
      request,
    }) => {
      await page.emulateMedia({ colorScheme: scheme })
      await joinBeta(request, uniqueEmail('axe-invite'))
      await signInToConsole(page, outbox)
      for (const [width, height] of [
        [320, 720],
        [1440, 900],
      ] as const) {
        await page.setViewportSize({ width, height })
        await page.goto('/admin/invitations')
        await expect(page.getByRole('heading', { name: 'Invitations', level: 1 })).toBeVisible()
        await expect(page.getByRole('note')).toBeVisible()
        await expectNoViolations(page)
        await expectNoHorizontalScroll(page)
        await page.getByLabel('How many').fill('3')
        await page.getByRole('button', { name: 'Preview' }).click()
        await expect(page.getByRole('button', { name: /^Invite these/ })).toBeVisible()
        await expectNoViolations(page)
        await expectNoHorizontalScroll(page)
        await page.getByRole('button', { name: /^Invite these/ }).click()
        await expect(page.getByRole('dialog')).toBeVisible()
        await expectNoViolations(page)
        await page.keyboard.press('Escape')
        await expect(page.getByRole('dialog')).toBeHidden()
        await page.goto('/admin/signups')
        await page.getByLabel('Status').selectOption('waiting')
        await expect(page.getByRole('status').filter({ hasText: /matching/ })).toBeVisible()
        await expectNoViolations(page)
        await expectNoHorizontalScroll(page)
      }
    })
  }
})
