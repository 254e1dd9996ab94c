import { act, render, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { beforeEach, expect, test, vi } from 'vitest'
import { polyfillDialog, stubApi, withClient } from '../../test-api.ts'
import { InviteNextCard } from './invite-next-card.tsx'

beforeEach(polyfillDialog)

const rows = [
  {
    id: 7,
    email: 'ann@example.com',
    platform: 'ios',
    created_at: '2025-01-02T03:04:05.000Z',
    links: 'ios',
    disposable: false,
  },
  {
    id: 9,
    email: 'bo@example.com',
    platform: 'unknown',
    created_at: '2025-01-03T03:04:05.000Z',
    links: 'both',
    disposable: false,
  },
]

// The browser's own checks (min, max, step) stop most bad numbers; an empty field gets through them.
test('an empty number is refused before any request', async () => {
  const calls = stubApi({})
  render(<InviteNextCard maxBatch={50} />, { wrapper: withClient() })
  const user = userEvent.setup()
  await user.clear(screen.getByLabelText('How many'))
  await user.click(screen.getByRole('button', { name: 'Preview' }))
  expect(screen.getByRole('alert')).toHaveTextContent('Choose a number from 1 to 50.')
  expect(calls).toEqual([])
})

test('preview lists exactly who will be invited; confirming invites those ids', async () => {
  const calls = stubApi({
    'GET /admin/api/invitations/preview': {
      json: { rows, stores: { ios: true, android: true }, disposableLeftOut: 0 },
    },
    'POST /admin/api/invitations/confirm': { json: { invited: 1, skipped: 1 } },
  })
  const wrapper = withClient()
  render(<InviteNextCard maxBatch={1000} />, { wrapper })
  const user = userEvent.setup()
  await user.clear(screen.getByLabelText('How many'))
  await user.type(screen.getByLabelText('How many'), '2')
  await user.selectOptions(screen.getByLabelText('Platform to invite'), 'iPhone')
  await user.click(screen.getByRole('button', { name: 'Preview' }))

  expect(await screen.findByText('2 people will be invited, oldest sign-up first.')).toBeVisible()
  expect(calls[0]!.url.search).toBe('?n=2&platform=ios&disposable=exclude')
  const table = screen.getByRole('table', { name: 'Who will be invited' })
  expect(
    within(table)
      .getAllByRole('row')
      .map((r) => r.textContent),
  ).toEqual([
    'EmailGetsSigned up',
    'ann@example.comiPhone link2 Jan 2025, 03:04 UTC',
    'bo@example.comBoth links3 Jan 2025, 03:04 UTC',
  ])

  await user.click(screen.getByRole('button', { name: 'Invite these 2 people' }))
  const dialog = screen.getByRole('dialog', { name: 'Invite 2 people?' })
  await user.click(within(dialog).getByRole('button', { name: 'Send invitations' }))

  expect(
    await screen.findByText('1 invitation queued. 1 person skipped: already invited or no link for their phone.'),
  ).toBeVisible()
  expect(calls[1]).toMatchObject({ method: 'POST', body: { ids: [7, 9] } })
  // The figures (and Play testing's) are read again, once.
  expect(wrapper.invalidated.filter((k) => k === 'invitations')).toHaveLength(1)
  expect(wrapper.invalidated).toContain('playTesting')
  // The preview goes with the answer's render, which may come a tick after the status line.
  await waitFor(() => expect(screen.queryByRole('table')).toBeNull())
})

test('a refused preview shows the server’s message and reports the error', async () => {
  stubApi({ 'GET /admin/api/invitations/preview': { status: 401, message: 'Sign in first' } })
  const onError = vi.fn()
  render(<InviteNextCard maxBatch={1000} />, { wrapper: withClient(onError) })
  await userEvent.setup().click(screen.getByRole('button', { name: 'Preview' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('Sign in first')
  expect(onError).toHaveBeenCalledOnce()
})

test('throwaway addresses are left out of the preview, and the owner can include them', async () => {
  const throwaway = { ...rows[1]!, id: 11, email: 'bot@mailinator.com', disposable: true }
  const calls = stubApi({
    'GET /admin/api/invitations/preview': (url) =>
      url.searchParams.get('disposable') === 'include'
        ? { json: { rows: [rows[0], throwaway], stores: { ios: true, android: true }, disposableLeftOut: 0 } }
        : { json: { rows: [rows[0]], stores: { ios: true, android: true }, disposableLeftOut: 1 } },
  })
  render(<InviteNextCard maxBatch={1000} />, { wrapper: withClient() })
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: 'Preview' }))
  expect(
    await screen.findByText(
      '1 person will be invited, oldest sign-up first. 1 throwaway address left out; tick “Include throwaway addresses” to invite them too.',
    ),
  ).toBeVisible()
  expect(calls[0]!.url.searchParams.get('disposable')).toBe('exclude')

  await user.click(screen.getByRole('checkbox', { name: 'Include throwaway addresses' }))
  await user.click(screen.getByRole('button', { name: 'Preview' }))
  expect(calls[1]!.url.searchParams.get('disposable')).toBe('include')
  const table = await screen.findByRole('table', { name: 'Who will be invited' })
  expect(within(table).getByText('bot@mailinator.com').parentElement!.textContent).toContain('Throwaway')
})

test('a slower, older preview never replaces the newer one: the confirmation invites who is on screen', async () => {
  // Each preview request waits until the test answers it, so the older can answer last.
  const held: { n: string; answer: () => void }[] = []
  vi.stubGlobal('fetch', (input: string) => {
    const n = new URL(input, 'http://localhost').searchParams.get('n')!
    const body = { rows: rows.slice(0, Number(n)), stores: { ios: true, android: true }, disposableLeftOut: 0 }
    return new Promise<Response>((resolve) => held.push({ n, answer: () => resolve(Response.json(body)) }))
  })
  render(<InviteNextCard maxBatch={1000} />, { wrapper: withClient() })
  const user = userEvent.setup()
  const field = screen.getByLabelText('How many')
  await user.clear(field)
  await user.type(field, '2')
  await user.click(screen.getByRole('button', { name: 'Preview' }))
  await user.clear(field)
  await user.type(field, '1')
  await user.click(screen.getByRole('button', { name: 'Preview' }))
  expect(held.map((h) => h.n)).toEqual(['2', '1'])
  await act(async () => held[1]!.answer())
  await act(async () => held[0]!.answer())
  expect(await screen.findByText('1 person will be invited, oldest sign-up first.')).toBeVisible()
  expect(screen.queryByText('2 people will be invited, oldest sign-up first.')).toBeNull()
  vi.unstubAllGlobals()
})
