import { render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { expect, test } from 'vitest'
import type { EmailQueueState } from '../../../shared/email-queue.ts'
import { checkEmailPlan, type LaunchReadiness } from '../../../shared/launch-readiness.ts'
import { stubApi, withClient } from '../../test-api.ts'
import { EmailQueueCard } from './email-queue-card.tsx'
import { ReadinessCard } from './readiness-card.tsx'

// The Launch view's two capacity cards (issue 52) as an owner reads them; their data comes from
// /admin/api/launch-readiness and /admin/api/email-queue (contract.test.ts checks the shapes).

function readiness(over: Partial<Omit<LaunchReadiness, 'plan'>>, plan: Partial<LaunchReadiness['plan']>) {
  const base = {
    ratePerSecond: null,
    dailyLimit: null,
    emailsPerSignup: 1 as const,
    expectedSignups: null,
    busiestDaySignups: 0,
    ...plan,
  }
  const list = base.expectedSignups ?? base.busiestDaySignups
  const r: LaunchReadiness = {
    publicUrl: 'https://beta.example.com',
    publicUrlIsLocal: false,
    transport: 'resend',
    bounceWebhook: true,
    doubleOptIn: true,
    challenge: 'pow',
    sendingDomain: { domain: 'updates.example.com', spf: 'found', dkim: 'found', dmarc: 'found' },
    ...over,
    plan: { ...base, list, ...checkEmailPlan({ ...base, list }) },
  }
  return r
}

const items = () => within(screen.getByRole('region', { name: 'Ready for launch day' })).getAllByRole('listitem')

test('a fresh install: what is still to do is named, each with the setting to change', () => {
  const r = readiness(
    {
      publicUrl: 'http://localhost:3000',
      publicUrlIsLocal: true,
      transport: 'outbox',
      doubleOptIn: false,
      sendingDomain: null,
    },
    { busiestDaySignups: 12 },
  )
  render(<ReadinessCard readiness={r} />, { wrapper: withClient() })
  expect(screen.getByText('4 of 5 to do before you post the page.')).toBeVisible()
  expect(items().map((li) => li.textContent)).toEqual([
    "!To do: PUBLIC_URL is http://localhost:3000: every email's links point there. Set it to the address visitors use.",
    '!To do: EMAIL_TRANSPORT is outbox: emails are written to a folder, not sent. Set resend or smtp.',
    '!To do: Double opt-in is off (SIGNUP_CONFIRMATION): anyone can sign up an address that is not theirs.',
    '✓Done: The page proves a second of work before each welcome email.',
    "!To do: No email limits are set: set EMAIL_RATE_PER_SECOND and EMAIL_DAILY_LIMIT to your plan's, so the list can be checked against them.",
  ])
})

test("Resend's free plan against 20,000 expected people: the card says how long and what to do", () => {
  const r = readiness({}, { ratePerSecond: 2, dailyLimit: 100, emailsPerSignup: 2, expectedSignups: 20_000 })
  render(<ReadinessCard readiness={r} />, { wrapper: withClient() })
  expect(screen.getByText('1 of 7 to do before you post the page.')).toBeVisible()
  expect(items().at(-1)).toHaveTextContent(
    'To do: Your plan (2 a second, 100 a day) sends 100 emails in 24 hours, but the 20,000 sign-ups you expect need 40,000 emails (2 each): they would take about 400 days. Raise the plan before launch day, then EMAIL_DAILY_LIMIT and EMAIL_RATE_PER_SECOND with it, or turn double opt-in off for the day.',
  )
  expect(screen.getByLabelText('Sign-ups you expect in the first 24 hours')).toHaveValue(20_000)
})

test('a plan that carries the busiest day says so; a saved number is sent, and a cleared one is null', async () => {
  const r = readiness({}, { ratePerSecond: 10, dailyLimit: 50_000, busiestDaySignups: 300 })
  const calls = stubApi({
    'POST /admin/api/launch-readiness/expected': { json: readiness({}, { expectedSignups: 5_000 }) },
  })
  const wrapper = withClient()
  render(<ReadinessCard readiness={r} />, { wrapper })
  expect(screen.getByText('Everything on the launch checklist holds.')).toBeVisible()
  expect(items().at(-1)).toHaveTextContent(
    'Done: Your plan (10 a second, 50,000 a day) sends 50,000 emails in 24 hours: your busiest day of the last 7 (300 sign-ups) needed 300 emails (1 each), sent in about 1 minute.',
  )
  const field = screen.getByLabelText('Sign-ups you expect in the first 24 hours')
  await userEvent.type(field, '5000')
  await userEvent.click(screen.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Saved: 5,000.')).toBeVisible()
  await userEvent.clear(field)
  await userEvent.click(screen.getByRole('button', { name: 'Save' }))
  expect(calls.map((c) => c.body)).toEqual([{ expected: 5000 }, { expected: null }])
  expect(wrapper.invalidated).toEqual(['launchReadiness', 'launchReadiness'])
})

test("the sending domain: each record missing or unanswered is named; SMTP's DKIM is left to the provider", () => {
  const line = (
    sendingDomain: LaunchReadiness['sendingDomain'],
    transport: LaunchReadiness['transport'] = 'resend',
  ) => {
    const { unmount } = render(<ReadinessCard readiness={readiness({ sendingDomain, transport }, {})} />, {
      wrapper: withClient(),
    })
    const text = items()[2]!.textContent
    unmount()
    return text
  }
  const domain = 'updates.example.com'
  expect(line({ domain, spf: 'missing', dkim: 'found', dmarc: 'missing' })).toBe(
    "!To do: updates.example.com has no SPF, DMARC record: receiving servers may put your emails in spam. Add the records Resend's Domains page shows.",
  )
  expect(line({ domain, spf: 'found', dkim: 'unknown', dmarc: 'found' })).toBe(
    "!To do: DNS did not answer for updates.example.com (DKIM): check the records Resend's Domains page shows are in place.",
  )
  expect(line({ domain, spf: 'found', dkim: 'found', dmarc: 'found' })).toBe(
    '✓Done: updates.example.com publishes SPF, DKIM, DMARC.',
  )
  expect(line({ domain, spf: 'found', dkim: 'not-checked', dmarc: 'found' }, 'smtp')).toBe(
    '✓Done: updates.example.com publishes SPF, DMARC (DKIM: check it with your provider, its selector is its own).',
  )
})

test('the email queue: what waits by kind, the drain time, and the three ways out when the day will not carry it', () => {
  const queue: EmailQueueState = {
    waiting: [
      { kind: 'welcome', count: 900 },
      { kind: 'confirm-signup', count: 300 },
    ],
    total: 1200,
    ratePerSecond: 2,
    dailyLimit: 1000,
    sentToday: 400,
    remainingToday: 600,
    pacePerSecond: 1.96,
    pausedUntil: '2026-12-02T18:30:05.000Z',
    pauseReason: 'rate_limit_exceeded',
    drainSeconds: 600,
    fitsToday: false,
  }
  render(<EmailQueueCard queue={queue} />)
  const card = screen.getByRole('region', { name: 'Email queue' })
  expect(card).toHaveTextContent('1200 waiting. Drains in about 10 minutes.')
  expect(card).toHaveTextContent('Pace (last minute)2 a second')
  expect(card).toHaveTextContent('Sent today (UTC)400 of 1000')
  expect(card).toHaveTextContent('nothing is sent before 18:30:05 UTC (rate_limit_exceeded)')
  const notes = within(card).getAllByRole('note')
  expect(within(notes[1]!).getAllByRole('listitem')).toHaveLength(3)
  const rows = within(card)
    .getAllByRole('row')
    .map((row) => row.textContent)
  expect(rows).toEqual(['KindWaiting', 'welcome900', 'confirm-signup300'])
})

test('an empty queue says nothing waits, and no warning', () => {
  render(
    <EmailQueueCard
      queue={{
        waiting: [],
        total: 0,
        ratePerSecond: null,
        dailyLimit: null,
        sentToday: 0,
        remainingToday: null,
        pacePerSecond: 0,
        pausedUntil: null,
        pauseReason: null,
        drainSeconds: 0,
        fitsToday: true,
      }}
    />,
  )
  const card = screen.getByRole('region', { name: 'Email queue' })
  expect(card).toHaveTextContent('0 waiting. Nothing is waiting.')
  expect(card).toHaveTextContent('Rate limitnot set')
  expect(within(card).queryAllByRole('note')).toEqual([])
})
