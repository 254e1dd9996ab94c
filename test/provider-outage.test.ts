import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { DB_KINDS, NO_RATE_LIMITS } from '../src/server/test-app.ts'
import { drainQueue } from './support/drain-queue.ts'
import { startResendStandIn, type Fault, type ResendStandIn } from './support/resend-stand-in.ts'
import { serverDatabase } from './support/server-database.ts'
import { startServer, waitFor, waitHealthy, type ServerProcess } from './support/server-process.ts'
import { acknowledgedEmails, acknowledgedSignUps, createTarget, signUpStream } from './support/sign-up-stream.ts'

// The email provider fails for a while, then recovers. Every sign-up made during the
// outage is acknowledged, and after recovery every welcome email is delivered exactly once.
// Decisions: docs/decisions/testing-durability.md

/** Every way a provider fails that the queue must ride out, in turn. */
const OUTAGE: Fault[] = [
  { kind: 'status', status: 503 },
  { kind: 'drop' },
  { kind: 'status', status: 429, retryAfter: '1' },
  { kind: 'status', status: 500 },
  { kind: 'drop-after-accept' },
  { kind: 'status', status: 502 },
]

// Minutes of backoff compressed into a second; enough attempts that nothing gives up during the test.
const QUEUE_ENV = {
  EMAIL_POLL_INTERVAL_MS: '200',
  EMAIL_RETRY_BASE_MS: '100',
  EMAIL_RETRY_MAX_MS: '1000',
  EMAIL_LEASE_MS: '5000',
  EMAIL_MAX_ATTEMPTS: '100',
  // Not about rate limits: on a slow machine the stream can pass 30 sign-ups a minute from one
  // address before the moment to kill comes, and 429s would then read as lost sign-ups.
  ...Object.fromEntries(Object.keys(NO_RATE_LIMITS).map((k) => [k, '0'])),
}

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

/** Signs up `n` visitors as the page does and returns the results once all are answered. */
async function signUps(url: string, prefix: string, n: number) {
  return signUpStream(createTarget(url), { prefix, concurrency: 3, max: n }).done
}

/** Waits until the stand-in has seen a request for each of `addresses`: each has had an attempt. */
const attempted = (resend: ResendStandIn, addresses: string[], what: string) =>
  waitFor(
    () => {
      const seen = new Set(resend.requests.flatMap((r) => r.to))
      return addresses.every((a) => seen.has(a))
    },
    { timeoutMs: 20_000, intervalMs: 50, what },
  )

