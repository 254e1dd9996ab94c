import type { MailDb } from './db.ts'
import type { ClaimedEmail } from '../emails/define-kind.ts'
import { isDatabaseUnavailable } from '../shared/http/errors.ts'
import { kindNamed } from '../emails/kinds.ts'
import { emailHash } from './log-redact.ts'
import type { MailLogger } from './logger.ts'
import type { QueueSettings } from './queue-settings.ts'
import { claimEmails, markFinal, markForRetry, markPaused, markSent, msUntilNextDue } from './queue-rows.ts'
import { pauseSending, readEmailQueueState, warnIfShort } from './email-capacity.ts'
import type { SendResult, Transport } from './transport.ts'
import { isSuppressedMailbox, suppressMailbox } from './suppressions.ts'

export type EmailQueue = {
  start(): void
  /** Finishes the email being sent, then stops. */
  stop(): Promise<void>
  /** Look for due emails now instead of at the next poll. */
  wake(): void
  /** One pass over the due emails; returns how many were handled. */
  runOnce(): Promise<number>
}

// One email per claim: a lease then covers only the email being sent, so a slow provider can
// never let another process take over rows still waiting in this worker's batch (and send
// them twice over SMTP, which has no idempotency key), and stop() waits for one send at most.
const CLAIM = 1

/** How often, at most, a working process asks whether the day's quota will carry the queue. */
const CAPACITY_CHECK_MS = 60_000

/**
 * Sends queued emails through the transport, at least once and (transports being idempotent on
 * the row id) in effect exactly once: a crash between send and mark leaves the row 'sending'
 * until its lease ends, then the same id is sent again and the transport recognises it.
 */
