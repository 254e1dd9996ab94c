import { expect, fillContact, footerButton, test, uniqueEmail } from './fixtures.ts'
import {
  expectNoHorizontalScroll,
  expectNoViolations,
  openLinkPage,
  OWNER,
  seedMessage,
  seedSignup,
  signInByEmail,
} from './console-support.ts'
import { CONTACT_TEXTS, DEFAULT_LOCALE, EMAIL_TEXTS, PRODUCT } from '../src/shared/content.ts'
import { fill } from '../src/shared/content-types.ts'

test.describe('the owner console', () => {
  test('an emailed link: opening it signs nobody in, its button does, and only once', async ({ page, outbox }) => {
    const path = await signInByEmail(page, outbox)
    await openLinkPage(page, path)
    await expect(page.getByRole('heading', { name: `Sign in to the ${PRODUCT.name} console` })).toBeVisible()
    expect((await page.request.get('/admin/api/me')).status()).toBe(401)
    await expectNoViolations(page)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { name: 'Sign-ups', level: 1 })).toBeVisible()
    expect((await page.request.get('/admin/api/me')).status()).toBe(200)
    // The same link again: refused.
    const again = await page.request.post('/admin/auth/link', {
      form: { token: new URL(path, 'http://x').searchParams.get('token')! },
      headers: { origin: new URL(page.url()).origin },
      maxRedirects: 0,
    })
    expect(again.status()).toBe(400)
  })

  test('a message sent from the page reaches the owner with Reply-To the sender, and the inbox', async ({
    page,
    outbox,
  }) => {
    const sender = uniqueEmail('console-contact')
    await page.goto('/')
    await footerButton(page, 'contact').click()
    const f = await fillContact(page, {
      email: sender,
      subject: 'bug-report',
      message: 'The export button is missing.',
    })
    await f.send.click()
    await expect
      .poll(async () => (await outbox.to(OWNER)).filter((e) => e.headers['Reply-To'] === sender).length, {
        timeout: 20_000,
      })
      .toBe(1)
    const [email] = (await outbox.to(OWNER)).filter((e) => e.headers['Reply-To'] === sender)
    // The sender's name is in the body, not the subject: the content's words, the topic and the
    // time (isolated where its direction is not the text's: Unicode's isolates are left out here).
    const topic = CONTACT_TEXTS[DEFAULT_LOCALE].subjects['bug-report']
    const bare = (text: string) => text.replace(/[\u2066-\u2069]/g, '')
    const [before, after = ''] = fill(EMAIL_TEXTS[DEFAULT_LOCALE].contactOwner.subject, { topic })
      .split('{time}')
      .map(bare)
    const subject = bare(email!.subject)
    expect(subject.startsWith(before!), subject).toBe(true)
    expect(subject.endsWith(`UTC${after}`), subject).toBe(true)
    expect(email!.text).toContain('The export button is missing.')

    const path = await signInByEmail(page, outbox)
    await openLinkPage(page, path)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('link', { name: 'Inbox' }).click()
    const card = page.getByRole('article').filter({ hasText: sender })
    await expect(card).toBeVisible()
    await expect(card.getByRole('link', { name: 'Reply' })).toHaveAttribute(
      'href',
      `mailto:${sender}?subject=${encodeURIComponent(`Re: ${topic}`)}`,
    )
    await card.getByRole('button', { name: 'Mark handled' }).click()
    await expect(card).toBeHidden()
    await page.getByRole('button', { name: /^Handled/ }).click()
    await expect(
      page.getByRole('article').filter({ hasText: sender }).getByRole('button', { name: 'Reopen' }),
    ).toBeVisible()
  })

  test('sign-ups: search, export link, erase after confirmation', async ({ page, outbox, request }) => {
    const tag = uniqueEmail('erase-me').split('@')[0]!
    const victim = `${tag}@example.com`
    await seedSignup(request, victim)
    const path = await signInByEmail(page, outbox)
    await openLinkPage(page, path)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByLabel('Search by address').fill(tag)
    await expect(page.getByRole('status').filter({ hasText: '1 matching' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/admin/api/signups/export?q=${tag}`,
    )
    await page.getByRole('button', { name: `Erase ${victim}` }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText(victim)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await page.getByRole('button', { name: `Erase ${victim}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Erase' }).click()
    await expect(page.getByRole('status').filter({ hasText: '0 matching' })).toBeVisible()
    // Erasure suppresses the mailbox, and lifting it lets the address sign up again.
    await page.getByLabel('Let this address sign up again').fill(victim)
    await page.getByRole('button', { name: 'Lift suppression' }).click()
    await expect(page.getByRole('status').filter({ hasText: `${victim} may sign up again.` })).toBeVisible()
  })

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds nothing on each view and dialog, ${scheme}, and nothing scrolls sideways at 320 px`, async ({
      page,
      outbox,
      request,
    }) => {
      // Axe over every view and dialog at two widths: 17-22 s on a quiet machine, past 30 s when
      // the CI machine is busy.
      test.slow()
      // Transitions off (console.css honours reduced motion), so axe never reads a colour caught
      // mid-transition (it failed once on one).
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      await seedSignup(request, uniqueEmail('axe'))
      await seedMessage(request, {
        name: 'Axe',
        email: uniqueEmail('axe-msg'),
        subject: 'general',
        message: 'Hello\nthere',
      })
      await page.setViewportSize({ width: 320, height: 720 })
      await page.goto('/admin/')
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
      await expectNoViolations(page)
      await expectNoHorizontalScroll(page)
      const path = await signInByEmail(page, outbox)
      await openLinkPage(page, path)
      await page.getByRole('button', { name: 'Sign in' }).click()
      for (const [width, height] of [
        [320, 720],
        [1440, 900],
      ] as const) {
        await page.setViewportSize({ width, height })
        await page.goto('/admin/signups')
        await expect(page.getByRole('status').filter({ hasText: /in all/ })).toBeVisible()
        await expectNoViolations(page)
        await expectNoHorizontalScroll(page)
        await page
          .getByRole('button', { name: /^Erase / })
          .first()
          .click()
        await expect(page.getByRole('dialog')).toBeVisible()
        await expectNoViolations(page)
        await page.keyboard.press('Escape')
        await expect(page.getByRole('dialog')).toBeHidden()
        await page.goto('/admin/inbox')
        await page.getByRole('button', { name: /^All/ }).click()
        await expect(page.getByRole('article').first()).toBeVisible()
        await expectNoViolations(page)
        await expectNoHorizontalScroll(page)
        await page.goto('/admin/sessions')
        await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()
        await expectNoViolations(page)
        await expectNoHorizontalScroll(page)
      }
      // A link from before the views had paths (an old email) lands on the view's path.
      await page.goto('/admin/#/inbox')
      await expect(page).toHaveURL(/\/admin\/inbox$/)
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Sessions' }).click()
      await expect(page).toHaveURL(/\/admin\/sessions$/)
      await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()
    })
  }
})
