import { verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/sha'
import { alertFrom, expect, joinButton, signupEmail, signupSection, test, uniqueEmail } from './fixtures.ts'
import { E2E_SIGNUP_CHALLENGE_SECRET } from './signup-challenge-secret.ts'
import { DEFAULT_LOCALE as T_LOCALE, texts } from '../src/shared/content.ts'

/** The texts the tests expect: the content's (the demo's are the specification's words). */
const T = texts(T_LOCALE)

// The page proves work before the resend-email call. The solver's code and its challenge
// are fetched on the first focus of the email field, never with the page; the call carries the
// proof in a header and its body stays { email }.

const CHALLENGE = '**/functions/v1/resend-email/challenge'
const RESEND_ERROR = T.signup.errorEmail

test('as a visitor with the keyboard: focus, type, Enter; the welcome email arrives and the call carried a valid proof', async ({
  page,
  outbox,
}) => {
  const requested: string[] = []
  page.on('request', (r) => requested.push(new URL(r.url()).pathname))
  await page.goto('/', { waitUntil: 'networkidle' })
  // Nothing of the proof of work with the page.
  expect(requested.filter((p) => /challenge|signup-proof/.test(p))).toEqual([])

  const email = uniqueEmail('pow')
  const call = page.waitForRequest((r) => r.url().endsWith('/functions/v1/resend-email') && r.method() === 'POST')
  const challenge = page.waitForResponse((r) => r.url().endsWith('/functions/v1/resend-email/challenge'))
  // Shift+Tab back from the button, as a keyboard user reaches the field (the button is disabled
  // while the field is empty, so the field is focused first, then left with Tab and re-entered).
  await signupEmail(page).focus()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.type(email)
  expect((await challenge).status()).toBe(200)
  await expect(signupEmail(page)).toBeFocused()
  await page.keyboard.press('Enter')

  const request = await call
  expect(request.postDataJSON()).toEqual({ email })
  const header = request.headers()['x-signup-proof']
  expect(header).toBeTruthy()
  const proof = JSON.parse(Buffer.from(header!, 'base64').toString()) as { challenge: Challenge; solution: Solution }
  const checked = await verifySolution({
    ...proof,
    deriveKey,
    hmacSignatureSecret: E2E_SIGNUP_CHALLENGE_SECRET,
    hmacKeySignatureSecret: `${E2E_SIGNUP_CHALLENGE_SECRET}:key`,
  })
  expect(checked.verified).toBe(true)
  // The solver ran in a Web Worker, from this origin.
  expect(requested.some((p) => /\/assets\/signup-proof-worker-[\w-]+\.js$/.test(p))).toBe(true)

  await expect(signupSection(page).getByText(T.signup.successTitle, { exact: true })).toBeVisible()
  await outbox.waitFor(email)
})

test("a solver that fails gets the specification's alert, and the form stays", async ({ page }) => {
  await page.route(CHALLENGE, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"PGRST000","message":"down"}' }),
  )
  let calls = 0
  page.on('request', (r) => void (r.url().endsWith('/functions/v1/resend-email') && r.method() === 'POST' && calls++))
  await page.goto('/')
  await signupEmail(page).fill(uniqueEmail('solver-fails'))
  expect(await alertFrom(page, () => joinButton(page).click())).toBe(RESEND_ERROR)
  await expect(signupEmail(page)).toBeVisible()
  await expect(page.getByText(T.signup.successTitle, { exact: true })).toHaveCount(0)
  expect(calls).toBe(0)
})

test('a submit before the solver is done waits for it, and nothing else is requested from another origin', async ({
  page,
  baseURL,
}) => {
  const foreign: string[] = []
  page.on('request', (r) => void (!r.url().startsWith(baseURL!) && foreign.push(r.url())))
  await page.goto('/')
  await signupEmail(page).fill(uniqueEmail('fast-typist'))
  await joinButton(page).click()
  await expect(page.getByText(T.signup.successTitle, { exact: true })).toBeVisible()
  expect(foreign).toEqual([])
})
