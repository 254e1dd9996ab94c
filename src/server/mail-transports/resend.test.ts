import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createResendTransport, parseRetryAfter } from '../../mail-core/resend.ts'
import { testEmail } from '../../mail-core/test-email.ts'
import { startResendStandIn } from '../../../test/support/resend-stand-in.ts'

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string }
type Handler = (req: Seen, res: ServerResponse) => void

// A local stand-in for api.resend.com: records each request and answers with the current handler.
let server: Server
let apiUrl: string
let seen: Seen[] = []
let handler: Handler
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      seen.push(request)
      handler(request, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})
beforeEach(() => {
  seen = []
})

function reply(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }
}
const resendError = (statusCode: number, name: string, message: string) => ({ statusCode, name, message })
const send = (timeoutMs = 2000) =>
  createResendTransport({ apiKey: 're_test_123', apiUrl: `${apiUrl}/`, timeoutMs }).send(testEmail())

describe('Resend transport', () => {
  test('sends exactly the request Resend documents and returns its email id', async () => {
    handler = (req, res) => {
      const valid =
        req.method === 'POST' &&
        req.url === '/emails' &&
        req.headers.authorization === 'Bearer re_test_123' &&
        req.headers['content-type'] === 'application/json' &&
        req.headers['idempotency-key'] === 'queue-42'
      if (!valid) return reply(400, resendError(400, 'validation_error', 'request does not match'))(req, res)
      reply(200, { id: '49a3999c-0ce1-4ea6-ab68-afcd6dc2e794' })(req, res)
    }
    expect(await send()).toEqual({ ok: true, id: '49a3999c-0ce1-4ea6-ab68-afcd6dc2e794' })
    expect(seen).toHaveLength(1)
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      from: 'Beta Team <hello@launch.example>',
      to: ['ada@example.com'],
      subject: 'Welcome to the beta',
      html: testEmail().html,
      text: 'Hello from the text part',
      headers: {
        'List-Unsubscribe': '<https://launch.example/unsubscribe?token=t1>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    })
  })

  test('429 with Retry-After in seconds is retryable after that delay, and pauses every sender as long', async () => {
    handler = reply(429, resendError(429, 'rate_limit_exceeded', 'Too many requests.'), { 'Retry-After': '7' })
    expect(await send()).toEqual({
      ok: false,
      retryable: true,
      retryAfterMs: 7000,
      error: 'Resend 429 rate_limit_exceeded: Too many requests.',
      pause: { ms: 7000, reason: 'Resend 429 rate_limit_exceeded: Too many requests.' },
    })
  })

  test('429 with Retry-After as an HTTP date is retryable until that date', async () => {
    const at = new Date(Date.now() + 30_000).toUTCString()
    handler = reply(429, resendError(429, 'daily_quota_exceeded', 'You have reached your daily email sending quota.'), {
      'Retry-After': at,
    })
    const result = await send()
    expect(result).toMatchObject({ ok: false, retryable: true })
    const delay = result.ok ? -1 : (result.retryAfterMs ?? -1)
    expect(delay).toBeGreaterThan(28_000)
    expect(delay).toBeLessThanOrEqual(30_000)
  })

  test.each([500, 503])('%i is retryable', async (status) => {
    handler = reply(status, resendError(status, 'internal_server_error', 'An unexpected error occurred.'))
    expect(await send()).toMatchObject({
      ok: false,
      retryable: true,
      error: `Resend ${status} internal_server_error: An unexpected error occurred.`,
    })
  })

  test('a 5xx without a JSON body is retryable and keeps the text', async () => {
    handler = (_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' })
      res.end('<html>Bad gateway</html>')
    }
    expect(await send()).toMatchObject({ ok: false, retryable: true, error: 'Resend 502: <html>Bad gateway</html>' })
  })

  test.each([
    [400, 'validation_error', 'Invalid `to` field.'],
    [401, 'missing_api_key', 'Missing API key in the authorization header.'],
    [403, 'invalid_api_key', 'API key is invalid.'],
    [
      422,
      'invalid_parameter',
      'Invalid `from` field. The email address needs to follow the `email@example.com` format.',
    ],
  ])('%i %s is permanent and carries Resend’s message', async (status, name, message) => {
    handler = reply(status, resendError(status, name, message))
    expect(await send()).toEqual({ ok: false, retryable: false, error: `Resend ${status} ${name}: ${message}` })
  })

  test('409 concurrent_idempotent_requests is retryable: the same key is still in flight', async () => {
    handler = reply(
      409,
      resendError(
        409,
        'concurrent_idempotent_requests',
        'Same idempotency key used while original request is still in progress.',
      ),
    )
    expect(await send()).toMatchObject({ ok: false, retryable: true })
  })

  test('409 invalid_idempotent_request is permanent: the key was used with another payload', async () => {
    handler = reply(
      409,
      resendError(409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.'),
    )
    expect(await send()).toMatchObject({
      ok: false,
      retryable: false,
      error: expect.stringContaining('invalid_idempotent_request'),
    })
  })

  test('a 200 without an id is retryable (the idempotency key makes the retry safe)', async () => {
    handler = reply(200, {})
    expect(await send()).toMatchObject({ ok: false, retryable: true })
  })

  test('connection refused is retryable', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const result = await createResendTransport({ apiKey: 're_test_123', apiUrl: `http://127.0.0.1:${port}` }).send(
      testEmail(),
    )
    expect(result).toMatchObject({ ok: false, retryable: true, error: expect.stringContaining('ECONNREFUSED') })
  })

  test('no answer within the timeout is retryable', async () => {
    handler = () => {} // never answers
    const started = Date.now()
    const result = await send(300)
    expect(result).toEqual({ ok: false, retryable: true, error: 'Resend did not answer within 300 ms' })
    expect(Date.now() - started).toBeLessThan(2000)
  })

  test('CR/LF in a header is refused without any request', async () => {
    handler = reply(200, { id: 'should-not-happen' })
    const transport = createResendTransport({ apiKey: 're_test_123', apiUrl })
    expect(await transport.send(testEmail({ subject: 'Hi\r\nBcc: x@example.com' }))).toMatchObject({
      ok: false,
      retryable: false,
    })
    expect(await transport.send(testEmail({ headers: { 'X-A': 'b\nc' } }))).toMatchObject({
      ok: false,
      retryable: false,
    })
    expect(seen).toHaveLength(0)
  })
})

describe("Resend transport against the stand-in's documented limits", () => {
  test("the rate: the window's last request pauses for ratelimit-reset, the next gets a 429 and retry-after", async () => {
    const resend = await startResendStandIn({ apiKey: 're_test_123', ratePerSecond: 2 })
    try {
      const transport = createResendTransport({ apiKey: 're_test_123', apiUrl: resend.url })
      // Three requests inside one window of the stand-in (it counts per clock second).
      while (Date.now() % 1000 > 700) await new Promise((r) => setTimeout(r, 20))
      const [first, second, third] = [
        await transport.send(testEmail()),
        await transport.send({ ...testEmail(), id: 'queue-43' }),
        await transport.send({ ...testEmail(), id: 'queue-44' }),
      ]
      expect(first).toMatchObject({ ok: true })
      expect(first.pause).toBeUndefined()
      expect(second).toMatchObject({ ok: true, pause: { ms: 1000 } })
      expect(third).toMatchObject({ ok: false, retryable: true, retryAfterMs: 1000, pause: { ms: 1000 } })
      expect(resend.requests.map((r) => r.outcome)).toEqual(['sent', 'sent', 'rate-limited'])
    } finally {
      await resend.close()
    }
  })

  test('the daily quota: daily_quota_exceeded pauses every sender until the next UTC midnight', async () => {
    const resend = await startResendStandIn({ apiKey: 're_test_123', dailyQuota: 1 })
    try {
      const transport = createResendTransport({ apiKey: 're_test_123', apiUrl: resend.url })
      expect(await transport.send(testEmail())).toMatchObject({ ok: true })
      const refused = await transport.send({ ...testEmail(), id: 'queue-43' })
      const now = new Date()
      const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
      expect(refused).toMatchObject({ ok: false, retryable: true, pause: { dailyQuota: true } })
      const ms = refused.pause?.ms ?? -1
      expect(ms).toBeGreaterThan(midnight - Date.now() - 5_000)
      expect(ms).toBeLessThanOrEqual(midnight - Date.now() + 5_000)
      expect(refused.ok || refused.error).toBe(
        'Resend 429 daily_quota_exceeded: You have reached your daily email sending quota.',
      )
    } finally {
      await resend.close()
    }
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-06-16T12:00:00Z')
  test.each([
    [null, undefined],
    ['', undefined],
    ['0', 0],
    ['120', 120_000],
    ['Mon, 16 Jun 2025 12:00:05 GMT', 5000],
    ['Mon, 16 Jun 2025 11:59:00 GMT', 0],
    ['soon', undefined],
  ])('%s → %s', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected)
  })
})
