// A message to 100,000 people, on PGlite and on PostgreSQL. Measures the
// server process's RSS growth across the send and the longest wait of a public request (a
// sign-up through /rest/v1, one every 20 ms) while the emails are queued. In-process: the
// database client, the app and the send share one process, as in `npm start`.
//   npx tsx --expose-gc bench/large-message.ts [pglite|postgres] [recipients]
// Targets: RSS growth ≤ 100 MB, no public request waiting more than 200 ms.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { startPgCluster } from '../scripts/pg-cluster.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { MESSAGE_LIMITS } from '../src/shared/tester-messages.ts'
import { createApp } from '../src/server/app.ts'
import { createAfterAnswer } from '../src/server/http/after-answer.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { openDb } from '../src/server/db/open.ts'
import type { Db } from '../src/server/db/db.ts'
import { sendTesterMessage } from '../src/server/features/tester-messages/queries.ts'
import { testConfig } from '../src/server/test-config.ts'

export type LargeMessageResult = {
  kind: 'pglite' | 'postgres'
  recipients: number
  sendMs: number
  rssGrowthMb: number
  maxPublicWaitMs: number
  publicRequests: number
}

const mb = () => process.memoryUsage().rss / 1024 / 1024
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.()
    await new Promise((r) => setTimeout(r, 50))
  }
}

export async function measureLargeMessage(db: Db, kind: LargeMessageResult['kind'], recipients: number) {
  for (let from = 1; from <= recipients; from += 2_000)
    await db.query(
      `insert into public.beta_signups (email, confirmed_at) select 'bench' || i || '@example.com', now()
       from generate_series($1::integer, $2::integer) i`,
      [from, Math.min(recipients, from + 1_999)],
    )
  const app = createApp({
    afterAnswer: createAfterAnswer(),
    config: testConfig({
      ANON_KEY: LOCAL_ANON_KEY,
      STATIC_DIR: '/nonexistent',
      RATE_LIMIT_SIGNUP_PER_MINUTE: 0,
      RATE_LIMIT_SIGNUP_PER_HOUR: 0,
    }),
    db,
    logger: pino({ level: 'silent' }),
  })
  const post = (email: string) =>
    app.request('/rest/v1/beta_signups', {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
  // Warm: the first request compiles what every later one reuses.
  for (let i = 0; i < 5; i++) await post(`warm${i}@example.org`)
  await settle()
  const before = mb()
  let peak = before
  let maxWait = 0
  let publicRequests = 0
  let sending = true
  const visitor = (async () => {
    for (let i = 0; sending; i++) {
      const t = performance.now()
      const res = await post(`visitor${i}@example.org`)
      if (res.status !== 201) throw new Error(`a visitor's sign-up got ${res.status}`)
      maxWait = Math.max(maxWait, performance.now() - t)
      publicRequests++
      peak = Math.max(peak, mb())
      await new Promise((r) => setTimeout(r, 20))
    }
  })()
  const started = performance.now()
  const sent = await sendTesterMessage(db, {
    requestId: randomUUID(),
    audience: 'everyone',
    subject: 'Launch day',
    body: 'x'.repeat(MESSAGE_LIMITS.body),
    storeLinks: false,
    actor: 'bench@example.com',
    intervalMs: 1000,
  })
  const sendMs = performance.now() - started
  sending = false
  await visitor
  if (sent.recipients < recipients) throw new Error(`queued ${sent.recipients} of ${recipients}`)
  await settle()
  const result: LargeMessageResult = {
    kind,
    recipients,
    sendMs,
    rssGrowthMb: Math.max(peak, mb()) - before,
    maxPublicWaitMs: maxWait,
    publicRequests,
  }
  return result
}

async function main() {
  const kind = (process.argv[2] ?? 'pglite') as LargeMessageResult['kind']
  const recipients = Number(process.argv[3] ?? 100_000)
  const scratch = await mkdtemp(join(tmpdir(), 'bench-message-'))
  const cluster = kind === 'postgres' ? await startPgCluster() : null
  const db = await openDb(
    cluster ? { DATABASE_URL: cluster.url, PGLITE_DIR: 'memory://' } : { PGLITE_DIR: join(scratch, 'pglite') },
  )
  try {
    await migrate(db)
    console.log(JSON.stringify(await measureLargeMessage(db, kind, recipients)))
  } finally {
    await db.close()
    await cluster?.stop()
    await rm(scratch, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) await main()
