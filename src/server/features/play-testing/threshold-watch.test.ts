import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { OUTBOUND_EVENTS } from '../../../shared/outbound-events.ts'
import type { Db } from '../../db/db.ts'
import { DB_KINDS, silentLogger, testApp, testDb } from '../../test-app.ts'
import { eventLine } from '../outbound-events/chat-messages.ts'
import { recordThresholdReached } from './queries.ts'
import { createPlayThresholdWatch } from './threshold-watch.ts'

// play.threshold_reached: emitted once when the 12 × 14 card's rule comes true, through the
// outbound events queue; never twice, also across a restart or two processes.

const RULE = { required: 12, days: 14 }
const CONFIG = { PLAY_REQUIRED_TESTERS: RULE.required, PLAY_REQUIRED_DAYS: RULE.days }
const DAY_MS = 86_400_000
const SCHEMA = OUTBOUND_EVENTS['play.threshold_reached'].data

/** Waits for `check` to hold, polling, for at most `ms`. */
async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe.each(DB_KINDS)('play.threshold_reached on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await db.exec(
      `truncate public.beta_signups, app_private.play_threshold_reached, app_private.outbound_endpoints,
         app_private.outbound_events restart identity cascade`,
    )
    // An endpoint that wants the event: without one, nothing is stored (emit_outbound_event).
    await db.query(
      `insert into app_private.outbound_endpoints (url, events, secret)
       values ('https://hooks.example/in', '{play.threshold_reached}', 'whsec_' || repeat('A', 43) || '=')`,
    )
  })

  /** `n` Android testers invited, each answering "joined" `daysAgo` days ago (by the database's clock). */
  async function testersJoined(n: number, daysAgo: number, first = 0): Promise<number[]> {
    const ids: number[] = []
    for (let i = first; i < first + n; i++) {
      const r = await db.query<{ id: string }>(
        `insert into public.beta_signups (email, confirmed_at, platform, status, invited_at, invitation_links)
         values ($1, now(), 'android', 'invited', now(), 'android') returning id::text as id`,
        [`tester${i}@example.com`],
      )
      const id = Number(r.rows[0]!.id)
      ids.push(id)
      await db.query(
        `insert into app_private.play_answers (signup_id, answer, answered_at)
         values ($1, 'joined', now() - make_interval(secs => $2::double precision))`,
        [id, daysAgo * 86_400],
      )
    }
    return ids
  }

  const events = async () =>
    (
      await db.query<{ data: Record<string, unknown> | string }>(
        `select data from app_private.outbound_events where type = 'play.threshold_reached' order by id`,
      )
    ).rows.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>)
  const deliveries = async () =>
    Number((await db.query<{ n: string }>('select count(*) as n from app_private.outbound_deliveries')).rows[0]!.n)

  test('12 testers for 14 days: one event, with its schema, queued for delivery; never a second', async () => {
    await testersJoined(12, 15)
    const first = await recordThresholdReached(db, RULE, new Date())
    expect(first.recorded).toBe(true)
    expect(first.progress.reached).toBe(true)
    const [event] = await events()
    const data = SCHEMA.strict().parse(event)
    expect(data).toMatchObject({ testers: 12, required: 12, days: 14, apply_on: first.progress.applyOn })
    expect(Date.parse(data.required_since)).toBe(Date.parse(first.progress.requiredSince!))
    expect(await deliveries()).toBe(1)
    // Its chat line says what it means.
    expect(eventLine({ type: 'play.threshold_reached', data, eventTime: data.reached_at }, false)).toBe(
      `The Play test has had 12 testers for 14 days: you can apply for production access from ${data.apply_on}`,
    )

    // Again, a restarted server's watch, and two processes at once: still one.
    expect((await recordThresholdReached(db, RULE, new Date())).recorded).toBe(false)
    const wakes: number[] = []
    const watch = createPlayThresholdWatch({
      db,
      logger: silentLogger,
      config: CONFIG,
      wakeOutbound: () => wakes.push(1),
    })
    watch.start()
    await watch.settled()
    watch.stop()
    const both = await Promise.all([
      recordThresholdReached(db, RULE, new Date()),
      recordThresholdReached(db, RULE, new Date()),
    ])
    expect(both.filter((r) => r.recorded)).toHaveLength(0)
    expect(wakes).toHaveLength(0)
    expect(await events()).toHaveLength(1)
    expect(await deliveries()).toBe(1)
  })

  test('two processes seeing it come true at once record it once', async () => {
    await testersJoined(12, 15)
    const both = await Promise.all([
      recordThresholdReached(db, RULE, new Date()),
      recordThresholdReached(db, RULE, new Date()),
    ])
    expect(both.filter((r) => r.recorded)).toHaveLength(1)
    expect(await events()).toHaveLength(1)
  })

  test('fewer testers, or fewer days: no event', async () => {
    await testersJoined(11, 20)
    expect((await recordThresholdReached(db, RULE, new Date())).recorded).toBe(false)
    await testersJoined(1, 13, 11)
    const r = await recordThresholdReached(db, RULE, new Date())
    expect(r).toMatchObject({ recorded: false, progress: { counting: 12, reached: false } })
    expect(await events()).toHaveLength(0)
  })

  test('the watch wakes on the day the card names and emits then, once', async () => {
    await testersJoined(12, 0)
    const since = new Date(
      (await db.query<{ at: Date | string }>('select max(answered_at) as at from app_private.play_answers')).rows[0]!
        .at,
    ).getTime()
    const applyOn = Math.ceil((since + RULE.days * DAY_MS) / DAY_MS) * DAY_MS
    // The watch's clock: 300 ms before that day begins.
    const offset = applyOn - 300 - Date.now()
    const wakes: number[] = []
    const watch = createPlayThresholdWatch({
      db,
      logger: silentLogger,
      config: CONFIG,
      wakeOutbound: () => wakes.push(1),
      now: () => Date.now() + offset,
    })
    watch.start()
    await watch.settled()
    expect(await events()).toHaveLength(0)
    await until(async () => (await events()).length === 1)
    await watch.settled()
    expect(wakes).toHaveLength(1)
    // A tester's answer after it (a poke) counts again and emits nothing more.
    watch.poke()
    await watch.settled()
    watch.stop()
    expect(await events()).toHaveLength(1)
  })

  test('a dip below 12 starts the days again: the next stretch is a new event, 14 days later', async () => {
    const ids = await testersJoined(12, 40)
    expect((await recordThresholdReached(db, RULE, new Date())).recorded).toBe(true)
    // One left 30 days ago and came back 20 days ago: the count was 11 in between.
    await db.query(
      `insert into app_private.play_answers (signup_id, answer, answered_at)
       values ($1, 'left', now() - interval '30 days'), ($1, 'joined', now() - interval '20 days')`,
      [ids[0]],
    )
    const r = await recordThresholdReached(db, RULE, new Date())
    expect(r.recorded).toBe(true)
    expect(await events()).toHaveLength(2)
    expect((await recordThresholdReached(db, RULE, new Date())).recorded).toBe(false)
  })

  test("idle costs nothing: too few testers, no timer; a tester's answer on /beta/play counts again", async () => {
    await testersJoined(11, 15)
    const watch = createPlayThresholdWatch({ db, logger: silentLogger, config: CONFIG, wakeOutbound: () => {} })
    const app = testApp(db, { playThreshold: watch })
    watch.start()
    await watch.settled()
    expect(watch.idle()).toBe(true)
    // The twelfth tester, invited for Android, answers "Yes, I'm in" through the page.
    const r = await db.query<{ token: string }>(
      `with s as (
         insert into public.beta_signups (email, confirmed_at, platform, status, invited_at, invitation_links)
         values ('twelfth@example.com', now(), 'android', 'invited', now(), 'android') returning id
       )
       insert into app_private.play_testers (signup_id) select id from s returning answer_token::text as token`,
    )
    const res = await app.request(`/beta/play?answer=joined&token=${r.rows[0]!.token}`, { method: 'POST' })
    expect(res.status).toBe(200)
    await watch.settled()
    // Twelve in since now: the watch waits for the day the card names (a timer), and no event yet.
    expect(watch.idle()).toBe(false)
    expect(await events()).toHaveLength(0)
    watch.stop()
    expect(watch.idle()).toBe(true)
  })
})
