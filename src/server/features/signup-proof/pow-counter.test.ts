import { expect, test } from 'vitest'
import { SIGNUP_CHALLENGE } from '../../../shared/signup-challenge.ts'

// The counter was drawn between public bounds (20,000–50,000), so a solver
// that started at the lower bound did 15,000 hashes on average where the page did 35,000.
test('the counter is drawn from 0: no public bound lets a solver skip work, and the mean cost stays 35,000', () => {
  expect(SIGNUP_CHALLENGE.minCounter).toBe(0)
  expect((SIGNUP_CHALLENGE.minCounter + SIGNUP_CHALLENGE.maxCounter) / 2).toBe(35_000)
})
