import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { PRODUCT } from '../shared/content.ts'
import { ConsoleApp } from './app.tsx'
import { stubApi } from './test-api.ts'

afterEach(() => {
  history.replaceState(null, '', '/admin/')
})

test('without a session the console shows the sign-in view', async () => {
  stubApi({ 'GET /admin/api/me': { status: 401, message: 'Sign in first' } })
  render(<ConsoleApp />)
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  expect(screen.getByLabelText('Owner email')).toBeVisible()
  expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull()
  expect(document.title).toBe(`Sign in · Console · ${PRODUCT.name}`)
})

test('signed in, the path picks the view from the registry and the navigation marks it', async () => {
  history.replaceState(null, '', '/admin/inbox')
  stubApi({
    'GET /admin/api/me': { json: { email: 'owner@example.com', sessionId: 's1' } },
    'GET /admin/api/inbox': { json: { rows: [], counts: { all: 0, new: 0, handled: 0 }, page: 1, size: 20 } },
  })
  render(<ConsoleApp />)
  expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
  expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page')
  expect(screen.getByRole('link', { name: 'Sign-ups' })).not.toHaveAttribute('aria-current')
  expect(document.title).toBe(`Inbox · Console · ${PRODUCT.name}`)
})

test('an unknown hash opens the first view', async () => {
  history.replaceState(null, '', '/admin/#/nowhere')
  stubApi({
    'GET /admin/api/me': { json: { email: 'owner@example.com', sessionId: 's1' } },
    'GET /admin/api/signups': { json: { rows: [], total: 0, page: 1, size: 25 } },
    'GET /admin/api/signups/stats': { json: { total: 0, today: 0, last7Days: 0, perDay: [] } },
    'GET /admin/api/suppressions': { json: { count: 0, bounced: 0, complained: 0, owners: [] } },
  })
  render(<ConsoleApp />)
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign-ups' })).toBeVisible()
})

test('an old #/view link is rewritten to the view’s path; the navigation moves between paths, and Back returns', async () => {
  history.replaceState(null, '', '/admin/#/inbox')
  stubApi({
    'GET /admin/api/me': { json: { email: 'owner@example.com', sessionId: 's1' } },
    'GET /admin/api/inbox': { json: { rows: [], counts: { all: 0, new: 0, handled: 0 }, page: 1, size: 20 } },
    'GET /admin/api/sessions': { json: { sessions: [] } },
    'GET /admin/api/audit': { json: { entries: [] } },
    'GET /admin/api/passkeys': { json: { passkeys: [] } },
  })
  render(<ConsoleApp />)
  expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
  expect(location.pathname + location.hash).toBe('/admin/inbox')
  const sessions = screen.getByRole('link', { name: 'Sessions' })
  expect(sessions).toHaveAttribute('href', '/admin/sessions')
  await userEvent.click(sessions)
  expect(await screen.findByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible()
  expect(location.pathname).toBe('/admin/sessions')
  history.back()
  expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
  expect(location.pathname).toBe('/admin/inbox')
})

test('who is signed in is asked like every other read: leaving the console cancels the request', async () => {
  const signals: (AbortSignal | null | undefined)[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn((_input: string, init: RequestInit = {}) => {
      signals.push(init.signal)
      // No answer: the console leaves first.
      return new Promise<Response>(() => {})
    }),
  )
  const { unmount } = render(<ConsoleApp />)
  expect(screen.getByRole('status')).toHaveTextContent('Loading…')
  expect(signals).toHaveLength(1)
  expect(signals[0]?.aborted).toBe(false)
  unmount()
  expect(signals[0]?.aborted).toBe(true)
})

test('signing out shows the sign-in view at once, without asking again', async () => {
  let signedIn = true
  const calls = stubApi({
    'GET /admin/api/me': () =>
      signedIn ? { json: { email: 'owner@example.com', sessionId: 's1' } } : { status: 401, message: 'Sign in first' },
    'POST /admin/api/sign-out': { json: null },
    'GET /admin/api/sessions': { json: { sessions: [] } },
    'GET /admin/api/audit': { json: { entries: [] } },
    'GET /admin/api/passkeys': { json: { passkeys: [] } },
  })
  history.replaceState(null, '', '/admin/sessions')
  render(<ConsoleApp />)
  expect(await screen.findByText('owner@example.com')).toBeVisible()
  signedIn = false
  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  expect(screen.queryByText('owner@example.com')).toBeNull()
  // Signed out, nothing asks who is signed in.
  expect(calls.filter((c) => c.url.pathname === '/admin/api/me')).toHaveLength(1)
})
