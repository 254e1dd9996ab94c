import type { MiddlewareHandler } from 'hono'
import { apiError } from '../../shared/http/errors.ts'

/** Requests allowed per client per window; 0 turns a window off. */
export type Limits = { perMinute: number; perHour: number }

type Bucket = { minute: number; hour: number; at: number }

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * Two token buckets per client: one of `perMinute` tokens refilled over a minute (the burst),
 * one of `perHour` refilled over an hour (the sustained rate). A request takes a token from
 * each. Memory is bounded: a bucket that has refilled completely is the same as no bucket and
 * is dropped, and past `maxClients` the least recently seen client is forgotten.
 */
export function createRateLimiter(limits: Limits, options: { maxClients?: number; now?: () => number } = {}) {
  const maxClients = options.maxClients ?? 100_000
  const now = options.now ?? Date.now
  const buckets = new Map<string, Bucket>()
  const windows = [
    { key: 'minute', capacity: limits.perMinute, period: MINUTE },
    { key: 'hour', capacity: limits.perHour, period: HOUR },
  ] as const
  const active = windows.filter((w) => w.capacity > 0)
  const refillMs = Math.max(0, ...active.map((w) => w.period))
  let sinceSweep = 0

  function refill(b: Bucket, t: number): void {
    for (const w of active) b[w.key] = Math.min(w.capacity, b[w.key] + ((t - b.at) * w.capacity) / w.period)
    b.at = t
  }

  function sweep(t: number): void {
    for (const [k, b] of buckets) if (t - b.at >= refillMs) buckets.delete(k)
  }

  /** Takes one token for `client`; when refused, says how many milliseconds until a request would pass. */
  function take(client: string): { ok: true } | { ok: false; retryAfterMs: number } {
    if (active.length === 0) return { ok: true }
    const t = now()
    if (++sinceSweep >= 1_000) {
      sinceSweep = 0
      sweep(t)
    }
    const b = buckets.get(client) ?? { minute: limits.perMinute, hour: limits.perHour, at: t }
    refill(b, t)
    // Re-inserting keeps the Map in least-recently-seen order for eviction.
    buckets.delete(client)
    buckets.set(client, b)
    if (buckets.size > maxClients) buckets.delete(buckets.keys().next().value!)
    const refused = refusal(b)
    if (refused) return refused
    for (const w of active) b[w.key] -= 1
    return { ok: true }
  }

  function refusal(b: Bucket): { ok: false; retryAfterMs: number } | null {
    const short = active.filter((w) => b[w.key] < 1)
    if (short.length === 0) return null
    return { ok: false, retryAfterMs: Math.max(...short.map((w) => ((1 - b[w.key]) * w.period) / w.capacity)) }
  }

  /** Whether a `take` would pass now, taking nothing (a budget spent only on failures); remembers no one. */
  function peek(client: string): { ok: true } | { ok: false; retryAfterMs: number } {
    const b = buckets.get(client)
    if (!b || active.length === 0) return { ok: true }
    refill(b, now())
    return refusal(b) ?? { ok: true }
  }

  return { take, peek, size: () => buckets.size }
}

/**
 * Refuses a client over its limits with 429, a Retry-After header and a PostgREST-shaped body.
 * `group` names the limited route in the message's details; `keyOf` tells clients apart.
 */
export function rateLimit(
  group: string,
  limits: Limits,
  keyOf: (c: Parameters<MiddlewareHandler>[0]) => string,
): MiddlewareHandler {
  const limiter = createRateLimiter(limits)
  return async (c, next) => {
    const r = limiter.take(keyOf(c))
    if (r.ok) return next()
    const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000))
    c.header('Retry-After', String(seconds))
    throw tooManyRequests(group, limits, seconds)
  }
}

/** The 429 of a budget named `group`, in PostgREST's shape (the caller sets Retry-After). */
export function tooManyRequests(group: string, limits: Limits, seconds: number) {
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`
  const allowed = [limits.perMinute && `${limits.perMinute} per minute`, limits.perHour && `${limits.perHour} per hour`]
    .filter(Boolean)
    .join(' and ')
  return apiError(
    429,
    'RATE_LIMITED',
    `Too many requests. Please try again in ${wait}.`,
    `${group}: at most ${allowed} from one address.`,
    `Retry after ${seconds} seconds.`,
  )
}
