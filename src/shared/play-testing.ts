import { z } from 'zod'
import { count, id, iso } from './console-common.ts'

// Google Play's closed-test rule for new personal developer accounts: at least
// `required` testers opted in for the last `days` days without a break. Play cannot be asked who
// opted in, so this counts the testers' own answers. Pure functions, for the server and its tests.
// docs/decisions/play-closed-testing.md

/** A tester's answer to "Did you join the test?", or their later word that they left. */
export type PlayAnswer = 'joined' | 'trouble' | 'left'
export const PLAY_ANSWERS: readonly PlayAnswer[] = ['joined', 'trouble', 'left']

/** The form field's name for the Google account on the Android phone-choice page, which play testing reads. */
export const GOOGLE_ACCOUNT_FIELD = 'google_account'

/** Why a tester stopped counting. */
type LeftBecause = 'said-left' | 'bounced'

/** One stretch of time a tester was in, by their own word: from "joined" to "left" or a bounce. */
export type TesterSpan = { joinedAt: string; leftAt: string | null; leftBecause: LeftBecause | null }

const DAY_MS = 86_400_000

/**
 * A tester's stretches in the test from their answers in order: "joined" opens one (a repeat
 * changes nothing), "left" closes it, "trouble" changes nothing. An email to them that failed for
 * good (a bounce) after they joined closes the open stretch at that time.
 */
export function spansFromAnswers(
  answers: readonly { answer: PlayAnswer; at: string }[],
  bouncedAt: string | null = null,
): TesterSpan[] {
  const spans: TesterSpan[] = []
  let open: TesterSpan | null = null
  for (const a of [...answers].sort((x, y) => Date.parse(x.at) - Date.parse(y.at))) {
    if (bouncedAt !== null && Date.parse(a.at) >= Date.parse(bouncedAt)) break
    if (a.answer === 'joined' && open === null) {
      open = { joinedAt: a.at, leftAt: null, leftBecause: null }
      spans.push(open)
    } else if (a.answer === 'left' && open !== null) {
      open.leftAt = a.at
      open.leftBecause = 'said-left'
      open = null
    }
  }
  if (open !== null && bouncedAt !== null) {
    open.leftAt = bouncedAt
    open.leftBecause = 'bounced'
  }
  return spans
}

export type PlayProgress = {
  /** Testers in now, by their own word. */
  counting: number
  required: number
  days: number
  /** How many more testers are needed now (0 once `required` are in). */
  missing: number
  /**
   * When the count last reached `required` and has stayed there since: the day "the 12th joined".
   * null while fewer are in.
   */
  requiredSince: string | null
  /**
   * The first whole UTC day after `days` × 24 hours from `requiredSince` ("you can apply on …",
   * YYYY-MM-DD); null while fewer are in.
   */
  applyOn: string | null
  /** Whether `applyOn` has come. */
  reached: boolean
  /** Whole days since `requiredSince` (0 while fewer are in). */
  daysIn: number
}

/**
 * Where the test stands at `now`: the spans of every tester, swept in time order. A leave at the
 * same moment as a join counts first (the cautious reading: the count may have dipped). When the
 * count falls below `required`, the days start again from the next time it reaches it.
 */
export function playProgress(
  spans: readonly TesterSpan[],
  rule: { required: number; days: number },
  now: Date,
): PlayProgress {
  const t = now.getTime()
  const events: { at: number; step: 1 | -1 }[] = []
  for (const s of spans) {
    const joined = Date.parse(s.joinedAt)
    if (joined > t) continue
    events.push({ at: joined, step: 1 })
    if (s.leftAt !== null && Date.parse(s.leftAt) <= t) events.push({ at: Date.parse(s.leftAt), step: -1 })
  }
  events.sort((a, b) => a.at - b.at || a.step - b.step)
  let count = 0
  let since: number | null = null
  for (const e of events) {
    const before = count
    count += e.step
    if (before < rule.required && count >= rule.required) since = e.at
    if (count < rule.required) since = null
  }
  const applyOn = since === null ? null : firstWholeDay(since + rule.days * DAY_MS)
  return {
    counting: count,
    required: rule.required,
    days: rule.days,
    missing: Math.max(0, rule.required - count),
    requiredSince: since === null ? null : new Date(since).toISOString(),
    applyOn: applyOn === null ? null : new Date(applyOn).toISOString().slice(0, 10),
    reached: applyOn !== null && t >= applyOn,
    daysIn: since === null ? 0 : Math.floor((t - since) / DAY_MS),
  }
}

/** The first UTC midnight at or after `ms`: a whole day, so applying that day is never early. */
function firstWholeDay(ms: number): number {
  return Math.ceil(ms / DAY_MS) * DAY_MS
}

// The console's contract for the 12 × 14 card and its nudge (the console imports only its types).

/** An Android tester who said "Yes, I'm in", with their latest stretch in the test. */
export const PlayTester = z.strictObject({
  id,
  email: z.string(),
  /** The Google account they gave for the Play list, or null (the sign-up address is used). */
  googleAccount: z.string().nullable(),
  joinedAt: iso,
  /** null while they are in; else when they said they left, or when an email to them bounced. */
  leftAt: iso.nullable(),
  leftBecause: z.enum(['said-left', 'bounced']).nullable(),
})
export type PlayTester = z.infer<typeof PlayTester>

/** GET /play-testing: the 12 × 14 card (playProgress above computes `progress`). */
export const PlayTestingSummary = z.strictObject({
  rule: z.strictObject({ required: id, days: id }),
  progress: z.strictObject({
    counting: count,
    required: id,
    days: id,
    missing: count,
    requiredSince: iso.nullable(),
    applyOn: z.iso.date().nullable(),
    reached: z.boolean(),
    daysIn: count,
  }),
  testers: z.array(PlayTester),
  androidInvited: count,
  opened: count,
  unanswered: count,
  trouble: count,
})
export type PlayTestingSummary = z.infer<typeof PlayTestingSummary>

/** POST /play-testing/nudge: how many reminders were queued now (a second click the same day queues none). */
export const NudgeResult = z.strictObject({ queued: count })
export type NudgeResult = z.infer<typeof NudgeResult>