describe.each(DB_KINDS)('Resend outage, %s', (kind) => {
  test(
    'sign-ups are acknowledged during the outage and every welcome email is delivered exactly once after it',
    { timeout: 90_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'outage-'))
      cleanup.push(() => rm(dir, { recursive: true, force: true }))
      const database = await serverDatabase(kind, dir)
      cleanup.push(() => database.drop())
      const resend = await startResendStandIn({ apiKey: 'test' })
      cleanup.push(() => resend.close())
      const env = {
        ...database.env,
        ...QUEUE_ENV,
        EMAIL_TRANSPORT: 'resend',
        RESEND_API_URL: resend.url,
        RESEND_API_KEY: 'test',
        STATIC_DIR: join(dir, 'static'),
      }
      const launch = async (): Promise<ServerProcess> => {
        const server = await startServer(env)
        cleanup.push(() => server.kill())
        await waitHealthy(server)
        return server
      }

      // Before: the provider works.
      let server = await launch()
      const before = await signUps(server.url, 'before', 3)
      await waitFor(() => resend.emails.length === 3, { timeoutMs: 20_000, what: '3 emails before the outage' })

      // The outage: the API still acknowledges every sign-up and every email request.
      resend.setFaults(OUTAGE)
      const during = await signUps(server.url, 'during', 12)
      expect(during.map((r) => [r.signUp, r.resendEmail])).toEqual(during.map(() => [201, 200]))
      const duringAddresses = during.map((r) => r.email)
      await attempted(resend, duringAddresses, 'a first attempt at every email queued in the outage')
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)

      // A graceful restart while the provider is still down: the retries are in the database, not in memory.
      const faultsBeforeRestart = resend.requests.filter((r) => r.outcome.startsWith('fault:')).length
      expect(await server.stop()).toBe(0)
      server = await launch()
      const afterRestart = await signUps(server.url, 'restart', 6)
      expect(afterRestart.map((r) => [r.signUp, r.resendEmail])).toEqual(afterRestart.map(() => [201, 200]))
      await attempted(
        resend,
        afterRestart.map((r) => r.email),
        'a first attempt at every email queued after the restart',
      )
      await waitFor(
        () => resend.requests.filter((r) => r.outcome.startsWith('fault:')).length >= faultsBeforeRestart + 12,
        {
          timeoutMs: 20_000,
          what: 'retries by the restarted server',
        },
      )

      // Recovery.
      resend.setFaults(null)
      const results = [...before, ...during, ...afterRestart]
      const emailed = acknowledgedEmails(results)
      expect(emailed).toHaveLength(21)
      const { signups, queue } = await drainQueue({
        server,
        restart: launch,
        database,
        deliveredTo: () => resend.emails.flatMap((e) => e.to),
        expected: emailed,
      })

      // Every acknowledged sign-up is stored.
      const stored = new Set(signups)
      expect(acknowledgedSignUps(results).filter((a) => !stored.has(a))).toEqual([])

      // Each queued email went out once: as many accepted emails (distinct Idempotency-Keys) as
      // acknowledged addresses, one per recipient, and every row ends 'sent' with Resend's id.
      expect(queue.map((r) => r.status)).toEqual(queue.map(() => 'sent'))
      expect(queue.map((r) => r.to_email).sort()).toEqual([...emailed].sort())
      expect(new Set(resend.emails.map((e) => e.key)).size).toBe(emailed.length)
      expect(resend.emails.map((e) => e.key).sort()).toEqual(queue.map((r) => r.id).sort())
      for (const row of queue) {
        const sent = resend.emailsTo(row.to_email)
        expect(sent, row.to_email).toHaveLength(1)
        expect(row.provider_message_id).toBe(sent[0]!.id)
      }

      // Every kind of failure happened, and every email queued in the outage needed more than one attempt.
      const outcomes = new Set(resend.requests.map((r) => r.outcome))
      for (const outcome of [
        'fault:503',
        'fault:drop',
        'fault:429',
        'fault:500',
        'fault:drop-after-accept',
        'replayed',
      ])
        expect(outcomes).toContain(outcome)
      expect(outcomes).not.toContain('conflict')
      const inOutage = new Set([...duringAddresses, ...afterRestart.map((r) => r.email)])
      // Counted as requests for its key: a 429 pauses every sender and is not counted as the
      // email's attempt (docs/decisions/email-capacity.md).
      for (const row of queue.filter((r) => inOutage.has(r.to_email)))
        expect(resend.requests.filter((r) => r.key === row.id).length, row.to_email).toBeGreaterThan(1)
      // After a 429 the next try of that email waited for Retry-After (1 s; timers may run a little early).
      for (const limited of resend.requests.filter((r) => r.outcome === 'fault:429')) {
        const next = resend.requests.find((r) => r.key === limited.key && r.at > limited.at)
        expect(next!.at - limited.at).toBeGreaterThanOrEqual(900)
      }
      // An email Resend accepted just before the connection dropped was retried with its key, not sent again.
      for (const dropped of resend.requests.filter((r) => r.outcome === 'fault:drop-after-accept')) {
        const later = resend.requests.filter((r) => r.key === dropped.key && r.at >= dropped.at)
        expect(later.at(-1)?.outcome).toBe('replayed')
      }
    },
  )
})
