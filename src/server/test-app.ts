import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { pino } from 'pino'
import { inject } from 'vitest'
import { LOCAL_ANON_KEY } from '../shared/self-hosted.ts'
import { createApp } from './app.ts'
import type { AppDeps } from './feature.ts'
import { createAfterAnswer, type AfterAnswer } from './http/after-answer.ts'
import type { Config } from './config.ts'
import type { Db } from './db/db.ts'
import { migrate } from './db/migrate.ts'
import { openDb } from './db/open.ts'
import { migrateOverSession } from './db/pooler.ts'
import { ANON_POOL_SIZE_DEFAULT, POOL_SIZE_DEFAULT } from './db/pool-sizes.ts'
import { openPglite } from './db/pglite.ts'
import { testConfig } from './test-config.ts'

/** Every server suite runs against both databases the server supports. */
export const DB_KINDS = ['pglite', 'postgres'] as const
export type DbKind = (typeof DB_KINDS)[number]

export const silentLogger = pino({ level: 'silent' })

/** The run's migrated PGlite archive, read once per test file (most open one per database kind). */
let archive: Promise<Blob> | undefined
const migratedArchive = () => (archive ??= readFile(inject('TEST_PGLITE_ARCHIVE')).then((bytes) => new Blob([bytes])))

/**
 * A migrated database of its own: PGlite in memory, or a fresh database in the PostgreSQL
 * cluster that test/global-setup-pg.ts starts for the run (so test files never share rows),
 * reached through the run's PgBouncer in transaction mode (`url`; `directUrl` is the cluster's). Each
 * is a copy of the run's one migrated database (test/global-setup-pg.ts), unless the test wants
 * to act before the migrations (`beforeMigrate`); `migrate` then finds nothing left to apply.
 */
export async function testDb(
  kind: DbKind,
  options: { beforeMigrate?: (db: Db) => Promise<void> } = {},
): Promise<{ db: Db; url?: string; directUrl?: string; close: () => Promise<void> }> {
  const copy = !options.beforeMigrate
  if (kind === 'pglite') {
    const db = copy
      ? await openPglite('memory://', { from: await migratedArchive() })
      : await openDb({ PGLITE_DIR: 'memory://' })
    await options.beforeMigrate?.(db)
    await migrate(db)
    return {
      db,
      close: async () => {
        await settleAfterAnswer()
        await db.close()
      },
    }
  }
  const clusterUrl = inject('TEST_DATABASE_URL')
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: clusterUrl })
  await admin.connect()
  await admin.query(`create database ${name}${copy ? ` template ${inject('TEST_DATABASE_TEMPLATE')}` : ''}`)
  await admin.end()
  const direct = new URL(clusterUrl)
  direct.pathname = `/${name}`
  // Through PgBouncer in transaction mode (docs/decisions/postgres-poolers.md), with the cluster's
  // own URL for the migrations and LISTEN, as a deployment behind a pooler runs.
  const pooled = new URL(inject('TEST_POOLER_URL'))
  pooled.pathname = `/${name}`
  const config = {
    DATABASE_URL: pooled.toString(),
    DATABASE_DIRECT_URL: direct.toString(),
    DATABASE_POOL_MODE: 'transaction' as const,
    DATABASE_POOL_SIZE: POOL_SIZE_DEFAULT,
    DATABASE_ANON_POOL_SIZE: ANON_POOL_SIZE_DEFAULT,
  }
  const db = await openDb({ ...config, PGLITE_DIR: 'memory://' })
  await options.beforeMigrate?.(db)
  await migrateOverSession(db, config)
  return {
    db,
    url: pooled.toString(),
    directUrl: direct.toString(),
    close: async () => {
      await settleAfterAnswer()
      await db.close()
      const a = new pg.Client({ connectionString: clusterUrl })
      await a.connect()
      await a.query(`drop database if exists ${name} with (force)`)
      await a.end()
    },
  }
}

