import { render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { playProgress, type TesterSpan } from '../../../shared/play-testing.ts'
import type { PlayTestingSummary } from '../../../shared/play-testing.ts'
import { stubApi, withClient } from '../../test-api.ts'
import { headline, ordinal, PlayTestingCard } from './play-testing-card.tsx'

// The 12 × 14 card, fed by the same date logic the server uses (src/shared/play-testing.ts).

const RULE = { required: 12, days: 14 }
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12)).toISOString()
const span = (day: number, left: number | null = null): TesterSpan => ({
  joinedAt: at(day),
  leftAt: left === null ? null : at(left),
  leftBecause: left === null ? null : 'said-left',
})

function summary(spans: TesterSpan[], now: string, extra: Partial<PlayTestingSummary> = {}): PlayTestingSummary {
  return {
    rule: RULE,
    progress: playProgress(spans, RULE, new Date(now)),
    testers: spans.map((s, i) => ({
      id: i + 1,
      email: `t${i + 1}@example.com`,
      googleAccount: i === 0 ? 'play.one@gmail.com' : null,
      joinedAt: s.joinedAt,
      leftAt: s.leftAt,
      leftBecause: s.leftBecause,
    })),
    androidInvited: 15,
    opened: 14,
    unanswered: 2,
    trouble: 1,
    ...extra,
  }
}
const days = (n: number) => Array.from({ length: n }, (_, i) => span(i + 1))

test('ordinals', () => {
  expect([1, 2, 3, 4, 11, 12, 13, 20, 21, 22, 23, 111, 112].map(ordinal)).toEqual([
    '1st',
    '2nd',
    '3rd',
    '4th',
    '11th',
    '12th',
    '13th',
    '20th',
    '21st',
    '22nd',
    '23rd',
    '111th',
    '112th',
  ])
})

test('with 11 testers in: how many are missing, and no date', () => {
  render(<PlayTestingCard summary={summary(days(11), at(20))} />, { wrapper: withClient() })
  expect(screen.getByTestId('play-headline')).toHaveTextContent('1 tester missing. The 14 days start when 12 are in.')
  expect(screen.getByText('The 12th joined').nextElementSibling).toHaveTextContent('Not yet')
  expect(screen.getByText('You can apply on').nextElementSibling).toHaveTextContent('Not yet')
  expect(screen.getByText('Testers in').nextElementSibling).toHaveTextContent('11 of 12')
  expect(screen.getByText(/Google Play cannot be asked who opted in/)).toBeVisible()
  expect(screen.getByText(/testers’ own answers/)).toBeVisible()
})

test('the 12th tester: the day they joined, and the day one can apply', () => {
  render(<PlayTestingCard summary={summary(days(12), at(15))} />, { wrapper: withClient() })
  expect(screen.getByTestId('play-headline')).toHaveTextContent('You can apply on 27 Nov 2026.')
  expect(screen.getByText('The 12th joined').nextElementSibling).toHaveTextContent('12 Nov 2026')
  expect(screen.getByText('Day 3 of 14 with 12 testers in.', { exact: false })).toBeVisible()
  const table = screen.getByRole('table', { name: 'Testers who said they joined' })
  const rows = within(table).getAllByRole('row')
  expect(rows).toHaveLength(13)
  expect(rows[1]).toHaveTextContent('t1@example.comPlay: play.one@gmail.com1 Nov 2026In')
})

test('a tester leaving below 12 shows as left and the date goes', () => {
  const spans = [...days(11), span(12, 14)]
  render(<PlayTestingCard summary={summary(spans, at(15))} />, { wrapper: withClient() })
  expect(screen.getByTestId('play-headline')).toHaveTextContent('1 tester missing.')
  const table = screen.getByRole('table', { name: 'Testers who said they joined' })
  expect(within(table).getAllByRole('row')[12]).toHaveTextContent('t12@example.com12 Nov 2026Left 14 Nov 2026')
})

test('on the day after 14 × 24 hours: reached', () => {
  const s = summary(days(12), '2026-11-27T00:00:00.000Z')
  expect(headline(s)).toBe('14 days reached: you can apply for production access now.')
  expect(headline(summary(days(12), '2026-11-26T23:59:59.000Z'))).toBe('You can apply on 27 Nov 2026.')
})

test('the nudge posts once and says what it did', async () => {
  const calls = stubApi({ 'POST /admin/api/play-testing/nudge': { json: { queued: 2 } } })
  const wrapper = withClient()
  render(<PlayTestingCard summary={summary(days(3), at(5))} />, { wrapper })
  await userEvent.setup().click(screen.getByRole('button', { name: 'Remind 2 testers who did not answer' }))
  expect(await screen.findByText('2 reminders queued.')).toBeVisible()
  expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['POST /admin/api/play-testing/nudge'])
  expect(wrapper.invalidated).toEqual(['playTesting'])
})

test('nobody to nudge: the button says so and is disabled', () => {
  render(<PlayTestingCard summary={summary([], at(5), { unanswered: 0 })} />, { wrapper: withClient() })
  expect(screen.getByRole('button', { name: 'Everyone invited has answered' })).toBeDisabled()
  expect(screen.getByText('No tester has said they joined yet.')).toBeVisible()
})
