import { render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { PRODUCT } from '../shared/content.ts'
import { ConsoleApp } from './app.tsx'
import { stubApi } from './test-api.ts'

afterEach(() => {
  location.hash = ''
})

test('without a session the console shows the sign-in view', async () => {
  stubApi({ 'GET /admin/api/me': { status: 401, message: 'Sign in first' } })
  render(<ConsoleApp />)
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  expect(screen.getByLabelText('Owner email')).toBeVisible()
  expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull()
  expect(document.title).toBe(`Sign in · Console · ${PRODUCT.name}`)
})

test('signed in, the hash picks the view from the registry and the navigation marks it', async () => {
  location.hash = '#/inbox'
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
  location.hash = '#/nowhere'
  stubApi({
    'GET /admin/api/me': { json: { email: 'owner@example.com', sessionId: 's1' } },
    'GET /admin/api/signups': { json: { rows: [], total: 0, page: 1, size: 25 } },
    'GET /admin/api/signups/stats': { json: { total: 0, today: 0, last7Days: 0, perDay: [] } },
    'GET /admin/api/suppressions': { json: { count: 0, bounced: 0, complained: 0, owners: [] } },
  })
  render(<ConsoleApp />)
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign-ups' })).toBeVisible()
})