export async function truncateAll(db: Db): Promise<void> {
  await settleAfterAnswer()
  // cascade: the owner's tables (contact_message_states …) reference contact_messages.
  await db.exec(
    `truncate public.beta_signups, public.contact_messages, app_private.email_queue, app_private.email_suppressions,
       app_private.spent_signup_proofs, app_private.unverified_email_budget, app_private.webhook_deliveries,
       app_private.beta_feedback, app_private.group_messages restart identity cascade;
     update app_private.email_budget set tokens = null, refilled_at = null, day = null, day_sent = 0,
       paused_until = null, pause_reason = null, quota_hit_on = null, short_warned_on = null`,
  )
}

/** Rate limits are off unless asked for: suites that are not about them send many requests from one (absent) address. */
export const NO_RATE_LIMITS = Object.fromEntries(
  [
    'SIGNUP',
    'EMAIL',
    'CHALLENGE',
    'CONTACT',
    'UNSUBSCRIBE',
    'BETA',
    'SIGN_IN',
    'CONSOLE',
    'SHARE_LINK',
    'BAD_TOKEN',
  ].flatMap((g) => [`RATE_LIMIT_${g}_PER_MINUTE`, `RATE_LIMIT_${g}_PER_HOUR`].map((k) => [k, 0])),
) as Partial<Record<`RATE_LIMIT_${string}`, number>>

// Every test app's work after answers, so that tests can wait for it before they empty tables:
// a sign-in link still being queued would otherwise deadlock against the TRUNCATE or leak a row.
const afterAnswers = new Set<AfterAnswer>()

/** Resolves once the work every test app started after its answers has ended. */
export async function settleAfterAnswer(): Promise<void> {
  await Promise.all([...afterAnswers].map((a) => a.settled()))
}

export function testApp(
  db: Db,
  options: {
    staticDir?: string
    wakeEmailQueue?: () => void
    config?: Partial<Config>
    transport?: AppDeps['transport']
    launchCounter?: AppDeps['launchCounter']
    testflight?: AppDeps['testflight']
    outboundResolve?: AppDeps['outboundResolve']
    dnsTxt?: AppDeps['dnsTxt']
    wakeOutbound?: AppDeps['wakeOutbound']
    playThreshold?: AppDeps['playThreshold']
    stores?: AppDeps['stores']
  } = {},
) {
  const afterAnswer = createAfterAnswer()
  afterAnswers.add(afterAnswer)
  return createApp({
    afterAnswer,
    config: testConfig({
      ANON_KEY: LOCAL_ANON_KEY,
      STATIC_DIR: options.staticDir ?? '/nonexistent/static-dir',
      ...NO_RATE_LIMITS,
      // Suites that are not about the proof of work call resend-email bare, many times an hour;
      // the budget itself is tested in features/signup-proof/signup-proof.test.ts.
      UNVERIFIED_EMAILS_PER_HOUR: 1_000_000,
      ...options.config,
    }),
    db,
    logger: silentLogger,
    ...(options.wakeEmailQueue ? { wakeEmailQueue: options.wakeEmailQueue } : {}),
    ...(options.transport ? { transport: options.transport } : {}),
    ...(options.launchCounter ? { launchCounter: options.launchCounter } : {}),
    ...(options.stores ? { stores: options.stores } : {}),
    ...(options.testflight ? { testflight: options.testflight } : {}),
    ...(options.outboundResolve ? { outboundResolve: options.outboundResolve } : {}),
    ...(options.dnsTxt ? { dnsTxt: options.dnsTxt } : {}),
    ...(options.wakeOutbound ? { wakeOutbound: options.wakeOutbound } : {}),
    ...(options.playThreshold ? { playThreshold: options.playThreshold } : {}),
  })
}

/** The env @hono/node-server hands the app, reduced to what the app reads: the peer's address. */
export function fromAddress(remoteAddress: string, encrypted = false) {
  return { incoming: { socket: { remoteAddress, encrypted } } }
}

/** A request as the page's client sends it: anon key in both headers, JSON body. */
export function anonJson(body: unknown, init: { method?: string; headers?: Record<string, string> } = {}): RequestInit {
  return {
    method: init.method ?? 'POST',
    headers: {
      apikey: LOCAL_ANON_KEY,
      authorization: `Bearer ${LOCAL_ANON_KEY}`,
      'content-type': 'application/json',
      ...init.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }
}

export async function count(db: Db, table: string): Promise<number> {
  const r = await db.query<{ n: string | number }>(`select count(*) as n from ${table}`)
  return Number(r.rows[0]!.n)
}
