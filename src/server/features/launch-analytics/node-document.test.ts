import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, expect, test } from 'vitest'
import { nodeSessionCookie, SESSION_COOKIE, sessionCookie } from '../owner-auth/cookie.ts'
import type { DocumentRequest } from './document-request.ts'
import { countNodeDocument, documentRequest } from './routes.ts'

// The fast path counts its documents from the raw Node request (no Request or Context: building
// them cost more than the page). Whatever it reads must be what the app's middleware reads from a
// Hono context for the same request: one server of each kind gets the same requests, compared.

const servers: Server[] = []
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))))

type Seen = { url: string; ip: string; ownerToken: string | undefined; headers: (string | undefined)[] }
const READ = ['user-agent', 'accept-language', 'referer', 'sec-gpc', 'x-forwarded-for', 'x-multi']

function seen(req: DocumentRequest): Seen {
  return { url: req.url.href, ip: req.ip, ownerToken: req.ownerToken, headers: READ.map(req.header) }
}

async function listen(handler: (req: IncomingMessage, res: import('node:http').ServerResponse) => void) {
  const server = createServer(handler)
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return (server.address() as AddressInfo).port
}

function get(port: number, headers: Record<string, string | string[]>): Promise<void> {
  return new Promise((resolve, reject) =>
    request({ host: '127.0.0.1', port, path: '/?utm_source=news&ref=x', headers }, (res) => {
      res.resume()
      res.on('end', resolve)
    })
      .on('error', reject)
      .end(),
  )
}

const cases: { trustedHops: number; publicUrl: string; headers: Record<string, string | string[]> }[] = [
  { trustedHops: 0, publicUrl: 'http://localhost', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' } },
  {
    trustedHops: 1,
    publicUrl: 'http://localhost',
    headers: {
      'x-forwarded-for': '198.51.100.7, 203.0.113.9',
      'accept-language': 'de-DE',
      referer: 'https://news.example/post',
      cookie: `other=1; ${SESSION_COOKIE.plain}=plain-token`,
      'x-multi': ['a', 'b'],
    },
  },
  {
    trustedHops: 1,
    publicUrl: 'http://localhost',
    headers: {
      'x-forwarded-for': '[2001:db8::1]:443',
      'x-forwarded-proto': 'https',
      cookie: `${SESSION_COOKIE.secure}=tls-token`,
      'sec-gpc': '1',
    },
  },
  {
    trustedHops: 0,
    publicUrl: 'https://launch.example',
    headers: { cookie: `${SESSION_COOKIE.secure}=public-https; ${SESSION_COOKIE.plain}=plain` },
  },
]

test.each(cases)(
  'the fast path reads a document request as the app does (hops $trustedHops, $publicUrl)',
  async (c) => {
    const config = { TRUST_PROXY: c.trustedHops, PUBLIC_URL: c.publicUrl }
    const fromNode: Seen[] = []
    const fromHono: Seen[] = []
    const counter = (into: Seen[]) => ({ countDocument: (req: DocumentRequest) => void into.push(seen(req)) })

    const nodePort = await listen((req, res) => {
      countNodeDocument(req, {
        counter: counter(fromNode),
        trustedHops: c.trustedHops,
        ownerToken: (r) => nodeSessionCookie(r, config),
      })
      res.end('ok')
    })
    const app = new Hono().get('/', (ctx) => {
      counter(fromHono).countDocument(
        documentRequest(ctx, { trustedHops: c.trustedHops, ownerToken: (x) => sessionCookie(x, config) }),
      )
      return ctx.text('ok')
    })
    const honoPort = await listen(getRequestListener(app.fetch))

    await get(nodePort, c.headers)
    await get(honoPort, c.headers)
    expect(fromNode).toHaveLength(1)
    // The Host header carries each server's own port; everything else must be equal.
    const withoutPort = (s: Seen) => ({ ...s, url: s.url.replace(/:\d+\//, '/') })
    expect(withoutPort(fromNode[0]!)).toEqual(withoutPort(fromHono[0]!))
    expect(fromNode[0]!.ip).not.toBe('')
  },
)
