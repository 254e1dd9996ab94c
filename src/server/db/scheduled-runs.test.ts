import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DB_KINDS, testDb } from '../test-app.ts'
import type { Db } from './db.ts'
import { openDb } from './open.ts'
import { releaseLease, runOnceAcross, takeLease } from './scheduled-runs.ts'

// A scheduled run claimed once across processes (issue 52). On PostgreSQL the "processes" are two
// pools of their own on one database; PGlite is one process, where the helper must simply work.

describe.each(DB_KINDS)('%s', (kind) => {
  let first: Db
  let second: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    const t = await testDb(kind)
    first = t.db
    second = t.url ? await openDb({ DATABASE_URL: t.url, PGLITE_DIR: 'memory://' }) : t.db
    close = async () => {
      if (second !== first) await second.close()
      await t.close()
    }
  })
  afterAll(() => close())

  const at = (iso: string) => new Date(iso)

  test('two processes at the same moment: one runs, the other waits for it, then skips', async () => {
    const run = { job: 'same-moment', dueAt: at('2026-12-02T03:30:00Z'), leaseMs: 60_000 }
    let ran = 0
    let release!: () => void
    const holding = new Promise<void>((resolve) => (release = resolve))
    const a = runOnceAcross(first, run, async () => {
      ran += 1
      await holding
    })
    await expect.poll(async () => (await second.query('select 1 from app_private.scheduled_runs')).rows.length).toBe(1)
    const b = await runOnceAcross(second, run, async () => void (ran += 1))
    expect(b).toMatchObject({ state: 'busy', leaseUntil: expect.any(Number) })
    release()
    expect(await a).toEqual({ state: 'ran' })
    expect(await runOnceAcross(second, run, async () => void (ran += 1))).toEqual({ state: 'skipped' })
    expect(ran).toBe(1)
    // The next day's run is a new run; an older one, asked for late, is not.
    const next = { ...run, dueAt: at('2026-12-03T03:30:00Z') }
    expect(await runOnceAcross(second, next, async () => void (ran += 1))).toEqual({ state: 'ran' })
    expect(await runOnceAcross(first, run, async () => void (ran += 1))).toEqual({ state: 'skipped' })
    expect(ran).toBe(2)
  })

  test('a claimer that died holding the run (its lease ended unfinished) is taken over, once', async () => {
    const run = { job: 'died', dueAt: at('2026-12-02T04:00:00Z'), leaseMs: 60_000 }
    await first.query(
      `insert into app_private.scheduled_runs (job, due_at, lease_until, claimed_by)
       values ($1, $2::timestamptz, now() - interval '1 second', 'gone:1')`,
      [run.job, run.dueAt.toISOString()],
    )
    let ran = 0
    expect(await runOnceAcross(second, run, async () => void (ran += 1))).toEqual({ state: 'ran' })
    expect(await runOnceAcross(first, run, async () => void (ran += 1))).toEqual({ state: 'skipped' })
    expect(ran).toBe(1)
  })

  test('a run that fails gives its claim up, so another process may take it', async () => {
    const run = { job: 'fails', dueAt: at('2026-12-02T05:00:00Z'), leaseMs: 60_000 }
    const failed = runOnceAcross(first, run, async () => {
      throw new Error('disk full')
    })
    await expect(failed).rejects.toThrow('disk full')
    let ran = 0
    expect(await runOnceAcross(second, run, async () => void (ran += 1))).toEqual({ state: 'ran' })
    expect(ran).toBe(1)
  })

  test('a long run keeps its claim by renewing the lease', async () => {
    const run = { job: 'long', dueAt: at('2026-12-02T06:00:00Z'), leaseMs: 1_000 }
    let ran = 0
    const a = runOnceAcross(first, run, () => new Promise((resolve) => setTimeout(resolve, 2_500)))
    await expect
      .poll(async () => (await second.query("select 1 from app_private.scheduled_runs where job = 'long'")).rows.length)
      .toBe(1)
    // Two leases later the first still holds it (renewed every third of one).
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(await runOnceAcross(second, run, async () => void (ran += 1))).toMatchObject({ state: 'busy' })
    expect(await a).toEqual({ state: 'ran' })
    expect(ran).toBe(0)
  })

  // The first sign-in link's lease (issue 53). One process here has one claimer name, so the
  // other process is a row naming another.
  test('a lease held by another process is not taken until it ends, unless forced; given up, it ends', async () => {
    const until = new Date(Date.now() + 60_000)
    await first.query(
      `insert into app_private.scheduled_runs (job, due_at, lease_until, claimed_by)
       values ('lease', now(), $1::timestamptz, 'elsewhere:7')`,
      [until.toISOString()],
    )
    expect(await takeLease(second, 'lease', until)).toEqual({
      claimedBy: 'elsewhere:7',
      since: expect.any(Date),
      until,
    })
    expect(await takeLease(second, 'lease', until, true)).toBeNull()
    // Ours now: this process takes it again, and gives it up at its stop.
    expect(await takeLease(first, 'lease', until)).toBeNull()
    await releaseLease(first, 'lease')
    const r = await second.query<{ ended: boolean }>(
      "select lease_until <= now() as ended from app_private.scheduled_runs where job = 'lease'",
    )
    expect(r.rows).toEqual([{ ended: true }])
    await first.query("update app_private.scheduled_runs set claimed_by = 'elsewhere:7' where job = 'lease'")
    expect(await takeLease(second, 'lease', until)).toBeNull()
  })
})
