import { afterEach, describe, expect, test } from 'vitest'
import { inviteSignups, previewInvitations } from '../src/server/features/invitations/queries.ts'
import { DB_KINDS } from '../src/server/test-app.ts'
import { batchCrash, killMidBatch } from './support/batch-crash.ts'

// A batch of invitations is confirmed, the server is SIGKILLed while it sends them
// (with one email accepted by the provider but its answer lost), then restarted. Every chosen
// person gets exactly one invitation, nobody outside the preview gets one, and the sends of the
// batch are paced. Harness: test/support/batch-crash.ts (pattern: test/crash-recovery.test.ts).

const INTERVAL_MS = 150
const STORES = { ios: true, android: true }

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

describe.each(DB_KINDS)('SIGKILL while a batch of invitations is sent, %s, Resend', (kind) => {
  test('every invited person gets exactly one invitation, nobody else any', { timeout: 120_000 }, async () => {
    const crash = await batchCrash(kind, (fn) => cleanup.push(fn))
    const { database, resend } = crash

    // 40 sign-ups; the owner previews the oldest 30 and confirms them twice (a double click).
    const chosen = await database.inspect(async (db) => {
      await db.query(
        `insert into public.beta_signups (email, platform, created_at, confirmed_at)
         select 'p' || i || '@example.com', (array['ios', 'android', 'unknown'])[i % 3 + 1], now() - make_interval(mins => 100 - i), now()
         from generate_series(1, 40) i`,
      )
      const { rows: preview } = await previewInvitations(db, { limit: 30, platform: 'all', stores: STORES })
      const ids = preview.map((p) => p.id)
      await Promise.all([
        inviteSignups(db, { ids, stores: STORES, intervalMs: INTERVAL_MS }),
        inviteSignups(db, { ids, stores: STORES, intervalMs: INTERVAL_MS }),
      ])
      return preview.map((p) => p.email)
    })
    expect(chosen).toHaveLength(30)

    // Killed once some invitations are out, with one accepted and its answer held back.
    const { interrupted, queue, signups } = await killMidBatch(crash, { afterEmails: 8, expected: chosen })
    expect(signups).toHaveLength(40)

    // Exactly once each, and only those previewed.
    expect(queue.filter((r) => r.status !== 'sent')).toEqual([])
    expect(queue.map((r) => r.to_email).sort()).toEqual([...chosen].sort())
    for (const address of chosen) expect(resend.emailsTo(address), address).toHaveLength(1)
    expect(resend.emails.flatMap((e) => e.to).sort()).toEqual([...chosen].sort())
    expect(resend.requests.filter((r) => r.key === interrupted).map((r) => r.outcome)).toEqual(['sent', 'replayed'])

    // Paced, although the batch was confirmed while the server was down (so all of it overdue at the
    // start): the schedule slides instead of going out back to back.
    const sent = resend.requests.filter((r) => r.outcome === 'sent').slice(0, 8)
    const gaps = sent.slice(1).map((r, i) => r.at - sent[i]!.at)
    // Times are taken when the stand-in answers, so each carries some jitter of its own (more
    // on a loaded machine): judge the span, allowing one pace of slack. Back to back (the
    // failure this guards against), 8 sends take well under 300 ms.
    expect(sent.at(-1)!.at - sent[0]!.at).toBeGreaterThanOrEqual((gaps.length - 1) * INTERVAL_MS)

    // The invited are marked so, with the link for their platform; the others still wait.
    const state = await database.inspect((db) =>
      db.query<{ email: string; status: string; links: string | null }>(
        'select email, status, invitation_links as links from public.beta_signups order by id',
      ),
    )
    const invited = state.rows.filter((r) => r.status === 'invited').map((r) => r.email)
    expect(invited.sort()).toEqual([...chosen].sort())
    expect(state.rows.filter((r) => r.status === 'waiting')).toHaveLength(10)
    const body = resend.emailsTo('p3@example.com')[0]!.body
    expect(body).toContain('/beta/ios?token=')
    expect(body).not.toContain('/beta/android?token=')
  })
})
