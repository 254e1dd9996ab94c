import { refuseHeaderInjection } from './header-safety.ts'
import type { OutgoingEmail, ProviderPause, SendResult, Transport } from './transport.ts'

type ResendOptions = {
  apiKey: string
  /** https://api.resend.com in production; a local stand-in in tests. */
  apiUrl: string
  /** Abort a request that has not answered after this many milliseconds; default 10 s. */
  timeoutMs?: number
}

/** Resend's error body: https://resend.com/docs/api-reference/errors */
type ResendError = { statusCode?: number; name?: string; message?: string }

/** Sends through Resend's HTTP API (POST /emails) with plain fetch; see docs/decisions/email-resend.md. */
export function createResendTransport(options: ResendOptions): Transport {
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/emails`
  const timeoutMs = options.timeoutMs ?? 10_000
  return {
    name: 'resend',
    async send(email: OutgoingEmail): Promise<SendResult> {
      const refused = refuseHeaderInjection(email)
      if (refused) return refused
      let res: Response
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${options.apiKey}`,
            'Content-Type': 'application/json',
            // Resend answers a repeat of this key (for 24 h) with the first response instead of sending again.
            'Idempotency-Key': email.id,
          },
          body: JSON.stringify({
            from: email.from,
            to: [email.to],
            subject: email.subject,
            html: email.html,
            text: email.text,
            headers: email.headers,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (err) {
        return { ok: false, retryable: true, error: describeFetchError(err, timeoutMs) }
      }
      return readResponse(res)
    },
    async close() {},
  }
}

async function readResponse(res: Response): Promise<SendResult> {
  const raw = await res.text().catch(() => '')
  const body = parseJson(raw)
  if (res.ok) {
    const id = (body as { id?: unknown } | null)?.id
    const pause = windowSpent(res.headers)
    if (typeof id === 'string' && id) return pause ? { ok: true, id, pause } : { ok: true, id }
    // Accepted but unreadable: retrying with the same Idempotency-Key replays the answer, never a second email.
    return { ok: false, retryable: true, error: `Resend ${res.status}: response has no email id` }
  }
  const detail = (body ?? {}) as ResendError
  const name = typeof detail.name === 'string' ? detail.name : ''
  const message = typeof detail.message === 'string' ? detail.message : raw.slice(0, 500) || res.statusText
  const error = `Resend ${res.status}${name ? ` ${name}` : ''}: ${message}`
  const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'))
  const retry = (): SendResult =>
    retryAfterMs === undefined
      ? { ok: false, retryable: true, error }
      : { ok: false, retryable: true, error, retryAfterMs }
  if (res.status === 429) return { ...retry(), pause: slowDown(name, message, retryAfterMs) }
  if (res.status === 408 || res.status >= 500) return retry()
  // The same key is still being processed by another request; the other outcome, a reused key with a different body, is final.
  if (res.status === 409 && name === 'concurrent_idempotent_requests') return retry()
  return { ok: false, retryable: false, error }
}

/** Without a retry-after, a 429 of the rate waits one window (a second). */
const RATE_WINDOW_MS = 1000

/**
 * What a 429 asks of every sender (https://resend.com/docs/api-reference/rate-limit, /errors):
 * `daily_quota_exceeded` until retry-after, else the next UTC midnight (Resend's day);
 * `monthly_quota_exceeded` likewise, so it is tried once a day; `rate_limit_exceeded` (or any
 * other 429) for retry-after, else a second.
 */
function slowDown(name: string, message: string, retryAfterMs: number | undefined): ProviderPause {
  if (name === 'daily_quota_exceeded' || name === 'monthly_quota_exceeded')
    return { ms: retryAfterMs ?? msToUtcMidnight(), reason: `Resend ${name}: ${message}`, dailyQuota: true }
  return { ms: retryAfterMs ?? RATE_WINDOW_MS, reason: `Resend 429 ${name || 'rate limit'}: ${message}` }
}

/**
 * Resend's rate-limit headers on an accepted email (IETF draft 6: `ratelimit-remaining`, and
 * `ratelimit-reset` in seconds): none left in this window means the next request would get a 429,
 * so every process waits for the reset instead.
 */
function windowSpent(headers: Headers): ProviderPause | undefined {
  const remaining = headers.get('ratelimit-remaining')
  const reset = headers.get('ratelimit-reset')
  if (remaining === null || reset === null || !/^\s*0\s*$/.test(remaining) || !/^\s*\d+\s*$/.test(reset))
    return undefined
  const ms = Number(reset) * 1000
  return ms > 0 ? { ms, reason: `Resend ratelimit-remaining 0, reset in ${Number(reset)} s` } : undefined
}

function msToUtcMidnight(now: number = Date.now()): number {
  const d = new Date(now)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - now
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return null
  }
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const at = Date.parse(trimmed)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}

function describeFetchError(err: unknown, timeoutMs: number): string {
  const e = err as Error & { cause?: { code?: string; message?: string } }
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `Resend did not answer within ${timeoutMs} ms`
  const cause = e?.cause?.code ?? e?.cause?.message
  return `Resend request failed: ${e?.message ?? String(err)}${cause ? ` (${cause})` : ''}`
}
