import type { Db, Tx } from '../../db/db.ts'
import { enqueue } from '../../../mail-core/enqueue.ts'
import { playQuestion } from '../../../emails/play-question.kind.ts'
import { playReminder } from '../../../emails/play-reminder.kind.ts'
import { msUntilAfterLastPending } from '../../../mail-core/queue-rows.ts'
import {
  playProgress,
  spansFromAnswers,
  type PlayAnswer,
  type PlayProgress,
  type PlayTester,
} from '../../../shared/play-testing.ts'

// Google Play closed testing. Decisions: docs/decisions/play-closed-testing.md

type Queryable = Db | Tx

/**
 * Who counts as an Android tester: invited with the Android link, or with both links and the
 * Android one followed (which makes their play_testers row). On `s` and `p`.
 */
const ANDROID_TESTER = `s.status = 'invited'
  and (s.invitation_links = 'android' or (s.invitation_links = 'both' and p.signup_id is not null))
  and s.platform <> 'ios'`

/** Saves the Google account given on the Android phone-choice page (the sign-up of that platform token). */
export async function saveGoogleAccount(db: Queryable, platformToken: string, account: string): Promise<void> {
  await db.query(
    `insert into app_private.play_testers (signup_id, google_account)
     select id, $2 from public.beta_signups where platform_token = $1::uuid
     on conflict (signup_id) do update set google_account = excluded.google_account`,
    [platformToken, account],
  )
}

/**
 * After an Android invitation link was followed: queues "Did you join the test?" once (dedupe key
 * play-question:<id>), due `delayMs` after the first opening, unless the person chose iPhone or
 * the mailbox is suppressed. Returns whether an email was queued now.
 */
export async function askWhetherJoined(db: Db, inviteToken: string, delayMs: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const r = await tx.query<{ id: string; email: string; answer_token: string; due_in_ms: number | string }>(
      `with s as (
         select id, email, opened_at from public.beta_signups
         where invite_token = $1::uuid and status = 'invited' and opened_at is not null
           and invitation_links in ('android', 'both') and platform <> 'ios'
           and not app_private.is_suppressed(email)
       ), t as (
         insert into app_private.play_testers (signup_id) select id from s
         on conflict (signup_id) do update set signup_id = excluded.signup_id
         returning signup_id, answer_token
       )
       select s.id::text as id, s.email, t.answer_token::text as answer_token,
         greatest(0, extract(epoch from s.opened_at - now()) * 1000 + $2::double precision) as due_in_ms
       from s join t on t.signup_id = s.id`,
      [inviteToken, delayMs],
    )
    const row = r.rows[0]
    if (!row) return false
    const queued = await enqueue(tx, playQuestion, {
      to: row.email,
      key: row.id,
      payload: { answerToken: row.answer_token },
      delayMs: Number(row.due_in_ms),
    })
    return queued.length > 0
  })
}

/** The Android tester an answer token belongs to, or null (unknown token, or no Android invitation any more). */
export async function testerByAnswerToken(
  db: Queryable,
  token: string,
): Promise<{ signupId: string; email: string; googleAccount: string | null; locale: string | null } | null> {
  const r = await db.query<{ id: string; email: string; google_account: string | null; locale: string | null }>(
    `select s.id::text as id, s.email, p.google_account, s.locale
     from app_private.play_testers p join public.beta_signups s on s.id = p.signup_id
     where p.answer_token = $1::uuid and ${ANDROID_TESTER}`,
    [token],
  )
  const row = r.rows[0]
  return row ? { signupId: row.id, email: row.email, googleAccount: row.google_account, locale: row.locale } : null
}

/**
 * Records an answer. "trouble" also lands in the console's inbox as a contact message from the
 * tester (so the owner's notification carries Reply-To: them), at most once a day per tester.
 * Returns null for a token that is not an Android tester's, else whether a message was written.
 */
export async function recordAnswer(
  db: Db,
  input: { token: string; answer: PlayAnswer; details: string },
): Promise<{ message: boolean } | null> {
  return db.transaction(async (tx) => {
    const tester = await testerByAnswerToken(tx, input.token)
    if (!tester) return null
    await tx.query(`select pg_advisory_xact_lock(hashtextextended('play_answers:' || $1, 0))`, [tester.signupId])
    const recent = await tx.query(
      `select 1 from app_private.play_answers
       where signup_id = $1 and answer = 'trouble' and answered_at > now() - interval '1 day'`,
      [tester.signupId],
    )
    await tx.query('insert into app_private.play_answers (signup_id, answer) values ($1, $2)', [
      tester.signupId,
      input.answer,
    ])
    if (input.answer !== 'trouble' || recent.rows.length > 0) return { message: false }
    const lines = [
      'I had trouble joining the Google Play test.',
      `(Answer to "Did you join the test?". Google account given: ${tester.googleAccount ?? 'none, the sign-up address'}.)`,
    ]
    if (input.details) lines.push('', input.details)
    await tx.query(
      `insert into public.contact_messages (name, email, subject, message) values ($1, $2, 'beta-feedback', $3)`,
      ['Android beta tester', tester.email, lines.join('\n')],
    )
    return { message: true }
  })
}

