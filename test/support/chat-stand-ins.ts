import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// Loopback stand-ins for Slack's and Discord's incoming webhooks. Each checks the exact request
// (method, path, content type, the body's shape and the services' documented limits) and answers
// as the service documents: Slack 200 "ok", 400 invalid_payload, 404 no_service, 429 with
// Retry-After past one message a second; Discord 200 with X-RateLimit-* headers (5 per 2 s),
// 400 50035, 404 10015 "Unknown Webhook", 429 with retry_after. A request that breaks a rule is
// kept in `problems`, which tests expect to stay empty.

type Handler = (
  req: IncomingMessage,
  body: string,
  url: URL,
) => { status: number; headers?: Record<string, string>; body: string }

async function serve(handler: Handler) {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const a = handler(req, Buffer.concat(chunks).toString('utf8'), new URL(req.url ?? '/', 'http://stand-in'))
      res.writeHead(a.status, a.headers ?? {})
      res.end(a.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

function commonProblems(req: IncomingMessage): string[] {
  const problems: string[] = []
  if (req.method !== 'POST') problems.push(`method ${req.method}`)
  if (!String(req.headers['content-type']).startsWith('application/json')) problems.push('not application/json')
  return problems
}

/** Texts that a chat would turn into a mention: Slack's <!everyone>, <@U…>, <!channel>. */
const SLACK_MENTION = /<[!@#]/

type SlackMessage = { text: string; blocks: { type: string; text?: { type: string; text: string } }[] }

export async function startSlackStandIn() {
  const path = '/services/T0001/B0002/abcdefghijklmnopqrstuvwx'
  const messages: SlackMessage[] = []
  const problems: string[] = []
  let lastAt = -Infinity
  let answerNext: { status: number; headers?: Record<string, string>; body: string }[] = []
  const server = await serve((req, raw, url) => {
    if (url.pathname !== path) return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'no_service' }
    const queued = answerNext.shift()
    if (queued) return queued
    const found = commonProblems(req)
    let body: SlackMessage | null = null
    try {
      body = JSON.parse(raw) as SlackMessage
    } catch {
      found.push('body is not JSON')
    }
    if (body) {
      if (typeof body.text !== 'string' || !body.text) found.push('no text fallback')
      if (!Array.isArray(body.blocks) || body.blocks.length === 0 || body.blocks.length > 50) found.push('blocks')
      for (const b of body.blocks ?? []) {
        if (b.type !== 'section' || b.text?.type !== 'mrkdwn') found.push(`block ${JSON.stringify(b).slice(0, 80)}`)
        // "A section's text … maximum 3000 characters"; Slack answers 400 past it.
        else if ([...b.text.text].length > 3000) found.push('section text over 3000 characters')
      }
      for (const t of [body.text, ...(body.blocks ?? []).map((b) => b.text?.text ?? '')])
        if (SLACK_MENTION.test(t)) found.push(`a mention would be parsed: ${t.slice(0, 80)}`)
    }
    if (found.length) {
      problems.push(...found)
      return { status: 400, headers: { 'content-type': 'text/plain' }, body: 'invalid_payload' }
    }
    // About one message a second; more is answered 429 with Retry-After in seconds.
    const now = Date.now()
    if (now - lastAt < 1000) {
      problems.push('more than one message a second')
      return { status: 429, headers: { 'retry-after': '1', 'content-type': 'text/plain' }, body: 'rate_limited' }
    }
    lastAt = now
    messages.push(body!)
    return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'ok' }
  })
  return {
    url: `${server.origin}${path}`,
    wrongUrl: `${server.origin}/services/T0001/B0002/revoked`,
    messages,
    problems,
    /** The next answers, whatever comes (e.g. a 429 with Retry-After). */
    answer(...list: { status: number; headers?: Record<string, string>; body: string }[]) {
      answerNext = list
    },
    close: server.close,
  }
}

type DiscordMessage = {
  content?: string
  embeds: { title?: string; description?: string; timestamp?: string; fields?: { name: string; value: string }[] }[]
  allowed_mentions?: { parse?: string[] }
}

export async function startDiscordStandIn() {
  const path = '/api/webhooks/123456789012345678/token-abc_DEF'
  const messages: DiscordMessage[] = []
  const problems: string[] = []
  const BUCKET = 5
  const RESET_MS = 2000
  let windowStart = 0
  let used = 0
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  const server = await serve((req, raw, url) => {
    if (url.pathname !== path) return json(404, { message: 'Unknown Webhook', code: 10015 })
    const found = commonProblems(req)
    if (url.searchParams.get('wait') !== 'true') found.push('without ?wait=true an error is not reported')
    let body: DiscordMessage | null = null
    try {
      body = JSON.parse(raw) as DiscordMessage
    } catch {
      found.push('body is not JSON')
    }
    if (body) {
      if (JSON.stringify(body.allowed_mentions) !== JSON.stringify({ parse: [] }))
        found.push(`allowed_mentions is ${JSON.stringify(body.allowed_mentions)}`)
      if (body.content !== undefined && [...body.content].length > 2000) found.push('content over 2000')
      if (!Array.isArray(body.embeds) || body.embeds.length < 1 || body.embeds.length > 10) found.push('embeds')
      let total = 0
      for (const e of body.embeds ?? []) {
        const title = [...(e.title ?? '')].length
        const description = [...(e.description ?? '')].length
        if (title > 256) found.push('title over 256')
        if (description > 4096) found.push('description over 4096')
        total += title + description
      }
      if (total > 6000) found.push('embeds over 6000 characters in all')
    }
    if (found.length) {
      problems.push(...found)
      return json(400, { code: 50035, message: 'Invalid Form Body' })
    }
    const now = Date.now()
    if (now - windowStart >= RESET_MS) {
      windowStart = now
      used = 0
    }
    const resetAfter = ((windowStart + RESET_MS - now) / 1000).toFixed(3)
    const limits = (remaining: number) => ({
      'x-ratelimit-limit': String(BUCKET),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': ((windowStart + RESET_MS) / 1000).toFixed(3),
      'x-ratelimit-reset-after': resetAfter,
      'x-ratelimit-bucket': 'stand-in-bucket',
    })
    if (used >= BUCKET) {
      problems.push('sent past an empty rate-limit bucket')
      return json(
        429,
        { message: 'You are being rate limited.', retry_after: Number(resetAfter), global: false },
        { ...limits(0), 'retry-after': String(Math.ceil(Number(resetAfter))), 'x-ratelimit-scope': 'user' },
      )
    }
    used += 1
    messages.push(body!)
    return json(200, { id: String(messages.length), type: 0, channel_id: '1' }, limits(BUCKET - used))
  })
  return {
    url: `${server.origin}${path}`,
    wrongUrl: `${server.origin}/api/webhooks/1/deleted`,
    messages,
    problems,
    close: server.close,
  }
}
