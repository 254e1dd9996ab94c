import { render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { stubApi, withClient } from '../../test-api.ts'
import { FeedbackView } from './feedback-view.tsx'

const entry = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  email: `t${id}@example.com`,
  rating: 4,
  works: 'Clients',
  broken: '',
  platform: 'ios',
  osVersion: 'iOS 18.1',
  build: '1.0',
  createdAt: '2026-11-24T10:00:00.000Z',
  ...over,
})

test('entries newest first, the summary per build, filters sent to the API and to the export link', async () => {
  const calls = stubApi({
    'GET /admin/api/feedback': {
      json: {
        rows: [entry(2, { rating: 2, broken: 'Crash\non start', platform: 'android', osVersion: '' }), entry(1)],
        total: 2,
        page: 1,
        size: 20,
        summary: [
          { build: '1.1', count: 1, average: 2 },
          { build: '1.0', count: 3, average: 4.33 },
        ],
        buildLabel: '1.1',
      },
    },
    'POST /admin/api/feedback/build-label': { json: { label: '1.2' } },
  })
  render(<FeedbackView />, { wrapper: withClient() })
  const user = userEvent.setup()
  const summary = await screen.findByRole('table', { name: /4 entries, average rating 3\.7 of 5\./ })
  expect(
    within(summary)
      .getAllByRole('row')
      .map((r) => r.textContent),
  ).toEqual(['BuildEntriesAverage rating', '1.112.0', '1.034.3'])
  const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
  expect(headings).toEqual(['Rated 2 of 5 · build 1.0 · Android', 'Rated 4 of 5 · build 1.0 · iPhone, iOS 18.1'])
  expect(screen.getByLabelText('Current build')).toHaveValue('1.1')

  await user.selectOptions(screen.getByLabelText('Build'), '1.0')
  await user.selectOptions(screen.getByLabelText('Rating'), '2 of 5')
  await user.selectOptions(screen.getByLabelText('Phone'), 'Android')
  expect(calls.at(-1)!.url.search).toBe('?build=1.0&rating=2&platform=android&page=1&size=20')
  expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/admin/api/feedback/export?build=1.0&rating=2&platform=android',
  )

  await user.clear(screen.getByLabelText('Current build'))
  await user.type(screen.getByLabelText('Current build'), '1.2')
  await user.click(screen.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('The feedback page now fills in “1.2”.')).toBeVisible()
  expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ label: '1.2' })
})
