import { expect, test } from 'vitest'
import { checkEmailPlan } from './launch-readiness.ts'

// The README's launch checklist, item 6, is this arithmetic: keep the two in step.

test("the README's figures: 20,000 people with double opt-in need 40,000 emails a day; at 2 a second, 5 h 33 min", () => {
  const plan = checkEmailPlan({ list: 20_000, emailsPerSignup: 2, ratePerSecond: 2, dailyLimit: 50_000 })
  expect(plan).toEqual({ emails: 40_000, perDay: 50_000, secondsToSend: 20_000, fits: true })
  expect(Math.floor(plan.secondsToSend! / 60)).toBe(5 * 60 + 33)
})

test("Resend's free plan (2 a second, 100 a day) sends 50 people both emails in a day, and not 51", () => {
  expect(checkEmailPlan({ list: 50, emailsPerSignup: 2, ratePerSecond: 2, dailyLimit: 100 })).toEqual({
    emails: 100,
    perDay: 100,
    secondsToSend: 50,
    fits: true,
  })
  // 102 emails: 100 today, 2 tomorrow after a day's wait.
  expect(checkEmailPlan({ list: 51, emailsPerSignup: 2, ratePerSecond: 2, dailyLimit: 100 })).toEqual({
    emails: 102,
    perDay: 100,
    secondsToSend: 86_400 + 1,
    fits: false,
  })
})

test('the rate alone bounds a day; no limit at all checks nothing', () => {
  expect(checkEmailPlan({ list: 100_000, emailsPerSignup: 1, ratePerSecond: 1, dailyLimit: null })).toEqual({
    emails: 100_000,
    perDay: 86_400,
    secondsToSend: 100_000,
    fits: false,
  })
  expect(checkEmailPlan({ list: 10, emailsPerSignup: 1, ratePerSecond: null, dailyLimit: 5 })).toMatchObject({
    perDay: 5,
    secondsToSend: 86_400,
    fits: false,
  })
  expect(checkEmailPlan({ list: 10, emailsPerSignup: 2, ratePerSecond: null, dailyLimit: null })).toEqual({
    emails: 20,
    perDay: null,
    secondsToSend: null,
    fits: null,
  })
})
