import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../db/db.ts'
import { confirmSignup } from '../../emails/confirm-signup.kind.ts'
import { emailCapacity } from '../../emails/email-capacity.kind.ts'
import { invitation } from '../../emails/invitation.kind.ts'
import { signupDigest } from '../../emails/signup-digest.kind.ts'
import { testerMessage } from '../../emails/tester-message.kind.ts'
import { welcome } from '../../emails/welcome.kind.ts'
import { pauseSending, readEmailQueueState, warnIfShort } from '../../mail-core/email-capacity.ts'
import { claimEmails, type SendBudget } from '../../mail-core/queue-rows.ts'
import { DB_KINDS, testDb, truncateAll } from '../test-app.ts'

// The shared budget of issue 52 (docs/decisions/email-capacity.md), taken in the claim's own
// statement against a real database; the clock is injected where the test is about time.

const LEASE_MS = 10 * 60_000

/** `n` due emails of `kinds` in turn, inserted in one statement. */
async function backlog(db: Db, n: number, kinds: string[], prefix = 'bulk'): Promise<void> {
  await db.query(
    `insert into app_private.email_queue (kind, to_email, dedupe_key)
     select ($2::text[])[1 + i % cardinality($2::text[])], '${prefix}-' || i || '@example.com', '${prefix}:' || i
     from generate_series(1, $1::integer) i`,
    [n, kinds],
  )
}

const claim = (db: Db, budget: SendBudget) => claimEmails(db, { limit: 1, leaseMs: LEASE_MS, budget })

describe.each(DB_KINDS)('the shared email budget on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateAll(db))

  test("the daily limit counts every claim until the next UTC midnight; a provider's pause holds every claim", async () => {
    await backlog(db, 5, [welcome.kind])
    const evening = new Date('2026-12-02T23:59:00Z')
    for (let i = 0; i < 3; i++) expect((await claim(db, { dailyLimit: 3, at: evening })).emails).toHaveLength(1)
    expect(await claim(db, { dailyLimit: 3, at: evening })).toEqual({ emails: [], waitMs: 60_000 })
    expect((await claim(db, { dailyLimit: 3, at: new Date('2026-12-03T00:00:00Z') })).emails).toHaveLength(1)

    await pauseSending(db, { ms: 5_000, reason: 'Resend 429 rate_limit_exceeded: Too many requests.' })
    const paused = await claim(db, {})
    expect(paused.emails).toEqual([])
    expect(paused.waitMs).toBeGreaterThan(3_000)
    expect(paused.waitMs).toBeLessThanOrEqual(5_000)
    // An empty queue takes no token and is never refused.
    await db.query("update app_private.email_queue set status = 'sent'")
    expect(await claim(db, { dailyLimit: 3 })).toEqual({ emails: [], waitMs: 0 })
  })

  test('the owners are told once a day, by email and event, when the queue will not drain within the quota', async () => {
    await db.query("insert into app_private.owner_emails (email) values ('owner@example.com') on conflict do nothing")
    await db.query(
      `insert into app_private.outbound_endpoints (url, events, secret)
       values ('https://hooks.example.com/a', array['email.capacity_short'], 'whsec_' || repeat('A', 32))`,
    )
    await backlog(db, 200, [welcome.kind, invitation.kind])
    const fits = await readEmailQueueState(db, { EMAIL_DAILY_LIMIT: 500, EMAIL_RATE_PER_SECOND: 2 })
    expect(fits).toMatchObject({ total: 200, fitsToday: true, remainingToday: 500, drainSeconds: 100 })
    expect(await warnIfShort(db, fits)).toBe(false)

    const short = await readEmailQueueState(db, { EMAIL_DAILY_LIMIT: 150, EMAIL_RATE_PER_SECOND: 2 })
    expect(short.waiting.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual(
      [
        { kind: invitation.kind, count: 100 },
        { kind: welcome.kind, count: 100 },
      ].sort((a, b) => a.kind.localeCompare(b.kind)),
    )
    expect(short.fitsToday).toBe(false)
    // 150 today, the other 50 after midnight at 2 a second.
    expect(short.drainSeconds).toBeGreaterThan(25)
    expect(await warnIfShort(db, short)).toBe(true)
    expect(await warnIfShort(db, short)).toBe(false)
    const told = await db.query<{ to_email: string }>('select to_email from app_private.email_queue where kind = $1', [
      emailCapacity.kind,
    ])
    expect(told.rows.map((r) => r.to_email)).toEqual(['owner@example.com'])
    const events = await db.query<{ data: Record<string, unknown> }>(
      "select data from app_private.outbound_events where type = 'email.capacity_short'",
    )
    expect(events.rows).toHaveLength(1)
    expect(events.rows[0]!.data).toMatchObject({ waiting: 200, daily_limit: 150, remaining_today: 150 })
  })
})

