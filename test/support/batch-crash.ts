import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DbKind } from '../../src/server/test-app.ts'
import { drainQueue } from './drain-queue.ts'
import { startResendStandIn, type ResendStandIn } from './resend-stand-in.ts'
import { serverDatabase, type ServerDatabase } from './server-database.ts'
import { startServer, waitFor, waitHealthy, type ServerProcess } from './server-process.ts'

// What the tests that SIGKILL the server in the middle of a paced batch of emails share
// (test/invitation-crash.test.ts, test/message-crash.test.ts): a server on a database of its own,
// sending through Resend's stand-in with short retry and lease times, and the crash itself.

export type BatchCrash = {
  database: ServerDatabase
  resend: ResendStandIn
  /** Starts the server (a fresh process on the same database) and waits until it is healthy. */
  launch: () => Promise<ServerProcess>
}

/**
 * The database, migrated by a first start that is stopped again, so that a test can seed it
 * (PGlite's folder opens in one process at a time). `onCleanup` gets what undoes each part.
 */
export async function batchCrash(kind: DbKind, onCleanup: (fn: () => Promise<unknown>) => void): Promise<BatchCrash> {
  const dir = await mkdtemp(join(tmpdir(), 'batch-crash-'))
  onCleanup(() => rm(dir, { recursive: true, force: true }))
  const database = await serverDatabase(kind, dir)
  onCleanup(() => database.drop())
  const resend = await startResendStandIn({ apiKey: 'test' })
  onCleanup(() => resend.close())
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
    // Apple's join page is out of reach here (its check has its own tests, against a stand-in).
    TESTFLIGHT_CHECK: 'off',
    BETA_ANDROID_URL: 'https://play.google.com/apps/testing/com.example.app',
  }
  const launch = async () => {
    const server = await startServer(env)
    onCleanup(() => server.kill())
    await waitHealthy(server)
    return server
  }
  const first = await launch()
  const code = await first.stop()
  if (code !== 0) throw new Error(`the first start ended with ${code}`)
  return { database, resend, launch }
}

/**
 * Starts the server on the seeded batch; once `afterEmails` emails are out, the provider accepts
 * the next one but holds its answer, and the server is SIGKILLed while it waits. Then a new
 * process runs until every `expected` address has its email. Returns the lost answer's
 * idempotency key and the database's state at the end.
 */
export async function killMidBatch(
  crash: BatchCrash,
  options: { afterEmails: number; expected: string[] },
): Promise<{ interrupted: string | undefined } & Awaited<ReturnType<typeof drainQueue>>> {
  const { resend, launch, database } = crash
  let server = await launch()
  await waitFor(() => resend.emails.length >= options.afterEmails, {
    timeoutMs: 30_000,
    what: `the first ${options.afterEmails} emails`,
  })
  resend.holdAnswers()
  await waitFor(() => resend.inFlight() > 0, { timeoutMs: 30_000, what: 'an email in flight' })
  const interrupted = resend.emails.at(-1)!.key
  await server.kill()
  resend.releaseAnswers()

  server = await launch()
  const state = await drainQueue({
    server,
    restart: launch,
    database,
    deliveredTo: () => resend.emails.flatMap((e) => e.to),
    expected: options.expected,
    timeoutMs: 60_000,
  })
  return { interrupted, ...state }
}
