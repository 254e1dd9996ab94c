import { createServer as createNetServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'
import { afterEach, describe, expect, test } from 'vitest'
import { createSmtpTransport, SMTP_SLOW_DOWN_MS } from './smtp.ts'
import { expectTestEmailHeaders, readRawMessage, testEmail } from '../../mail-core/test-email.ts'
import type { Transport } from './transport.ts'

type Received = { from: string; to: string[]; raw: string }

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code })
}

/** A real SMTP server on 127.0.0.1 and a free port, without TLS, recording what it receives. */
async function startServer(options: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = []
  let connections = 0
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      connections++
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
    ...options,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  servers.push(server)
  return { port, received, connections: () => connections }
}

const servers: SMTPServer[] = []
const transports: Transport[] = []
function transportFor(url: string): Transport {
  const transport = createSmtpTransport({ url, timeoutMs: 3000 })
  transports.push(transport)
  return transport
}

afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()))
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))))
})

describe('SMTP transport', () => {
  test('delivers From, To, Subject, both parts, the List-Unsubscribe headers and a Message-ID derived from the id', async () => {
    const server = await startServer({
      authOptional: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret') return callback(null, { user: 'mailer' })
        callback(smtpError(535, 'Authentication failed'))
      },
    })
    const transport = transportFor(`smtp://mailer:s3cret@127.0.0.1:${server.port}`)
    const result = await transport.send(testEmail())
    expect(result).toEqual({ ok: true, id: '<queue-42@launch.example>' })

    expect(server.received).toHaveLength(1)
    const [message] = server.received
    expect(message?.from).toBe('hello@launch.example')
    expect(message?.to).toEqual(['ada@example.com'])
    const { head, body } = readRawMessage(message?.raw ?? '')
    expectTestEmailHeaders(head)
    expect(body).toMatch(/Content-Type: text\/plain[\s\S]*Hello from the text part/)
    expect(body).toMatch(/Content-Type: text\/html[\s\S]*<p>Hello from the HTML part<\/p>/)
  })

  test('a resend of the same email carries the same Message-ID', async () => {
    const server = await startServer()
    const transport = transportFor(`smtp://127.0.0.1:${server.port}`)
    await transport.send(testEmail())
    await transport.send(testEmail())
    const ids = server.received.map((m) => readRawMessage(m.raw).head.match(/^Message-ID: (.*)$/m)?.[1])
    expect(ids).toEqual(['<queue-42@launch.example>', '<queue-42@launch.example>'])
  })

  test.each([
    ['451 at RCPT TO', { onRcptTo: (_a, _s, cb) => cb(smtpError(451, 'Try again later')) }, true, false],
    ['550 at RCPT TO', { onRcptTo: (_a, _s, cb) => cb(smtpError(550, 'No such user')) }, false, true],
    ['551 at RCPT TO', { onRcptTo: (_a, _s, cb) => cb(smtpError(551, 'User not local')) }, false, true],
    ['553 at RCPT TO', { onRcptTo: (_a, _s, cb) => cb(smtpError(553, 'Mailbox name not allowed')) }, false, true],
    ['550 at MAIL FROM', { onMailFrom: (_a, _s, cb) => cb(smtpError(550, 'Sender refused')) }, false, false],
    [
      '451 after DATA',
      {
        onData: (stream, _s, cb) => {
          stream.resume()
          stream.on('end', () => cb(smtpError(451, 'Local error in processing')))
        },
      },
      true,
      false,
    ],
    [
      '554 after DATA',
      {
        onData: (stream, _s, cb) => {
          stream.resume()
          stream.on('end', () => cb(smtpError(554, 'Message rejected as spam')))
        },
      },
      false,
      false,
    ],
  ] satisfies Array<[string, Partial<SMTPServerOptions>, boolean, boolean]>)(
    '%s',
    async (_name, handlers, retryable, bounced) => {
      const server = await startServer(handlers)
      const result = await transportFor(`smtp://127.0.0.1:${server.port}`).send(testEmail())
      expect(result).toMatchObject({ ok: false, retryable })
      // Only a permanent refusal of the mailbox (550, 551, 553 at RCPT TO) marks it bounced.
      expect(!result.ok && result.bounced === true).toBe(bounced)
      expect(result.ok || result.error).toMatch(/^SMTP \d{3}: /)
    },
  )

  test.each([
    ['421 at MAIL FROM', { onMailFrom: (_a, _s, cb) => cb(smtpError(421, 'Too many connections, slow down')) }],
    ['452 at RCPT TO', { onRcptTo: (_a, _s, cb) => cb(smtpError(452, '4.5.3 Too many recipients this hour')) }],
    ['451 4.7.1 at RCPT TO', { onRcptTo: (_a, _s, cb) => cb(smtpError(451, '4.7.1 Rate limit exceeded')) }],
  ] satisfies Array<[string, Partial<SMTPServerOptions>]>)(
    '%s is a "slow down": retryable, and every sender pauses for SMTP_SLOW_DOWN_MS',
    async (_name, handlers) => {
      const server = await startServer(handlers)
      const result = await transportFor(`smtp://127.0.0.1:${server.port}`).send(testEmail())
      expect(result).toMatchObject({ ok: false, retryable: true, pause: { ms: SMTP_SLOW_DOWN_MS } })
    },
  )

  test('451 without a 4.7.x code is a passing fault of this email, not a "slow down"', async () => {
    const server = await startServer({ onRcptTo: (_a, _s, cb) => cb(smtpError(451, '4.3.0 Local error')) })
    const result = await transportFor(`smtp://127.0.0.1:${server.port}`).send(testEmail())
    expect(result).toMatchObject({ ok: false, retryable: true })
    expect(result.ok || result.pause).toBeUndefined()
  })

  test('a wrong password is a settings problem: retryable, so the email goes out once it is fixed', async () => {
    const server = await startServer({
      authOptional: false,
      onAuth: (_auth, _session, callback) => callback(smtpError(535, 'Authentication failed')),
    })
    const result = await transportFor(`smtp://mailer:wrong@127.0.0.1:${server.port}`).send(testEmail())
    expect(result).toMatchObject({ ok: false, retryable: true, error: expect.stringMatching(/535/) })
    expect(server.received).toHaveLength(0)
  })

  test('a closed port is retryable', async () => {
    const probe = createNetServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as AddressInfo).port
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    const result = await transportFor(`smtp://127.0.0.1:${port}`).send(testEmail())
    expect(result).toMatchObject({ ok: false, retryable: true })
  })

  test('CR/LF in a header is refused before any connection is made', async () => {
    const server = await startServer()
    const transport = transportFor(`smtp://127.0.0.1:${server.port}`)
    for (const email of [
      testEmail({ subject: 'Welcome\r\nBcc: everyone@example.com' }),
      testEmail({ from: 'Beta Team <hello@launch.example>\nX-Evil: 1' }),
      testEmail({ headers: { 'List-Unsubscribe': '<https://x.example>\r\n\r\n<p>body</p>' } }),
    ]) {
      expect(await transport.send(email)).toMatchObject({ ok: false, retryable: false })
    }
    expect(server.connections()).toBe(0)
    expect(server.received).toHaveLength(0)
  })

  test('an SMTP_URL that is not smtp:// or smtps:// is rejected at start', () => {
    expect(() => createSmtpTransport({ url: 'http://mail.example.com' })).toThrow(/smtp:\/\//)
    expect(() => createSmtpTransport({ url: 'not a url' })).toThrow(/SMTP_URL/)
  })
})