// On PostgreSQL only, the heavy ones. The done-when figure: 1,000 emails at
// EMAIL_RATE_PER_SECOND=2 from three workers that share the budget the claim takes its tokens
// from (app_private.take_email_tokens), on an injected clock: 500 s of sending in a moment. Each
// worker sleeps exactly the wait the budget returns, as the queue's worker does.
describe('the shared budget under load on PostgreSQL', () => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb('postgres'))
  })
  afterAll(() => close())
  beforeEach(() => truncateAll(db))

  test("confirmations and welcome emails go first through a 10,000-email bulk backlog, at the budget's pace", async () => {
    await backlog(db, 10_000, [invitation.kind, testerMessage.kind, signupDigest.kind])
    await backlog(db, 2, [confirmSignup.kind, welcome.kind], 'waiting')
    const at = new Date('2026-12-02T08:00:00Z')
    const first = await claim(db, { ratePerSecond: 2, at })
    const second = await claim(db, { ratePerSecond: 2, at })
    expect([...first.emails, ...second.emails].map((e) => e.kind).sort()).toEqual(
      [confirmSignup.kind, welcome.kind].sort(),
    )
    // The burst (2) is spent: the next claim takes nothing and says when a token is due.
    const third = await claim(db, { ratePerSecond: 2, at })
    expect(third).toEqual({ emails: [], waitMs: 500 })
    const later = await claim(db, { ratePerSecond: 2, at: new Date(at.getTime() + 500) })
    expect(later.emails.map((e) => e.kind)).toEqual([expect.stringMatching(/^(invitation|message|signup-digest)$/)])
  })

  test('no stretch of time sends more than the bucket allows (burst 2 + 2 a second), and the pace keeps up', async () => {
    const N = 1_000
    const RATE = 2
    const BURST = 2
    // The three workers run inside the database (a function of this transaction), so that 500 s
    // of sending, about 3,000 takes, cost one round trip.
    const sent = await db.transaction(async (tx) => {
      await tx.exec(`
        create function pg_temp.three_workers(n integer, rate double precision, t0 timestamptz)
        returns double precision[] language plpgsql as $$
        declare
          wakes timestamptz[] := array[t0, t0 + interval '7 ms', t0 + interval '13 ms'];
          sent double precision[] := '{}';
          w integer;
          at_time timestamptz;
          wait_ms double precision;
        begin
          while cardinality(sent) < n loop
            w := 1;
            for i in 2..3 loop
              if wakes[i] < wakes[w] then w := i; end if;
            end loop;
            at_time := wakes[w];
            wait_ms := app_private.take_email_tokens(1, rate, null, at_time);
            if wait_ms = 0 then
              sent := sent || (extract(epoch from at_time - t0) * 1000)::double precision;
              wakes[w] := at_time + interval '40 ms'; -- the send itself
            else
              wakes[w] := at_time + make_interval(secs => wait_ms / 1000);
            end if;
          end loop;
          return sent;
        end $$`)
      const r = await tx.query<{ sent: (number | string)[] }>('select pg_temp.three_workers($1, $2, $3) as sent', [
        N,
        RATE,
        '2026-12-02T08:00:00Z',
      ])
      await tx.exec('drop function pg_temp.three_workers(integer, double precision, timestamptz)')
      return r.rows[0]!.sent.map(Number)
    })
    expect(sent).toHaveLength(N)
    // The token bucket's envelope: any k consecutive sends span at least (k - burst) / rate
    // seconds. The worst pair, so that one assertion reports it.
    let worst = { slackMs: Infinity, i: -1, j: -1 }
    for (let i = 0; i < N; i++)
      for (let j = i + BURST; j < N; j++) {
        const slackMs = sent[j]! - sent[i]! - ((j - i + 1 - BURST) / RATE) * 1000
        if (slackMs < worst.slackMs) worst = { slackMs, i, j }
      }
    expect(worst.slackMs, `sends ${worst.i}..${worst.j}`).toBeGreaterThanOrEqual(0)
    // Every one-second window: at most the burst plus one second's worth.
    let busiest = 0
    for (let i = 0, j = 0; i < N; i++) {
      while (j < N && sent[j]! < sent[i]! + 1000) j++
      busiest = Math.max(busiest, j - i)
    }
    expect(busiest).toBeLessThanOrEqual(RATE + BURST)
    const span = sent[N - 1]! - sent[0]!
    expect(span).toBeGreaterThanOrEqual(((N - BURST) / RATE) * 1000)
    expect(span).toBeLessThan(((N - BURST) / RATE) * 1000 + 1000)
  })
})
