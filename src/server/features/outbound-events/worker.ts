import type { Db } from '../../db/db.ts'
import type { Logger } from '../../log.ts'
import { isDatabaseUnavailable } from '../../../shared/http/errors.ts'
import {
  maskEmail,
  MAX_WEBHOOK_BODY_BYTES,
  OUTBOUND_EVENTS,
  OUTBOUND_RETENTION_DAYS,
  type OutboundEventType,
} from '../../../shared/outbound-events.ts'
import { discordMessage, slackMessage } from './chat-messages.ts'
import {
  claimChatBatch,
  claimDueDelivery,
  holdChatUntil,
  recordQueueStall,
  type ChatBatch,
  markDelivered,
  markFailed,
  msUntilNextDue,
  notifyOwnersOfPause,
  pauseEndpoint,
  purgeOldEvents,
  recordAttempt,
  type ClaimedDelivery,
} from './queries.ts'
import { postJson, type AttemptResult } from './sender.ts'
import { signatureHeader } from './signing.ts'
import { systemResolver, type Resolver } from './targets.ts'

// The sender: claims due deliveries with a lease, as the email queue does (src/mail-core/queue.ts),
// one at a time, and sleeps until the next is due, at most a poll interval; the server wakes it
// when something that may have written an event happened. A crash between the POST and the mark
// leaves the row 'sending' until its lease ends, then it goes out again under the same webhook-id:
// at least once on the wire, one id per endpoint and event.

export type OutboundSettings = {
  OUTBOUND_ALLOW_LOOPBACK: boolean
  OUTBOUND_POLL_INTERVAL_MS: number
  OUTBOUND_LEASE_MS: number
  OUTBOUND_TIMEOUT_MS: number
  /** The waits between attempts (Standard Webhooks' example schedule by default), jittered. */
  OUTBOUND_RETRY_SCHEDULE_MS: readonly number[]
  /** A streak of failures this long pauses the endpoint (five days). */
  OUTBOUND_PAUSE_AFTER_MS: number
  /** A chat destination gets at most one message per this interval; what arrives meanwhile is grouped (a minute). */
  OUTBOUND_CHAT_INTERVAL_MS: number
}

/** Events one grouped chat message takes at most; the rest wait for the next. */
const CHAT_BATCH = 500
/** How often the sender looks at the email queue for a stall (riding on its own wake-ups: no timer of its own). */
const STALL_CHECK_MS = 60_000

export type OutboundWorker = {
  start(): void
  stop(): Promise<void>
  wake(): void
  runOnce(): Promise<number>
}

/** 2xx is success; 410 Gone pauses; everything else (3xx included: no redirect is followed) fails. */
const ok = (status: number | null) => status !== null && status >= 200 && status < 300