export type PlayTestingSummary = {
  rule: { required: number; days: number }
  progress: PlayProgress
  /** Every Android tester who ever said they joined, with their latest stretch in the test. */
  testers: PlayTester[]
  androidInvited: number
  opened: number
  /** Invited for Android, no answer yet: whom the nudge reaches. */
  unanswered: number
  /** Whose latest answer is "I had trouble". */
  trouble: number
}

/** The 12 × 14 card's data at `now`. */
export async function playTestingSummary(
  db: Db,
  rule: { required: number; days: number },
  now: Date,
): Promise<PlayTestingSummary> {
  const r = await db.query<{
    id: string
    email: string
    google_account: string | null
    opened: boolean
    answers: { answer: PlayAnswer; at: string }[] | string
    bounced_at: Date | string | null
  }>(
    `select s.id::text as id, s.email, p.google_account, s.opened_at is not null as opened,
       coalesce((select json_agg(json_build_object('answer', a.answer, 'at', a.answered_at) order by a.answered_at, a.id)
                 from app_private.play_answers a where a.signup_id = s.id), '[]'::json) as answers,
       (select max(q.next_attempt_at) from app_private.email_queue q
        where q.status = 'failed' and app_private.canonical_email(q.to_email) = app_private.canonical_email(s.email)) as bounced_at
     from public.beta_signups s left join app_private.play_testers p on p.signup_id = s.id
     where ${ANDROID_TESTER}
     order by s.id`,
  )
  const iso = (v: Date | string) => new Date(v).toISOString()
  const testers: PlayTester[] = []
  const spans = []
  let unanswered = 0
  let trouble = 0
  let opened = 0
  for (const row of r.rows) {
    const answers = (typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers) as {
      answer: PlayAnswer
      at: string
    }[]
    const list = answers.map((a) => ({ answer: a.answer, at: iso(a.at) }))
    if (row.opened) opened++
    if (list.length === 0) unanswered++
    if (list.at(-1)?.answer === 'trouble') trouble++
    const mine = spansFromAnswers(list, row.bounced_at === null ? null : iso(row.bounced_at))
    spans.push(...mine)
    const last = mine.at(-1)
    if (last)
      testers.push({
        id: Number(row.id),
        email: row.email,
        googleAccount: row.google_account,
        joinedAt: last.joinedAt,
        leftAt: last.leftAt,
        leftBecause: last.leftBecause,
      })
  }
  return {
    rule,
    progress: playProgress(spans, rule, now),
    testers: testers.sort((a, b) => Date.parse(a.joinedAt) - Date.parse(b.joinedAt) || a.id - b.id),
    androidInvited: r.rows.length,
    opened,
    unanswered,
    trouble,
  }
}

/**
 * The card's nudge: one plain invitation reminder to each Android tester who has not answered,
 * paced like invitations, at most one per tester and UTC day (dedupe key). Returns the ids queued.
 */
export async function nudgeUnanswered(db: Db, intervalMs: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const r = await tx.query<{ id: string; email: string; day: string }>(
      `select s.id::text as id, s.email, to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as day
       from public.beta_signups s left join app_private.play_testers p on p.signup_id = s.id
       where ${ANDROID_TESTER}
         and not exists (select 1 from app_private.play_answers a where a.signup_id = s.id)
         and not app_private.is_suppressed(s.email)
       order by s.id`,
    )
    const start = await msUntilAfterLastPending(tx, playReminder.kind, intervalMs)
    const queued = await enqueue(
      tx,
      playReminder,
      r.rows.map((s, n) => ({
        to: s.email,
        key: { signupId: s.id, day: s.day },
        payload: { paceMs: intervalMs },
        delayMs: start + n * intervalMs,
      })),
    )
    return queued.map((q) => q.key.signupId)
  })
}

/**
 * Records play.threshold_reached when the card says the rule is met at `now`: once per stretch
 * (keyed by when the count reached the required testers), in one statement with the row that
 * remembers it, so a restart or a second process never emits it twice. Returns whether it was
 * recorded now, and the card's progress (for the watch's next check).
 */
export async function recordThresholdReached(
  db: Db,
  rule: { required: number; days: number },
  now: Date,
): Promise<{ recorded: boolean; progress: PlayProgress }> {
  const { progress } = await playTestingSummary(db, rule, now)
  if (!progress.reached || progress.requiredSince === null || progress.applyOn === null)
    return { recorded: false, progress }
  const r = await db.query(
    `with fresh as (
       insert into app_private.play_threshold_reached (required_since, apply_on, testers, required, days, reached_at)
       values ($1::timestamptz, $2::date, $3, $4, $5, $6::timestamptz)
       on conflict (required_since) do nothing
       returning *
     )
     select app_private.emit_outbound_event('play.threshold_reached', null, jsonb_build_object(
       'testers', testers, 'required', required, 'days', days,
       'required_since', required_since, 'apply_on', to_char(apply_on, 'YYYY-MM-DD'), 'reached_at', reached_at))
     from fresh`,
    [progress.requiredSince, progress.applyOn, progress.counting, rule.required, rule.days, now.toISOString()],
  )
  return { recorded: r.rows.length > 0, progress }
}
