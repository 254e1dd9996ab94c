import { render, screen, waitFor } from '@testing-library/react'
// The named export: under the editors' NodeNext resolution the default is the CommonJS module object.
import { userEvent } from '@testing-library/user-event'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { DEFAULT_LOCALE, ISLAND_TEXTS } from '../../shared/content.ts'
import { LOCALES } from '../../shared/locales.ts'
import { startSignupProof, takeSignupProof } from '../lib/signup-proof.ts'
import { BetaSignupForm } from './beta-signup-form.tsx'
import { created, deferred, fakeBackend, json } from './test-network.ts'
import { DEFAULT_LOCALE as T_LOCALE, texts } from '../../shared/content.ts'

/** The texts the tests expect: the content's (the demo's are the specification's words). */
const T = texts(T_LOCALE)

const INSERT = '/rest/v1/beta_signups'
const RESEND = '/functions/v1/resend-email'
/** What the page sends about a visitor with no source parameter and no referrer, in jsdom's browser. */
const DIRECT_DESKTOP = { source: 'direct', source_device: 'desktop', source_os: 'other' }

// The solver needs Web Workers (not in jsdom): e2e/beta-signup.spec.ts runs the real one in Chromium.
vi.mock('../lib/signup-proof.ts', () => ({
  startSignupProof: vi.fn(),
  takeSignupProof: vi.fn(() => Promise.resolve('solved-proof')),
}))
beforeEach(() => {
  vi.mocked(startSignupProof).mockClear()
  vi.mocked(takeSignupProof).mockClear()
})

function setup() {
  const user = userEvent.setup()
  const { unmount } = render(<BetaSignupForm texts={ISLAND_TEXTS[DEFAULT_LOCALE]} />)
  const email = screen.getByLabelText(T.signup.emailLabel)
  const submit = () => screen.getByRole('button', { name: (n) => n === T.signup.submit || n === T.signup.submitting })
  return { user, email, submit, unmount }
}

