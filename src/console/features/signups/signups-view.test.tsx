import { render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { beforeEach, expect, test } from 'vitest'
import type { SignupPage } from '../../../shared/signups.ts'
import { polyfillDialog, stubApi, withClient } from '../../test-api.ts'
import { SignupsView } from './signups-view.tsx'

beforeEach(polyfillDialog)

const ann: SignupPage['rows'][number] = {
  id: 1,
  email: 'ann@example.com',
  createdAt: '2025-01-02T03:04:05.000Z',
  welcome: 'retrying',
  welcomeError: 'provider down',
  platform: 'android',
  status: 'invited',
  invitedAt: '2025-01-05T00:00:00.000Z',
  openedAt: null,
  disposable: false,
}
const stats = { total: 1234, today: 1, last7Days: 3, perDay: [{ day: '2025-01-02', count: 1 }] }

function stub(page: (url: URL) => SignupPage) {
  return stubApi({
    'GET /admin/api/signups': (url) => ({ json: page(url) }),
    'GET /admin/api/signups/stats': { json: stats },
    'GET /admin/api/suppressions': { json: { count: 0, bounced: 0, complained: 0, owners: [] } },
    'POST /admin/api/people/erase': { json: { signups: 1, contactMessages: 0, feedback: 1, emails: 2, outbox: 3 } },
  })
}

test('lists the sign-ups with their welcome email and invitation', async () => {
  stub(() => ({ rows: [ann], total: 1, page: 1, size: 25 }))
  render(<SignupsView />, { wrapper: withClient() })
  expect(await screen.findByText('1 in all')).toBeVisible()
  const row = screen.getByRole('row', { name: /ann@example.com/ })
  expect(within(row).getByText('Retrying')).toBeVisible()
  expect(within(row).getByText('provider down')).toBeVisible()
  expect(within(row).getByText('Android, invited')).toBeInTheDocument()
  expect(screen.getByText('1234')).toBeVisible()
})

test('search, status and platform narrow the list, one request per search', async () => {
  const calls = stub(() => ({ rows: [], total: 0, page: 1, size: 25 }))
  render(<SignupsView />, { wrapper: withClient() })
  const user = userEvent.setup()
  await screen.findByText('0 in all')
  await user.type(screen.getByLabelText('Search by address'), 'ann')
  await user.selectOptions(screen.getByLabelText('Status'), 'Waiting')
  await user.selectOptions(screen.getByLabelText('Platform'), 'Not chosen')
  expect(await screen.findByText('0 matching')).toBeVisible()
  await screen.findByRole('link', { name: 'Export CSV' })
  await expect.poll(() => calls.at(-1)?.url.searchParams.get('q')).toBe('ann')
  const lists = calls.filter((c) => c.url.pathname === '/admin/api/signups').map((c) => c.url.searchParams)
  expect(lists.map((p) => p.get('q'))).not.toContain('a')
  expect(lists.at(-1)?.toString()).toBe('q=ann&page=1&size=25&status=waiting&platform=unknown')
  expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/admin/api/signups/export?q=ann')
})

test('erasing asks first, then says what went', async () => {
  const calls = stub(() => ({ rows: [ann], total: 1, page: 1, size: 25 }))
  render(<SignupsView />, { wrapper: withClient() })
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Erase ann@example.com' }))
  const dialog = screen.getByRole('dialog', { name: 'Erase this person?' })
  await user.click(within(dialog).getByRole('button', { name: 'Erase' }))
  expect(
    await screen.findByText(
      'Erased ann@example.com: 1 sign-up, 0 contact messages, 1 feedback entries, 2 queued emails, 3 outbox files. The mailbox is on the suppression list.',
    ),
  ).toBeVisible()
  expect(calls.find((c) => c.method === 'POST')).toMatchObject({ body: { email: 'ann@example.com' } })
})

test("says so when an owner's own mailbox is on the suppression list", async () => {
  stubApi({
    'GET /admin/api/signups': { json: { rows: [], total: 0, page: 1, size: 25 } },
    'GET /admin/api/signups/stats': { json: stats },
    'GET /admin/api/suppressions': { json: { count: 2, bounced: 1, complained: 0, owners: ['founder@example.com'] } },
  })
  render(<SignupsView />, { wrapper: withClient() })
  const notice = await screen.findByText(/Your own mailbox is on the suppression list/)
  expect(notice).toBeVisible()
  expect(notice).toHaveTextContent('founder@example.com')
  expect(notice).toHaveTextContent(/Owner mail .* still reaches it/)
})