export function createOutboundWorker(deps: {
  db: Db
  logger: Logger
  config: OutboundSettings
  resolve?: Resolver
  /** After the owners' notice of a paused endpoint was queued: the email worker sends it now. */
  wakeEmailQueue?: () => void
  now?: () => number
}): OutboundWorker {
  const { db, logger, config } = deps
  const resolve = deps.resolve ?? systemResolver
  const now = deps.now ?? Date.now
  let running = false
  let stopping = false
  let loop: Promise<void> | undefined
  let wakeRequested = false
  let wakeSleeper: (() => void) | undefined

  const wake = () => {
    wakeRequested = true
    wakeSleeper?.()
  }

  /**
   * The log row of an attempt. Its failure is logged and goes no further: the outcome is what
   * keeps a delivery from being sent again, so it is recorded whether or not the log row could be.
   */
  async function logAttempt(
    d: Pick<ClaimedDelivery, 'id' | 'endpointId'>,
    result: Pick<AttemptResult, 'status' | 'latencyMs' | 'response'>,
  ): Promise<void> {
    await recordAttempt(db, d, result).catch((err: unknown) =>
      logger.error({ err, event: 'webhook.log_failed', delivery: d.id }, 'an attempt could not be logged'),
    )
  }

  /**
   * A delivery claimed again after its lease ran out, as often as the schedule allows attempts,
   * without any outcome recorded (its sender died each time, or could not write): it fails
   * rather than go out once a lease for ever.
   */
  const exhausted = (d: Pick<ClaimedDelivery, 'unfinished' | 'attempts'>) =>
    d.unfinished && d.attempts > config.OUTBOUND_RETRY_SCHEDULE_MS.length + 1
  const exhaustedError = (d: Pick<ClaimedDelivery, 'attempts'>) =>
    `sent ${d.attempts - 1} times without an outcome recorded; given up`

  /** Fails a delivery for good without sending it (a stored event that does not parse, spent attempts). */
  async function failUnsent(d: ClaimedDelivery, error: string): Promise<void> {
    await logAttempt(d, { status: null, latencyMs: 0, response: error })
    const pauseAfterMs = config.OUTBOUND_PAUSE_AFTER_MS
    if (await markFailed(db, d, { status: null, error, retryInMs: null, pauseAfterMs })) await tellOwners(d.endpointId)
    logger.error({ event: 'webhook', delivery: d.id, endpoint: d.endpointId, error }, 'webhook failed for good')
  }

  async function handle(d: ClaimedDelivery): Promise<void> {
    const log = { event: 'webhook', delivery: d.id, endpoint: d.endpointId, type: d.type, attempt: d.attempts }
    if (exhausted(d)) return failUnsent(d, exhaustedError(d))
    const body = bodyOf(d)
    if (body === null) return failUnsent(d, `the stored ${d.type} event does not match its schema`)
    // Signed now, for this attempt: a timestamp signed at the first attempt would be stale at the fifth.
    const timestamp = Math.floor(now() / 1000)
    const result = await postJson(
      d.url,
      {
        'webhook-id': d.messageId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(d.secrets, d.messageId, timestamp, body),
        'user-agent': 'launch-page-webhooks/1',
      },
      body,
      { rules: { allowLoopback: config.OUTBOUND_ALLOW_LOOPBACK }, resolve, timeoutMs: config.OUTBOUND_TIMEOUT_MS },
    )
    await logAttempt(d, result)
    if (ok(result.status)) {
      await markDelivered(db, d, result.status!)
      logger.info({ ...log, status: result.status, ms: result.latencyMs }, 'webhook delivered')
      return
    }
    const error = result.status === null ? result.response : `answered ${result.status}`
    if (result.status === 410) {
      await pauseEndpoint(db, d.endpointId, 'the endpoint answered 410 Gone')
      await markFailed(db, d, { status: 410, error, retryInMs: null, pauseAfterMs: config.OUTBOUND_PAUSE_AFTER_MS })
      logger.warn(log, 'webhook endpoint answered 410: paused')
      return
    }
    const schedule = config.OUTBOUND_RETRY_SCHEDULE_MS
    const retryInMs = d.attempts <= schedule.length ? retryDelay(schedule[d.attempts - 1]!, result.retryAfterMs) : null
    const paused = await markFailed(db, d, {
      status: result.status,
      error,
      retryInMs,
      pauseAfterMs: config.OUTBOUND_PAUSE_AFTER_MS,
    })
    logger.warn(
      { ...log, status: result.status, error, retryInMs },
      retryInMs === null ? 'webhook failed for good' : 'webhook will be retried',
    )
    if (paused) {
      logger.warn(
        { event: 'webhook.endpoint_paused', endpoint: d.endpointId },
        'webhook endpoint paused after days of failures',
      )
      await tellOwners(d.endpointId)
    }
  }

  async function tellOwners(endpointId: number): Promise<void> {
    await notifyOwnersOfPause(db, endpointId).then(
      (queued) => (queued ? deps.wakeEmailQueue?.() : undefined),
      (err: unknown) => logger.error({ err }, 'the owners could not be told of a paused endpoint'),
    )
  }

  /** One message for everything due to a chat destination; every delivery in it shares the outcome. */
  async function handleChat(batch: ChatBatch): Promise<void> {
    const as = (d: ChatBatch['deliveries'][number]) => ({ ...d, endpointId: batch.endpointId }) as ClaimedDelivery
    for (const d of batch.deliveries.filter(exhausted)) await failUnsent(as(d), exhaustedError(d))
    const events = batch.deliveries.filter((d) => !exhausted(d))
    if (events.length === 0) return
    const log = { event: 'chat', endpoint: batch.endpointId, kind: batch.kind, events: events.length }
    const message =
      batch.kind === 'slack' ? slackMessage(events, batch.fullAddresses) : discordMessage(events, batch.fullAddresses)
    // Discord answers errors only when asked to wait for the message to be saved.
    const url = batch.kind === 'discord' ? withWait(batch.url) : batch.url
    const result = await postJson(url, { 'user-agent': 'launch-page-webhooks/1' }, JSON.stringify(message), {
      rules: { allowLoopback: config.OUTBOUND_ALLOW_LOOPBACK },
      resolve,
      timeoutMs: config.OUTBOUND_TIMEOUT_MS,
    })
    for (const d of events) await logAttempt({ id: d.id, endpointId: batch.endpointId }, result)
    const pauseAfterMs = config.OUTBOUND_PAUSE_AFTER_MS
    if (ok(result.status)) {
      for (const d of events) await markDelivered(db, as(d), result.status!)
      // Discord: the bucket is empty; the next message waits for its reset.
      const rl = result.rateLimit ?? {}
      if (rl['x-ratelimit-remaining'] === '0' && rl['x-ratelimit-reset-after'])
        await holdChatUntil(db, batch.endpointId, Number(rl['x-ratelimit-reset-after']) * 1000)
      logger.info({ ...log, status: result.status }, 'chat message sent')
      return
    }
    const stop = stopReason(batch.kind, result)
    if (stop) {
      await pauseEndpoint(db, batch.endpointId, stop)
      for (const d of events)
        await markFailed(db, as(d), { status: result.status, error: stop, retryInMs: null, pauseAfterMs })
      logger.warn({ ...log, status: result.status }, `chat destination paused: ${stop}`)
      return
    }
    const error = result.status === null ? result.response : `answered ${result.status}`
    const waitMs = result.status === 429 ? rateLimitWait(result) : undefined
    if (waitMs !== undefined) await holdChatUntil(db, batch.endpointId, waitMs)
    const schedule = config.OUTBOUND_RETRY_SCHEDULE_MS
    let paused = false
    for (const d of events) {
      const retryInMs =
        waitMs !== undefined ? waitMs : d.attempts <= schedule.length ? retryDelay(schedule[d.attempts - 1]!) : null
      if (await markFailed(db, as(d), { status: result.status, error, retryInMs, pauseAfterMs })) paused = true
    }
    if (paused) await tellOwners(batch.endpointId)
    logger.warn({ ...log, status: result.status, error, waitMs }, 'chat message will be retried')
  }

  let lastStallCheck = -Infinity
  async function checkQueueStall(): Promise<void> {
    if (now() - lastStallCheck < STALL_CHECK_MS) return
    lastStallCheck = now()
    if (await recordQueueStall(db))
      logger.warn({ event: 'email.queue_stalled' }, 'the email queue has not sent for 30 minutes')
  }

  /**
   * When this process next asks whether the retention purge is due: the database says when it
   * is (once a day, whichever process gets there first), so asking costs a query a day.
   */
  let nextPurgeAt = -Infinity
  async function purgeIfDue(): Promise<void> {
    if (now() < nextPurgeAt) return
    try {
      const { purged, nextAt } = await purgeOldEvents(db, OUTBOUND_RETENTION_DAYS)
      nextPurgeAt = nextAt
      if (purged) logger.info({ event: 'webhook.purged', events: purged }, 'old outbound events deleted')
    } catch (err) {
      nextPurgeAt = now() + STALL_CHECK_MS
      if (!isDatabaseUnavailable(err)) logger.warn({ err }, 'old outbound events could not be deleted yet')
    }
  }

  async function runOnce(): Promise<number> {
    let handled = 0
    await checkQueueStall()
    await purgeIfDue()
    for (;;) {
      const d = await claimDueDelivery(db, config.OUTBOUND_LEASE_MS)
      if (d) await handle(d)
      else {
        const batch = await claimChatBatch(db, config.OUTBOUND_LEASE_MS, config.OUTBOUND_CHAT_INTERVAL_MS, CHAT_BATCH)
        if (!batch) return handled
        await handleChat(batch)
      }
      handled += 1
      if (stopping) return handled
    }
  }

  async function sleep(): Promise<void> {
    if (wakeRequested) return
    const next = await msUntilNextDue(db).catch(() => null)
    const ms = Math.min(config.OUTBOUND_POLL_INTERVAL_MS, next === null ? Infinity : Math.max(next, 10))
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
      } catch (err) {
        if (!isDatabaseUnavailable(err)) logger.error({ err }, 'webhook pass failed')
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

function withWait(url: string): string {
  const u = new URL(url)
  u.searchParams.set('wait', 'true')
  return u.href
}

/** A 429's wait: Retry-After, or Discord's JSON retry_after (seconds, fractional); a second when neither says. */
function rateLimitWait(result: AttemptResult): number {
  if (result.retryAfterMs !== undefined) return result.retryAfterMs
  try {
    const body = JSON.parse(result.response) as { retry_after?: unknown }
    if (typeof body.retry_after === 'number' && body.retry_after >= 0) return Math.ceil(body.retry_after * 1000)
  } catch {
    // not JSON
  }
  return 1000
}

/**
 * Answers that say the destination is gone for good: Discord's 404 ("you should not attempt to use
 * it again"), Slack's channel_not_found, channel_is_archived, no_service, invalid_token and
 * action_prohibited, and 410 from either.
 */
function stopReason(kind: ChatBatch['kind'], result: AttemptResult): string | null {
  if (result.status === 410) return `${kind === 'slack' ? 'Slack' : 'Discord'} answered 410 Gone`
  if (kind === 'discord' && (result.status === 404 || result.status === 401))
    return `Discord answered ${result.status}: the webhook no longer exists`
  if (kind === 'slack' && (result.status === 404 || result.status === 403)) {
    const code = /^[a-z_]+$/.test(result.response.trim()) ? result.response.trim() : `${result.status}`
    return `Slack answered ${code}`
  }
  return null
}

/** The scheduled wait, jittered by ±10%, never sooner than the receiver's Retry-After (capped at a day). */
function retryDelay(scheduledMs: number, retryAfterMs?: number): number {
  const jittered = scheduledMs * (0.9 + Math.random() * 0.2)
  return Math.round(Math.max(jittered, Math.min(retryAfterMs ?? 0, 24 * 60 * 60 * 1000)))
}

/**
 * The body: `{type, timestamp, data}` with the address masked unless the endpoint opted in, cut
 * to stay under 20 KB (only what a visitor typed can be long). Null when the stored data does not
 * match the type's schema.
 */
function bodyOf(d: Pick<ClaimedDelivery, 'type' | 'data' | 'fullAddresses' | 'eventTime'>): string | null {
  const definition = OUTBOUND_EVENTS[d.type as OutboundEventType]
  if (!definition) return null
  const parsed = definition.data.safeParse(d.data)
  if (!parsed.success) return null
  const data: Record<string, unknown> = { ...parsed.data }
  if (!d.fullAddresses && typeof data.email === 'string') data.email = maskEmail(data.email)
  let body = JSON.stringify({ type: d.type, timestamp: d.eventTime, data })
  for (let cut = 4000; Buffer.byteLength(body) >= MAX_WEBHOOK_BODY_BYTES && cut >= 250; cut = Math.floor(cut / 2)) {
    for (const [k, v] of Object.entries(data)) {
      // By code point, so no character is cut in half.
      if (typeof v === 'string' && v.length > cut) data[k] = `${[...v].slice(0, cut).join('')}…`
    }
    body = JSON.stringify({ type: d.type, timestamp: d.eventTime, data })
  }
  return body
}