describe('BetaSignupForm', () => {
  test('the email field is a required email input and the button waits for an address', async () => {
    const { user, email, submit } = setup()
    expect(email).toHaveAttribute('type', 'email')
    expect(email).toBeRequired()
    expect(email).toHaveAttribute('maxlength', '254')
    expect(email).toHaveAttribute('autocomplete', 'email')
    expect(submit()).toBeDisabled()
    await user.type(email, 'ada@example.com')
    expect(submit()).toBeEnabled()
    await user.clear(email)
    expect(submit()).toBeDisabled()
  })

  test('submitting, then the welcome panel repeats the address; both calls carry the anon key', async () => {
    const pending = deferred()
    const { calls } = fakeBackend({ [INSERT]: () => pending.promise, [RESEND]: () => json(200, { queued: true }) })
    const { user, email, submit } = setup()
    await user.type(email, 'ada@example.com')
    await user.click(submit())

    await waitFor(() => expect(submit()).toHaveTextContent(T.signup.submitting))
    expect(submit()).toBeDisabled()
    pending.resolve(created())

    expect(await screen.findByRole('heading', { name: T.signup.successTitle })).toBeInTheDocument()
    expect(screen.getByText('ada@example.com')).toBeInTheDocument()
    expect(screen.getByText(/access details and early updates/)).toBeInTheDocument()
    expect(screen.queryByLabelText(T.signup.emailLabel)).not.toBeInTheDocument()

    expect(calls.map((c) => [c.method, new URL(c.url).pathname])).toEqual([
      ['POST', INSERT],
      ['POST', RESEND],
    ])
    // The row carries where the visitor came from, as the page read it (nothing here: direct).
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', ...DIRECT_DESKTOP })
    expect(calls[1]?.body).toEqual({ email: 'ada@example.com' })
    for (const call of calls) {
      expect(call.headers.get('apikey')).toBe('local-anon-key-not-secret')
      expect(call.headers.get('authorization')).toBe('Bearer local-anon-key-not-secret')
    }
    // The proof of work rides in a header of the email call only; the bodies stay { email }.
    expect(calls[0]?.headers.get('x-signup-proof')).toBeNull()
    expect(calls[1]?.headers.get('x-signup-proof')).toBe('solved-proof')
  })

  test("the row carries the page's language from <html lang>, and nothing for a tag the site does not serve", async () => {
    const sent: unknown[] = []
    for (const lang of [LOCALES[LOCALES.length - 1]!, 'xx', '']) {
      document.documentElement.lang = lang
      const { calls } = fakeBackend({ [INSERT]: () => created(), [RESEND]: () => json(200, { queued: true }) })
      const { user, email, submit, unmount } = setup()
      await user.type(email, 'ada@example.com')
      await user.click(submit())
      await waitFor(() => expect(calls).toHaveLength(2))
      sent.push(calls[0]?.body)
      unmount()
    }
    document.documentElement.lang = ''
    expect(sent).toEqual([
      { email: 'ada@example.com', ...DIRECT_DESKTOP, locale: LOCALES[LOCALES.length - 1] },
      { email: 'ada@example.com', ...DIRECT_DESKTOP },
      { email: 'ada@example.com', ...DIRECT_DESKTOP },
    ])
  })

  test('the proof of work starts on the first focus of the email field, not on render', async () => {
    const { user, email } = setup()
    await Promise.resolve()
    expect(startSignupProof).not.toHaveBeenCalled()
    await user.click(email)
    await waitFor(() => expect(startSignupProof).toHaveBeenCalled())
  })

  test("a failed solver shows the email function's alert; the email call is not made", async () => {
    vi.mocked(takeSignupProof).mockImplementationOnce(() => Promise.reject(new Error('worker failed')))
    const { calls } = fakeBackend({ [INSERT]: () => created(), [RESEND]: () => json(200, { queued: true }) })
    const { user, email, submit } = setup()
    await user.type(email, 'ada@example.com')
    await user.click(submit())
    expect((await screen.findByRole('alert')).textContent).toBe(T.signup.errorEmail)
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([INSERT])
    expect(screen.queryByText(T.signup.successTitle)).not.toBeInTheDocument()
  })

  test('a backend that asks for no proof (SIGNUP_CHALLENGE=off) gets the call without the header', async () => {
    vi.mocked(takeSignupProof).mockImplementationOnce(() => Promise.resolve(null))
    const { calls } = fakeBackend({ [INSERT]: () => created(), [RESEND]: () => json(200, { queued: true }) })
    const { user, email, submit } = setup()
    await user.type(email, 'ada@example.com')
    await user.click(submit())
    expect(await screen.findByRole('heading', { name: T.signup.successTitle })).toBeInTheDocument()
    expect(calls[1]?.headers.get('x-signup-proof')).toBeNull()
  })

  test('a repeat sign-up (409, 23505) still counts as success and still asks for the email', async () => {
    const { calls } = fakeBackend({
      [INSERT]: () => json(409, { code: '23505', message: 'duplicate key value', details: null, hint: null }),
      [RESEND]: () => json(200, {}),
    })
    const { user, email, submit } = setup()
    await user.type(email, 'ada@example.com')
    await user.click(submit())
    expect(await screen.findByRole('heading', { name: T.signup.successTitle })).toBeInTheDocument()
    expect(calls).toHaveLength(2)
  })

  test('a failed insert shows the generic alert, keeps the form and skips the email', async () => {
    const { calls } = fakeBackend({
      [INSERT]: () => json(500, { code: 'XX000', message: 'Internal error', details: null, hint: null }),
      [RESEND]: () => json(200, {}),
    })
    const { user, email, submit } = setup()
    await user.type(email, 'ada@example.com')
    await user.click(submit())
    expect((await screen.findByRole('alert')).textContent).toBe(T.signup.errorGeneric)
    expect(submit()).toHaveTextContent(T.signup.submit)
    expect(submit()).toBeEnabled()
    expect(email).toHaveValue('ada@example.com')
    expect(screen.queryByText(T.signup.successTitle)).not.toBeInTheDocument()
    expect(calls).toHaveLength(1)
  })

  test('a network exception shows the generic alert', async () => {
    fakeBackend({
      [INSERT]: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const { user, email, submit } = setup()
    await user.type(email, 'ada@example.com')
    await user.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent(T.signup.errorGeneric)
  })

  test('a failed email function shows its own alert and no welcome panel', async () => {
    fakeBackend({ [INSERT]: () => created(), [RESEND]: () => json(502, { error: 'provider down' }) })
    const { user, email, submit } = setup()
    await user.type(email, 'ada@example.com')
    await user.click(submit())
    expect((await screen.findByRole('alert')).textContent).toBe(T.signup.errorEmail)
    expect(screen.queryByText(T.signup.successTitle)).not.toBeInTheDocument()
    expect(submit()).toBeEnabled()
  })

  test('an address the shared schema rejects is not sent', async () => {
    const { fetchMock } = fakeBackend({})
    const { user, email, submit } = setup()
    await user.type(email, 'ada@localhost')
    await user.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid email address.')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  test('the honeypot is hidden, and sent only when something filled it', async () => {
    const { calls } = fakeBackend({ [INSERT]: () => created(), [RESEND]: () => json(200, {}) })
    const { user, email, submit } = setup()
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')
    expect(trap).not.toBeNull()
    expect(trap).toHaveAttribute('tabindex', '-1')
    expect(trap).toHaveAttribute('autocomplete', 'off')
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(screen.queryByRole('textbox', { name: /leave this field empty/i })).not.toBeInTheDocument()

    await user.type(trap!, 'https://spam.example')
    await user.type(email, 'bot@example.com')
    await user.click(submit())
    await screen.findByRole('heading', { name: T.signup.successTitle })
    expect(calls[0]?.body).toEqual({ email: 'bot@example.com', website: 'https://spam.example', ...DIRECT_DESKTOP })
    expect(calls[1]?.body).toEqual({ email: 'bot@example.com' })
  })

  test('the source from the address (ref=), the referrer alone, and nothing under Global Privacy Control', async () => {
    const submitAs = async (email: string) => {
      const { calls } = fakeBackend({ [INSERT]: () => created(), [RESEND]: () => json(200, { queued: true }) })
      const view = setup()
      await view.user.type(view.email, email)
      await view.user.click(view.submit())
      await screen.findByRole('heading', { name: T.signup.successTitle })
      view.unmount()
      return calls[0]?.body
    }
    const referrer = (value: string) => Object.defineProperty(document, 'referrer', { value, configurable: true })
    try {
      history.replaceState(null, '', '/?ref=producthunt&utm_medium=launch')
      referrer('https://news.ycombinator.com/item?id=1')
      expect(await submitAs('ref@example.com')).toEqual({
        email: 'ref@example.com',
        source: 'producthunt',
        source_medium: 'launch',
        source_device: 'desktop',
        source_os: 'other',
      })
      history.replaceState(null, '', '/')
      expect(await submitAs('hn@example.com')).toEqual({
        email: 'hn@example.com',
        ...DIRECT_DESKTOP,
        source: 'Hacker News',
      })
      Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true })
      expect(await submitAs('gpc@example.com')).toEqual({ email: 'gpc@example.com' })
    } finally {
      history.replaceState(null, '', '/')
      referrer('')
      Reflect.deleteProperty(navigator, 'globalPrivacyControl')
    }
  })
})
