import {
  alertFrom,
  expect,
  holdRequests,
  joinButton,
  pgrstError,
  RESEND_FUNCTION,
  SIGNUP_TABLE,
  signupEmail,
  signupSection,
  test,
  uniqueEmail,
} from './fixtures.ts'
import { DEFAULT_LOCALE as T_LOCALE, texts } from '../src/shared/content.ts'

/** The texts the tests expect: the content's (the demo's are the specification's words). */
const T = texts(T_LOCALE)

const GENERIC_ERROR = T.signup.errorGeneric
const RESEND_ERROR = T.signup.errorEmail

test.beforeEach(async ({ page }) => {
  await page.goto('/')
})

test('success: Joining... while the insert is in flight, then the welcome panel and the email', async ({
  page,
  outbox,
}) => {
  const email = uniqueEmail('signup')
  const insert = await holdRequests(page, SIGNUP_TABLE)
  await signupEmail(page).fill(email)
  await joinButton(page).click()

  await insert.held
  await expect(joinButton(page)).toHaveText(T.signup.submitting)
  await expect(joinButton(page)).toBeDisabled()
  insert.release()

  const cta = signupSection(page)
  await expect(cta.getByText(T.signup.successTitle, { exact: true })).toBeVisible()
  await expect(cta).toContainText(email)
  await expect(signupEmail(page)).toHaveCount(0)

  const welcome = await outbox.waitFor(email)
  expect(welcome.subject).not.toBe('')
  expect(welcome.text).not.toBe('')
})

test('the button is disabled while the field is empty', async ({ page }) => {
  await expect(joinButton(page)).toHaveText(T.signup.submit)
  await expect(joinButton(page)).toBeDisabled()
  await signupEmail(page).fill('someone@example.com')
  await expect(joinButton(page)).toBeEnabled()
  await signupEmail(page).fill('')
  await expect(joinButton(page)).toBeDisabled()
})

test('signing up again in another letter case still succeeds and sends no second email', async ({ page, outbox }) => {
  const email = uniqueEmail('repeat')
  await signupEmail(page).fill(email)
  await joinButton(page).click()
  await expect(page.getByText(T.signup.successTitle, { exact: true })).toBeVisible()
  await outbox.waitFor(email)

  await page.goto('/')
  const again = page.waitForResponse(
    (r) => r.url().includes('/rest/v1/beta_signups') && r.request().method() === 'POST',
  )
  await signupEmail(page).fill(email.toUpperCase())
  await joinButton(page).click()
  // 201 (the server hides who is on the list) or 409 (Supabase's unique violation): both are success.
  expect([201, 409]).toContain((await again).status())
  await expect(page.getByText(T.signup.successTitle, { exact: true })).toBeVisible()

  // A later sign-up's email arriving shows the queue got past the repeat.
  const sentinel = uniqueEmail('sentinel')
  await page.goto('/')
  await signupEmail(page).fill(sentinel)
  await joinButton(page).click()
  await outbox.waitFor(sentinel)
  expect(await outbox.to(email)).toHaveLength(1)
})

test('a failed insert raises the alert and keeps the form', async ({ page }) => {
  let functionCalls = 0
  page.on(
    'request',
    (r) => void (r.url().includes('/functions/v1/resend-email') && r.method() === 'POST' && functionCalls++),
  )
  await page.route(SIGNUP_TABLE, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: pgrstError('database is on fire', 'XX000') }),
  )
  const email = uniqueEmail('insert-500')
  await signupEmail(page).fill(email)
  expect(await alertFrom(page, () => joinButton(page).click())).toBe(GENERIC_ERROR)

  await expect(signupEmail(page)).toBeVisible()
  await expect(joinButton(page)).toHaveText(T.signup.submit)
  await expect(joinButton(page)).toBeEnabled()
  await expect(page.getByText(T.signup.successTitle, { exact: true })).toHaveCount(0)
  expect(functionCalls).toBe(0)
})

