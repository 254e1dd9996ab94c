import { describe, expect, test } from 'vitest'
import { playProgress, spansFromAnswers, type TesterSpan } from './play-testing.ts'

const RULE = { required: 12, days: 14 }
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 10, day, hour)).toISOString()
const joined = (day: number, leftDay: number | null = null, hour = 12): TesterSpan => ({
  joinedAt: at(day, hour),
  leftAt: leftDay === null ? null : at(leftDay, hour),
  leftBecause: leftDay === null ? null : 'said-left',
})
/** `n` testers who joined on days 1, 2, 3, ... of November. */
const testers = (n: number) => Array.from({ length: n }, (_, i) => joined(i + 1))

describe('the 12 × 14 dates', () => {
  test('with 11 testers in, one is missing and there is no date', () => {
    const p = playProgress(testers(11), RULE, new Date(at(20)))
    expect(p).toMatchObject({ counting: 11, missing: 1, requiredSince: null, applyOn: null, reached: false, daysIn: 0 })
  })

  test('the 12th tester starts the 14 days; the date is the first whole day after 14 × 24 hours', () => {
    const p = playProgress(testers(12), RULE, new Date(at(13)))
    expect(p.counting).toBe(12)
    expect(p.missing).toBe(0)
    expect(p.requiredSince).toBe(at(12))
    // Joined 12 Nov at noon: 14 days later is 26 Nov at noon, so 27 Nov is the first whole day.
    expect(p.applyOn).toBe('2026-11-27')
    expect(p.reached).toBe(false)
    expect(p.daysIn).toBe(1)
  })

  test('a 13th tester does not move the date', () => {
    expect(playProgress(testers(13), RULE, new Date(at(14))).applyOn).toBe('2026-11-27')
  })

  test('the 14th day is not yet enough; the day after 14 × 24 hours is', () => {
    const list = testers(12)
    const lastMinute = new Date(Date.parse('2026-11-27T00:00:00.000Z') - 1)
    expect(playProgress(list, RULE, lastMinute)).toMatchObject({ reached: false, daysIn: 14 })
    expect(playProgress(list, RULE, new Date('2026-11-27T00:00:00.000Z'))).toMatchObject({ reached: true, daysIn: 14 })
  })

  test('a 12th tester who joined at midnight gives exactly 14 days', () => {
    const list = [...testers(11), joined(12, null, 0)]
    expect(playProgress(list, RULE, new Date(at(13))).applyOn).toBe('2026-11-26')
  })

  test('a tester leaving below 12 starts the days again when the 12th comes back', () => {
    const list = [...testers(11), joined(12, 18), joined(20)]
    const during = playProgress(list, RULE, new Date(at(19)))
    expect(during).toMatchObject({ counting: 11, missing: 1, requiredSince: null, applyOn: null })
    const after = playProgress(list, RULE, new Date(at(21)))
    expect(after.requiredSince).toBe(at(20))
    expect(after.applyOn).toBe('2026-12-05')
  })

  test('a tester leaving while 13 are in breaks nothing', () => {
    const list = [...testers(12), joined(13, 15)]
    const p = playProgress(list, RULE, new Date(at(16)))
    expect(p).toMatchObject({ counting: 12, requiredSince: at(12), applyOn: '2026-11-27' })
  })

  test('a leave and a join at the same moment count as a break', () => {
    const list = [...testers(11), joined(12, 15), joined(15)]
    expect(playProgress(list, RULE, new Date(at(16))).requiredSince).toBe(at(15))
  })

  test('answers in the future of `now` are not counted', () => {
    expect(playProgress(testers(12), RULE, new Date(at(11))).counting).toBe(11)
  })

  test('the rule is a setting (it was 20 testers)', () => {
    const p = playProgress(testers(12), { required: 20, days: 14 }, new Date(at(20)))
    expect(p).toMatchObject({ missing: 8, applyOn: null })
  })
})

describe('spans from the answers', () => {
  test('joined, trouble and a repeat change nothing; left closes; joined again opens', () => {
    expect(
      spansFromAnswers([
        { answer: 'trouble', at: at(1) },
        { answer: 'joined', at: at(2) },
        { answer: 'joined', at: at(3) },
        { answer: 'left', at: at(5) },
        { answer: 'left', at: at(6) },
        { answer: 'joined', at: at(8) },
      ]),
    ).toEqual([
      { joinedAt: at(2), leftAt: at(5), leftBecause: 'said-left' },
      { joinedAt: at(8), leftAt: null, leftBecause: null },
    ])
  })

  test('a bounce closes the open span, and later answers do not count', () => {
    expect(
      spansFromAnswers(
        [
          { answer: 'joined', at: at(2) },
          { answer: 'joined', at: at(9) },
        ],
        at(4),
      ),
    ).toEqual([{ joinedAt: at(2), leftAt: at(4), leftBecause: 'bounced' }])
  })

  test('answers are read in time order', () => {
    expect(
      spansFromAnswers([
        { answer: 'left', at: at(5) },
        { answer: 'joined', at: at(2) },
      ]),
    ).toEqual([{ joinedAt: at(2), leftAt: at(5), leftBecause: 'said-left' }])
  })
})
