import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { inviteSignups, previewInvitations } from '../src/server/features/invitations/queries.ts'
import { DB_KINDS } from '../src/server/test-app.ts'
import { drainQueue } from './support/drain-queue.ts'
import { startResendStandIn } from './support/resend-stand-in.ts'
import { serverDatabase } from './support/server-database.ts'
import { startServer, waitFor, waitHealthy, type ServerProcess } from './support/server-process.ts'

// Issue 11: a batch of invitations is confirmed, the server is SIGKILLed while it sends them
// (with one email accepted by the provider but its answer lost), then restarted. Every chosen
// person gets exactly one invitation, nobody outside the preview gets one, and the sends of the
// batch are paced. Pattern: test/crash-recovery.test.ts.

const INTERVAL_MS = 150
const STORES = { ios: true, android: true }

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

describe.each(DB_KINDS)('SIGKILL while a batch of invitations is sent, %s, Resend', (kind) => {
  test('every invited person gets exactly one invitation, nobody else any', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'invite-crash-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    const database = await serverDatabase(kind, dir)
    cleanup.push(() => database.drop())
    const resend = await startResendStandIn({ apiKey: 'test' })
    cleanup.push(() => resend.close())
    const env = {
      ...database.env,
      EMAIL_POLL_INTERVAL_MS: '200',
      EMAIL_RETRY_BASE_MS: '200',
      EMAIL_RETRY_MAX_MS: '1000',
      EMAIL_LEASE_MS: '2000',
      EMAIL_MAX_ATTEMPTS: '20',
      EMAIL_TRANSPORT: 'resend',
      RESEND_API_URL: resend.url,
      RESEND_API_KEY: 'test',
      STATIC_DIR: join(dir, 'static'),
      BETA_IOS_URL: 'https://testflight.apple.com/join/AbCdEf12',
      BETA_ANDROID_URL: 'https://play.google.com/apps/testing/com.solodesk.app',
    }
    const launch = async () => {
      const server = await startServer(env)
      cleanup.push(() => server.kill())
      await waitHealthy(server)
      return server
    }

    // First start creates and migrates the database; stop it so PGlite's folder can be opened here.
    let server: ServerProcess = await launch()
    expect(await server.stop()).toBe(0)

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

    // Kill once some invitations are out and one is accepted with its answer held back.
    server = await launch()
    await waitFor(() => resend.emails.length >= 8, { timeoutMs: 30_000, what: 'the first invitations' })
    resend.holdAnswers()
    await waitFor(() => resend.inFlight() > 0, { timeoutMs: 30_000, what: 'an email in flight' })
    const interrupted = resend.emails.at(-1)!.key
    await server.kill()
    resend.releaseAnswers()

    server = await launch()
    const { queue, signups } = await drainQueue({
      server,
      restart: launch,
      database,
      deliveredTo: () => resend.emails.flatMap((e) => e.to),
      expected: chosen,
      timeoutMs: 60_000,
    })
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