test('an insert the real server rejects raises the same alert', async ({ page }) => {
  // The browser accepts "a@b" as an email; the server's schema does not.
  const rejected = page.waitForResponse(
    (r) => r.url().includes('/rest/v1/beta_signups') && r.request().method() === 'POST',
  )
  await page.route(SIGNUP_TABLE, (route) =>
    route.request().method() === 'POST'
      ? route.continue({ postData: JSON.stringify({ email: 'not-an-address' }) })
      : route.continue(),
  )
  await signupEmail(page).fill(uniqueEmail('rejected'))
  expect(await alertFrom(page, () => joinButton(page).click())).toBe(GENERIC_ERROR)
  const status = (await rejected).status()
  expect(status).toBeGreaterThanOrEqual(400)
  expect(status).toBeLessThan(500)
  await expect(signupEmail(page)).toBeVisible()
  await expect(page.getByText(T.signup.successTitle, { exact: true })).toHaveCount(0)
})

test('a network failure raises the same alert', async ({ page }) => {
  await page.route(SIGNUP_TABLE, (route) => route.abort('connectionrefused'))
  await signupEmail(page).fill(uniqueEmail('abort'))
  expect(await alertFrom(page, () => joinButton(page).click())).toBe(GENERIC_ERROR)
  await expect(signupEmail(page)).toBeVisible()
  await expect(joinButton(page)).toBeEnabled()
  await expect(page.getByText(T.signup.successTitle, { exact: true })).toHaveCount(0)
})

test('a failing email function raises its alert, shows no welcome, yet the row was stored', async ({
  page,
  outbox,
}) => {
  await page.route(RESEND_FUNCTION, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'provider down' }) }),
  )
  const email = uniqueEmail('fn-500')
  const insert = page.waitForResponse(
    (r) => r.url().includes('/rest/v1/beta_signups') && r.request().method() === 'POST',
  )
  await signupEmail(page).fill(email)
  expect(await alertFrom(page, () => joinButton(page).click())).toBe(RESEND_ERROR)
  expect((await insert).status()).toBe(201)
  await expect(page.getByText(T.signup.successTitle, { exact: true })).toHaveCount(0)
  await expect(signupEmail(page)).toBeVisible()

  // The row is really there: the real function, called again, sends the welcome email, and it
  // only ever writes to addresses on the list.
  await page.unroute(RESEND_FUNCTION)
  const sent = await (await insert).request().allHeaders()
  const headers = Object.fromEntries(
    ['apikey', 'authorization', 'content-type'].flatMap((h) => (sent[h] ? [[h, sent[h]]] : [])),
  )
  const retried = await page.request.post('/functions/v1/resend-email', { headers, data: { email } })
  expect(retried.ok()).toBe(true)
  await outbox.waitFor(email)
})

test('an address typed before the script arrives is kept, and sent once the script runs', async ({
  context,
  outbox,
}) => {
  // A page of its own: the `page` fixture waits for the script, which this test holds back. It
  // waits for the document only: the loader may add the held script before the `load` event, which
  // a script being fetched delays, so waiting for `load` here could wait for the release below.
  const page = await context.newPage()
  const entry = await holdRequests(page, '**/assets/index-*.js')
  await page.goto('/', { waitUntil: 'commit' })
  await entry.held
  const email = uniqueEmail('early')
  await signupEmail(page).fill(email)
  // Without the script the form would post to the server (e2e/no-script.spec.ts).
  await expect(joinButton(page)).toBeEnabled()
  entry.release()
  await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset)
  await expect(signupEmail(page)).toHaveValue(email)
  await joinButton(page).click()
  // The island's welcome panel, on the page itself: the script sent the form, not the browser.
  await expect(signupSection(page).getByText(T.signup.successTitle, { exact: true })).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/')
  await outbox.waitFor(email)
})

test('Enter pressed in the field before the form is hydrated submits it once it is', async ({ page, outbox }) => {
  const chunk = await holdRequests(page, '**/assets/beta-signup-form-*.js')
  const email = uniqueEmail('enter-early')
  await signupEmail(page).focus()
  await chunk.held
  await page.keyboard.type(email)
  await page.keyboard.press('Enter')
  await expect(joinButton(page)).toBeDisabled()
  chunk.release()
  await expect(signupSection(page).getByText(T.signup.successTitle, { exact: true })).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/')
  await outbox.waitFor(email)
})
