import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

/** One request the receiver took, and what the `standardwebhooks` library said of it. */
export type ReceivedWebhook = {
  id: string
  timestamp: string
  signature: string
  body: string
  headers: IncomingHttpHeaders
  /** The secrets (of those the receiver was given) whose signature the library accepted. */
  verifiedWith: string[]
  /** The parsed body when at least one secret verified it. */
  payload: { type: string; timestamp: string; data: Record<string, unknown> } | null
}

/** The answer: a body as text (UTF-8), or as bytes (a gzip stream, UTF-16, an image). */
type Answer = { status: number; headers?: Record<string, string>; body?: string | Uint8Array }

/**
 * A Standard Webhooks receiver on loopback, as a receiver in the wild would be written: it
 * verifies each request with the `standardwebhooks` library (signature and the five-minute
 * timestamp window) under the secrets it knows, and answers what the test says (200 by default).
 * It can go down and come back on the same port.
 */
export async function startWebhookReceiver(options: { port?: number } = {}) {
  const received: ReceivedWebhook[] = []
  let secrets: string[] = []
  let answer: (r: ReceivedWebhook) => Answer | Promise<Answer> = () => ({ status: 200, body: 'ok' })
  let server: Server | undefined
  let port = options.port ?? 0

  async function listen() {
    server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        const headers = {
          'webhook-id': String(req.headers['webhook-id'] ?? ''),
          'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
          'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
        }
        const verifiedWith: string[] = []
        let payload: ReceivedWebhook['payload'] = null
        for (const secret of secrets) {
          try {
            payload = new Webhook(secret).verify(body, headers) as ReceivedWebhook['payload']
            verifiedWith.push(secret)
          } catch {
            // not this secret
          }
        }
        const r: ReceivedWebhook = {
          id: headers['webhook-id'],
          timestamp: headers['webhook-timestamp'],
          signature: headers['webhook-signature'],
          body,
          headers: req.headers,
          verifiedWith,
          payload,
        }
        received.push(r)
        void Promise.resolve(answer(r)).then((a) => {
          if (res.destroyed) return
          res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers })
          res.end(a.body ?? '')
        })
      })
    })
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve))
    port = (server!.address() as AddressInfo).port
  }
  await listen()

  return {
    received,
    get url() {
      return `http://127.0.0.1:${port}/hooks`
    },
    /** The secrets the receiver verifies with (the one shown when the endpoint was created, and after a rotation). */
    trust(...list: string[]) {
      secrets = list
    },
    /** What to answer; a promise holds the answer (the sender waits, or dies waiting). */
    answerWith(fn: (r: ReceivedWebhook) => Answer | Promise<Answer>) {
      answer = fn
    },
    async down() {
      const s = server
      server = undefined
      if (s) await new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))
    },
    up: listen,
    close: async function () {
      await this.down()
    },
  }
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>