export function createEmailQueue(deps: {
  db: MailDb
  transport: Transport
  logger: MailLogger
  config: QueueSettings
}): EmailQueue {
  // The Node server passes its outage watcher's view of the database (db/outage.ts), which the
  // app shares: one line when the database goes, one when it is back.
  const { db, transport, logger, config } = deps
  let running = false
  // Set by stop(): finish the email in hand, claim no more.
  let stopping = false
  let loop: Promise<void> | undefined
  let wakeRequested = false
  let wakeSleeper: (() => void) | undefined
  // When the shared budget refused the last claim: how long until it would not.
  let budgetWaitMs = 0
  let lastCapacityCheck = -Infinity
  const budget = { ratePerSecond: config.EMAIL_RATE_PER_SECOND, dailyLimit: config.EMAIL_DAILY_LIMIT }

  const wake = () => {
    wakeRequested = true
    wakeSleeper?.()
  }

  async function handle(email: ClaimedEmail): Promise<void> {
    const log = {
      event: 'email',
      id: email.id,
      kind: email.kind,
      to: emailHash(email.toEmail),
      attempt: email.attempts,
    }
    if (email.attempts > config.EMAIL_MAX_ATTEMPTS) {
      await markFinal(db, email.id, 'failed', `gave up after ${config.EMAIL_MAX_ATTEMPTS} attempts (lease expired)`)
      logger.error(log, 'email failed for good')
      return
    }
    const kind = kindNamed(email.kind)
    if (!kind) {
      // Only SQL written by hand can queue such a row (enqueue() takes registered kinds only).
      await markFinal(db, email.id, 'failed', `no module defines the email kind ${JSON.stringify(email.kind)}`)
      logger.error(log, 'email failed for good')
      return
    }
    const payload = kind.payload.safeParse(email.payload)
    if (!payload.success) {
      await markFinal(db, email.id, 'failed', `payload does not match the ${email.kind} kind: ${payload.error.message}`)
      logger.error(log, 'email failed for good')
      return
    }
    // A bounce or a complaint stops all further mail to the mailbox, whatever the kind,
    // except to an owner's own address (see isSuppressedMailbox).
    if (await isSuppressedMailbox(db, email.toEmail)) {
      await markFinal(db, email.id, 'cancelled', 'the mailbox is on the suppression list')
      logger.info(log, 'email cancelled: suppressed mailbox')
      return
    }
    let result: SendResult
    try {
      const built = await kind.build(email, payload.data, config)
      if ('cancel' in built) {
        await markFinal(db, email.id, 'cancelled', built.cancel)
        logger.info(log, 'email cancelled')
        return
      }
      result = await transport.send(built.email)
    } catch (err) {
      // A transport must not throw; if one does (or a template fails), treat it as a passing fault and retry.
      result = { ok: false as const, retryable: true, error: `email could not be sent: ${(err as Error).message}` }
    }
    // The provider's "slow down" holds every process (email-capacity.ts).
    if (result.pause) {
      await pauseSending(db, result.pause)
      logger.warn({ ...log, pauseMs: result.pause.ms, reason: result.pause.reason }, 'email sending paused')
    }
    if (result.ok) {
      await markSent(db, email.id, result.id)
      logger.info({ ...log, transport: transport.name }, 'email sent')
    } else if (result.retryable && result.pause) {
      // Not this email's fault: it waits for the pause, and the attempt does not count.
      await markPaused(db, email.id, result.pause.ms, result.error)
    } else if (result.retryable && email.attempts < config.EMAIL_MAX_ATTEMPTS) {
      const delay = retryDelay(email.attempts, config, result.retryAfterMs)
      await markForRetry(db, email.id, delay, result.error)
      logger.warn({ ...log, error: result.error, retryInMs: delay }, 'email will be retried')
    } else {
      if (result.bounced) await suppressMailbox(db, email.toEmail, 'bounced')
      await markFinal(db, email.id, 'failed', result.error)
      logger.error({ ...log, error: result.error }, 'email failed for good')
    }
  }

  async function runOnce(): Promise<number> {
    let handled = 0
    for (;;) {
      const claim = await claimEmails(db, {
        limit: CLAIM,
        leaseMs: config.EMAIL_LEASE_MS,
        expireUnconfirmed: config.SIGNUP_CONFIRMATION ?? false,
        budget,
      })
      budgetWaitMs = claim.waitMs
      const [email] = claim.emails
      if (!email) return handled
      await handle(email)
      handled += 1
      await checkCapacity()
      if (stopping) return handled
    }
  }

  /**
   * While the queue works (never when idle): whether the day's quota carries what waits; the
   * owners are told once a day when it does not (email-capacity.ts).
   */
  async function checkCapacity(): Promise<void> {
    if (Date.now() - lastCapacityCheck < CAPACITY_CHECK_MS) return
    lastCapacityCheck = Date.now()
    try {
      const state = await readEmailQueueState(db, config)
      if (await warnIfShort(db, state))
        logger.warn({ event: 'email.capacity_short', waiting: state.total }, 'the queue will not drain within the day')
    } catch (err) {
      if (!isDatabaseUnavailable(err)) logger.error({ err }, 'email capacity check failed')
    }
  }

  async function sleep(): Promise<void> {
    if (wakeRequested) return
    // The budget is spent: wake when its tokens are due (the due emails are overdue already).
    const next = budgetWaitMs > 0 ? budgetWaitMs : await msUntilNextDue(db).catch(() => null)
    const ms = Math.min(config.EMAIL_POLL_INTERVAL_MS, next === null ? Infinity : Math.max(next, 10))
    await new Promise<void>((resolve) => {
      if (wakeRequested || !running) return resolve()
      const timer = setTimeout(resolve, ms)
      wakeSleeper = () => {
        clearTimeout(timer)
        resolve()
      }
    })
    wakeSleeper = undefined
  }

  async function run(): Promise<void> {
    while (running) {
      wakeRequested = false
      try {
        await runOnce()
        if (budgetWaitMs > 0) await checkCapacity()
      } catch (err) {
        if (!isDatabaseUnavailable(err)) logger.error({ err }, 'email queue pass failed')
      }
      if (running) await sleep()
    }
  }

  return {
    start() {
      if (running) return
      running = true
      stopping = false
      loop = run()
    },
    async stop() {
      running = false
      stopping = true
      wakeSleeper?.()
      await loop
    },
    wake,
    runOnce,
  }
}

/** Exponential backoff with jitter (half fixed, half random), never sooner than the provider asked. */
export function retryDelay(
  attempt: number,
  config: Pick<QueueSettings, 'EMAIL_RETRY_BASE_MS' | 'EMAIL_RETRY_MAX_MS'>,
  retryAfterMs?: number,
): number {
  const exp = Math.min(config.EMAIL_RETRY_MAX_MS, config.EMAIL_RETRY_BASE_MS * 2 ** (attempt - 1))
  const jittered = exp / 2 + Math.random() * (exp / 2)
  return Math.round(Math.min(config.EMAIL_RETRY_MAX_MS, Math.max(jittered, retryAfterMs ?? 0)))
}
