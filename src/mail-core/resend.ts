import { refuseHeaderInjection } from './header-safety.ts'
import type { OutgoingEmail, SendResult, Transport } from './transport.ts'

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
    if (typeof id === 'string' && id) return { ok: true, id }
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
  if (res.status === 429 || res.status === 408 || res.status >= 500) return retry()
  // The same key is still being processed by another request; the other outcome, a reused key with a different body, is final.
  if (res.status === 409 && name === 'concurrent_idempotent_requests') return retry()
  return { ok: false, retryable: false, error }
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
