import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** How the stand-in misbehaves for one request while an outage is on. */
export type Fault =
  | { kind: 'status'; status: 500 | 502 | 503 | 429; retryAfter?: string }
  /** The connection closes before the email is accepted. */
  | { kind: 'drop' }
  /** The email is accepted (and so sent), then the connection closes before the answer. */
  | { kind: 'drop-after-accept' }

type Outcome =
  'sent' | 'replayed' | 'unauthorized' | 'invalid' | 'conflict' | 'rate-limited' | 'daily-quota' | `fault:${string}`

/**
 * The team's documented limits (https://resend.com/docs/api-reference/rate-limit): requests per
 * second, in windows of one second, and emails per UTC day.
 */
export type StandInLimits = { ratePerSecond?: number; dailyQuota?: number }

/** One POST /emails as it arrived, and what the stand-in did with it. */
type RecordedRequest = { at: number; key: string | undefined; to: string[]; outcome: Outcome }

/** One email Resend accepted: what a recipient would receive. */
type AcceptedEmail = { id: string; key: string | undefined; to: string[]; subject: string; body: string }

export type ResendStandIn = {
  url: string
  /** Every request, in arrival order, failed ones included. */
  requests: RecordedRequest[]
  /** Every accepted email, in order: one per Idempotency-Key (and one per request without a key). */
  emails: AcceptedEmail[]
  /** Accepted emails per recipient address. */
  emailsTo(address: string): AcceptedEmail[]
  /** Requests whose email was accepted but whose answer has not been written yet. */
  inFlight(): number
  /** While set, requests get these faults in turn (cycling); `null` ends the outage. */
  setFaults(faults: Fault[] | null): void
  /** Holds every answer to an accepted email until release(): the email is sent, the sender does not know yet. */
  holdAnswers(): void
  releaseAnswers(): void
  close(): Promise<void>
}

const error = (statusCode: number, name: string, message: string) => ({ statusCode, name, message })

/**
 * A loopback stand-in for api.resend.com's POST /emails that keeps Resend's idempotency
 * promise (https://resend.com/docs/dashboard/emails/idempotency-keys): a repeated
 * Idempotency-Key with the same payload gets the first answer and sends nothing; with
 * another payload it is a 409 invalid_idempotent_request; while the first request is still
 * being processed it is a 409 concurrent_idempotent_requests.
 */
