import type { TestflightHealth, TestflightState } from '../../../shared/invitations.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/db.ts'
import { runOnceAcross } from '../../db/scheduled-runs.ts'
import type { Logger } from '../../log.ts'
import { classifyJoinPage, joinPageUrl } from './testflight-page.ts'
import { readJoinPage } from './testflight-read.ts'
import {
  holdIosInvitations,
  iosInvitationsQueued,
  readTestflightCheck,
  recordTestflightCheck,
  releaseIosInvitations,
} from './testflight-checks.ts'

// Reads the public TestFlight join page while iPhone invitations are waiting, and holds them back
// while it says the beta is full or closed. Decisions: docs/decisions/testflight-link-health.md

/** About every 15 minutes while iPhone invitations wait, never more often in the background. */
const TESTFLIGHT_CHECK_EVERY_MS = 15 * 60 * 1000
/** A check this recent stands in for the one before a batch (two batches a minute apart read once). */
const FRESH_MS = 60 * 1000

export type TestflightWatch = {
  start(): void
  stop(): void
  /** Right before a batch of invitations: a fresh state (reads the page unless it was read within a minute). */
  beforeBatch(): Promise<TestflightState>
  /** After a batch was queued: holds its iPhone invitations if the link is not open, and keeps watching. */
  afterBatch(): Promise<void>
  /** What the console shows. */
  health(): Promise<TestflightHealth>
  /** No check running or scheduled: where a server with no iPhone invitation waiting rests. */
  idle(): boolean
}

export function createTestflightWatch(deps: {
  db: Db
  logger: Logger
  config: Pick<Config, 'BETA_IOS_URL' | 'TESTFLIGHT_CHECK' | 'TESTFLIGHT_CHECK_URL' | 'INVITATION_INTERVAL_MS'>
  wakeEmailQueue: () => void
  fetch?: typeof fetch
  now?: () => number
  /** Tests: a shorter background interval. */
  checkEveryMs?: number
}): TestflightWatch {
  const { db, logger, config } = deps
  const url = joinPageUrl(config)
  const fetchPage = deps.fetch ?? fetch
  const now = deps.now ?? Date.now
  let timer: NodeJS.Timeout | undefined
  let running = false
  let last: { state: TestflightState; at: number } | undefined
  // One check at a time: a batch arriving during the timer's check shares it.
  let inFlight: Promise<TestflightState> | undefined
  let scheduling = false

  async function read(): Promise<TestflightState> {
    try {
      const read = await readJoinPage(url!, fetchPage)
      if (!read.ok) {
        logger.warn(
          { event: 'testflight.check_failed', reason: read.reason, status: read.status },
          'the TestFlight join page could not be read',
        )
        return 'unknown'
      }
      const state = classifyJoinPage(read.html)
      if (state === 'unknown')
        logger.warn({ event: 'testflight.unrecognised' }, 'the TestFlight join page was not recognised')
      return state
    } catch (err) {
      logger.warn(
        { event: 'testflight.check_failed', error: (err as Error).message },
        'the TestFlight join page could not be read',
      )
      return 'unknown'
    }
  }

  async function check(): Promise<TestflightState> {
    const state = await read()
    last = { state, at: now() }
    const { changedTo } = await recordTestflightCheck(db, state)
    if (changedTo)
      logger.info({ event: 'testflight.changed', state: changedTo }, `the TestFlight link is now ${changedTo}`)
    // Unknown never blocks: only a page that says full or closed holds invitations back.
    if (state === 'full' || state === 'closed') {
      const held = await holdIosInvitations(db)
      if (held > 0)
        logger.info({ event: 'testflight.held', count: held }, 'iPhone invitations wait for the TestFlight link')
    } else {
      const released = await releaseIosInvitations(db, config.INVITATION_INTERVAL_MS)
      if (released > 0) logger.info({ event: 'testflight.released', count: released }, 'held iPhone invitations go out')
    }
    if (changedTo) deps.wakeEmailQueue()
    return state
  }

  function checkOnce(): Promise<TestflightState> {
    inFlight ??= check().finally(() => (inFlight = undefined))
    return inFlight
  }

  // The next background check, only while iPhone invitations are queued: an idle server reads nothing.
  async function scheduleNext(): Promise<void> {
    if (!running || timer) return
    scheduling = true
    const { queued } = await iosInvitationsQueued(db).finally(() => (scheduling = false))
    if (queued === 0 || !running || timer) return
    const every = deps.checkEveryMs ?? TESTFLIGHT_CHECK_EVERY_MS
    timer = setTimeout(() => {
      timer = undefined
      // Each process keeps this timer; the window's read is claimed once across them, so three
      // processes read the page once per window, not three times. The window is the nearest
      // multiple of the interval (wall time, as the timer's): a timer a hair early or late still
      // names the next one.
      const dueAt = new Date(Math.round(Date.now() / every) * every)
      scheduling = true
      void runOnceAcross(db, { job: 'testflight-check', dueAt, leaseMs: every }, async () => void (await checkOnce()))
        .finally(() => (scheduling = false))
        .then(scheduleNext)
        .catch((err: unknown) => logger.error({ err }, 'the TestFlight link check failed'))
    }, every)
    timer.unref()
  }

  return {
    start() {
      if (!url || running) return
      running = true
      // After a restart: invitations queued (or held) before it are looked after again.
      scheduling = true
      void iosInvitationsQueued(db)
        .finally(() => (scheduling = false))
        .then(({ queued }) => (queued > 0 ? checkOnce().then(scheduleNext) : undefined))
        .catch((err: unknown) => logger.error({ err }, 'the TestFlight link check failed'))
    },
    stop() {
      running = false
      clearTimeout(timer)
      timer = undefined
    },
    async beforeBatch() {
      if (!url) return 'unknown'
      if (last && now() - last.at < FRESH_MS) return last.state
      return checkOnce()
    },
    async afterBatch() {
      if (!url) return
      if (last?.state === 'full' || last?.state === 'closed') await holdIosInvitations(db)
      await scheduleNext()
    },
    idle: () => timer === undefined && inFlight === undefined && !scheduling,
    async health() {
      if (!url) return null
      const [latest, { held }] = await Promise.all([readTestflightCheck(db), iosInvitationsQueued(db)])
      return { state: latest?.state ?? 'unknown', checkedAt: latest?.checkedAt ?? null, held }
    },
  }
}
