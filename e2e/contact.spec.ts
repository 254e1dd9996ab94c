import { CONTACT_TEXTS, DEFAULT_LOCALE } from '../src/shared/content.ts'
import { SUBJECT_VALUES } from '../src/shared/subjects.ts'
import {
  CONTACT_TABLE,
  contactFields,
  expect,
  fillContact,
  footerButton,
  holdRequests,
  pgrstError,
  test,
} from './fixtures.ts'
import { DEFAULT_LOCALE as T_LOCALE, texts } from '../src/shared/content.ts'

/** The texts the tests expect: the content's (the demo's are the specification's words). */
const T = texts(T_LOCALE)

test.beforeEach(async ({ page }) => {
  await page.goto('/')
  await footerButton(page, 'contact').click()
  await expect(contactFields(page).dialog).toBeVisible()
})

test('the form: required fields, subject options exactly as specified, a 4-row message box', async ({ page }) => {
  const f = contactFields(page)
  for (const field of [f.name, f.email, f.subject, f.message]) await expect(field).toHaveAttribute('required', '')
  await expect(f.email).toHaveAttribute('type', 'email')
  await expect(f.message).toHaveAttribute('rows', '4')

  const options = await f.subject
    .locator('option')
    .evaluateAll((els) =>
      els.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent?.trim() ?? '' })),
    )
  // A placeholder with an empty value comes first, so a subject must be chosen on purpose.
  expect(options[0]?.value).toBe('')
  expect(options.slice(1)).toEqual(
    SUBJECT_VALUES.map((value) => ({ value, label: CONTACT_TEXTS[DEFAULT_LOCALE].subjects[value] })),
  )
  await expect(f.subject).toHaveValue('')
  expect(await f.subject.evaluate((s: HTMLSelectElement) => s.validity.valueMissing)).toBe(true)
})

test('sending: Sending... with every input disabled, then the success banner and cleared fields', async ({ page }) => {
  const insert = await holdRequests(page, CONTACT_TABLE)
  const f = await fillContact(page)
  await f.send.click()

  await insert.held
  await expect(f.send).toHaveText(T.contact.sending)
  for (const input of [f.name, f.email, f.subject, f.message, f.send]) await expect(input).toBeDisabled()
  const stored = page.waitForResponse((r) => r.url().includes('/rest/v1/contact_messages'))
  insert.release()

  expect((await stored).status()).toBe(201)
  await expect(f.dialog.getByText(T.contact.successTitle, { exact: true })).toBeVisible()
  await expect(f.dialog.getByText(T.contact.successBody, { exact: true })).toBeVisible()
  for (const input of [f.name, f.email, f.subject, f.message]) await expect(input).toHaveValue('')
})

test('an error from the real server is shown in the error banner', async ({ page }) => {
  // The page checks lengths itself, so a script-made request stands in for a tampered form:
  // the real server's own validation answers it.
  await page.route(CONTACT_TABLE, async (route) => {
    const body = route.request().postDataJSON() as Record<string, string>
    await route.continue({ postData: JSON.stringify({ ...body, name: 'N'.repeat(500) }) })
  })
  const f = await fillContact(page)
  const answer = page.waitForResponse((r) => r.url().includes('/rest/v1/contact_messages'))
  await f.send.click()

  const response = await answer
  expect(response.status()).toBeGreaterThanOrEqual(400)
  expect(response.status()).toBeLessThan(500)
  const { message } = (await response.json()) as { message: string }
  expect(message).toBeTruthy()
  await expect(f.dialog.getByText(T.contact.errorTitle, { exact: true })).toBeVisible()
  await expect(f.dialog.getByText(message, { exact: true })).toBeVisible()
  await expect(f.dialog.getByText(T.contact.successTitle, { exact: true })).toHaveCount(0)
})

test("the page's own check of an over-long name shows in the error banner, with no request", async ({ page }) => {
  let requests = 0
  page.on('request', (r) => void (r.url().includes('/rest/v1/contact_messages') && requests++))
  const f = await fillContact(page)
  await f.name.evaluate((input) => input.removeAttribute('maxlength'))
  await f.name.fill('N'.repeat(500))
  await f.send.click()
  await expect(f.dialog.getByText(T.contact.errorTitle, { exact: true })).toBeVisible()
  await expect(f.dialog.getByRole('alert')).toContainText(/name/i)
  expect(requests).toBe(0)
})

test('a PostgREST error body shows its message', async ({ page }) => {
  await page.route(CONTACT_TABLE, (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: pgrstError('Subject is not allowed here.') }),
  )
  const f = await fillContact(page)
  await f.send.click()
  await expect(f.dialog.getByText(T.contact.errorTitle, { exact: true })).toBeVisible()
  await expect(f.dialog.getByText('Subject is not allowed here.', { exact: true })).toBeVisible()
  await expect(f.name).toBeEnabled()
  await expect(f.send).toHaveText(T.contact.submit)
})

for (const [what, body] of [
  ['a body without a message', JSON.stringify({ code: 'XX000', details: null, hint: null })],
  ['an empty body', ''],
] as const) {
  test(`an error with ${what} shows the fallback text`, async ({ page }) => {
    await page.route(CONTACT_TABLE, (route) => route.fulfill({ status: 500, contentType: 'application/json', body }))
    const f = await fillContact(page)
    await f.send.click()
    await expect(f.dialog.getByText(T.contact.errorFallback, { exact: true })).toBeVisible()
  })
}

test('closing resets the fields and the status after 300 ms', async ({ page }) => {
  await page.route(CONTACT_TABLE, (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: pgrstError('Try later.') }),
  )
  const f = await fillContact(page, { name: 'Grace Hopper' })
  await f.send.click()
  await expect(f.dialog.getByText('Try later.', { exact: true })).toBeVisible()

  // Close and time the reset inside the page, where the clock is the one the page uses. The
  // field is looked up by id on every frame: a reset may replace the element.
  const nameId = await f.name.getAttribute('id')
  expect(nameId).toBeTruthy()
  const closeButton = await f.dialog.getByRole('button', { name: T.footer.close, exact: true }).first().elementHandle()
  const timing = await page.evaluate(
    ([id, button]) =>
      new Promise<{ rightAfter: string; resetAfterMs: number }>((resolve) => {
        const value = () => (document.getElementById(id) as HTMLInputElement | null)?.value
        const start = performance.now()
        ;(button as HTMLButtonElement).click()
        const rightAfter = value() ?? ''
        const tick = () => {
          const elapsed = performance.now() - start
          if (value() === '') resolve({ rightAfter, resetAfterMs: elapsed })
          else if (elapsed > 3_000) resolve({ rightAfter, resetAfterMs: Infinity })
          else requestAnimationFrame(tick)
        }
        tick()
      }),
    [nameId as string, closeButton] as const,
  )
  expect(timing.rightAfter).toBe('Grace Hopper')
  expect(timing.resetAfterMs).toBeGreaterThanOrEqual(280)
  expect(timing.resetAfterMs).toBeLessThan(2_000)
  await expect(f.dialog).toHaveCount(0)

  await page.waitForTimeout(350) // the one deliberate wait: past the 300 ms reset delay
  await footerButton(page, 'contact').click()
  const reopened = contactFields(page)
  for (const input of [reopened.name, reopened.email, reopened.subject, reopened.message])
    await expect(input).toHaveValue('')
  await expect(reopened.dialog.getByText(T.contact.errorTitle, { exact: true })).toHaveCount(0)
  await expect(reopened.send).toHaveText(T.contact.submit)
})