export async function startResendStandIn(options: { apiKey: string } & StandInLimits): Promise<ResendStandIn> {
  const requests: RecordedRequest[] = []
  const emails: AcceptedEmail[] = []
  const byKey = new Map<string, { email: AcceptedEmail; answered: boolean }>()
  let faults: Fault[] | null = null
  let faultIndex = 0
  let inFlight = 0
  let held: (() => void)[] | null = null
  // The current one-second window and its requests; the UTC day and its accepted emails.
  let window = { second: -1, requests: 0 }
  let day = { date: '', emails: 0 }

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (res.destroyed) return
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }

  function handle(req: IncomingMessage, res: ServerResponse, raw: string): void {
    const key = header(req, 'idempotency-key')
    const payload = parse(raw)
    const to = Array.isArray(payload?.to) ? payload.to.filter((x): x is string => typeof x === 'string') : []
    const record = (outcome: Outcome) => requests.push({ at: Date.now(), key, to, outcome })

    if (req.method !== 'POST' || req.url !== '/emails') {
      record('invalid')
      return json(res, 404, error(404, 'not_found', 'The requested endpoint does not exist.'))
    }
    if (header(req, 'authorization') !== `Bearer ${options.apiKey}`) {
      record('unauthorized')
      return json(res, 401, error(401, 'missing_api_key', 'Missing API key in the authorization header.'))
    }
    if (!payload || typeof payload.from !== 'string' || typeof payload.subject !== 'string' || to.length === 0) {
      record('invalid')
      return json(res, 422, error(422, 'validation_error', 'from, to and subject are required.'))
    }

    // Resend's documented limits: the rate-limit headers on every answer, a 429 past either.
    const limits: Record<string, string> = {}
    if (options.ratePerSecond !== undefined) {
      const now = Date.now()
      const second = Math.floor(now / 1000)
      if (window.second !== second) window = { second, requests: 0 }
      window.requests++
      const remaining = Math.max(0, options.ratePerSecond - window.requests)
      Object.assign(limits, {
        'ratelimit-limit': String(options.ratePerSecond),
        'ratelimit-remaining': String(remaining),
        'ratelimit-reset': '1',
      })
      if (window.requests > options.ratePerSecond) {
        record('rate-limited')
        return json(
          res,
          429,
          error(
            429,
            'rate_limit_exceeded',
            `Too many requests. You can only make ${options.ratePerSecond} requests per second.`,
          ),
          {
            ...limits,
            'retry-after': '1',
          },
        )
      }
    }
    if (options.dailyQuota !== undefined) {
      const date = new Date().toISOString().slice(0, 10)
      if (day.date !== date) day = { date, emails: 0 }
      if (day.emails >= options.dailyQuota) {
        record('daily-quota')
        return json(
          res,
          429,
          error(429, 'daily_quota_exceeded', 'You have reached your daily email sending quota.'),
          limits,
        )
      }
    }

    const fault = faults ? faults[faultIndex++ % faults.length] : undefined
    if (fault?.kind === 'status') {
      record(`fault:${fault.status}`)
      const headers: Record<string, string> = fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {}
      const name = fault.status === 429 ? 'rate_limit_exceeded' : 'internal_server_error'
      return json(res, fault.status, error(fault.status, name, 'Stand-in outage.'), headers)
    }
    if (fault?.kind === 'drop') {
      record('fault:drop')
      req.socket.destroy()
      return
    }

    const previous = key === undefined ? undefined : byKey.get(key)
    if (previous) {
      if (previous.email.body !== raw) {
        record('conflict')
        return json(
          res,
          409,
          error(409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.'),
        )
      }
      if (!previous.answered) {
        record('conflict')
        return json(
          res,
          409,
          error(
            409,
            'concurrent_idempotent_requests',
            'Same idempotency key used while original request is still in progress.',
          ),
        )
      }
      if (fault?.kind === 'drop-after-accept') {
        // The replayed answer is lost too; still no second email.
        record('fault:drop-after-accept')
        req.socket.destroy()
        return
      }
      record('replayed')
      return json(res, 200, { id: previous.email.id }, limits)
    }

    const email: AcceptedEmail = { id: randomUUID(), key, to, subject: String(payload.subject), body: raw }
    emails.push(email)
    day.emails++
    const entry = { email, answered: false }
    if (key !== undefined) byKey.set(key, entry)
    if (fault?.kind === 'drop-after-accept') {
      record('fault:drop-after-accept')
      entry.answered = true
      req.socket.destroy()
      return
    }
    record('sent')
    inFlight++
    const answer = () => {
      inFlight--
      entry.answered = true
      json(res, 200, { id: email.id }, limits)
    }
    if (held) held.push(answer)
    else answer()
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))

  const releaseAnswers = () => {
    const waiting = held ?? []
    held = null
    for (const answer of waiting) answer()
  }
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    emails,
    emailsTo: (address) => emails.filter((e) => e.to.includes(address)),
    inFlight: () => inFlight,
    setFaults(next) {
      faults = next && next.length ? next : null
      faultIndex = 0
    },
    holdAnswers() {
      held ??= []
    },
    releaseAnswers,
    async close() {
      releaseAnswers()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

type Payload = { from?: unknown; to?: unknown; subject?: unknown }
function parse(raw: string): Payload | null {
  try {
    const value: unknown = JSON.parse(raw)
    return typeof value === 'object' && value !== null ? (value as Payload) : null
  } catch {
    return null
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name]
  return Array.isArray(v) ? v[0] : v
}
