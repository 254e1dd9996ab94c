import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server'
import type { Server } from 'node:http'

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive'])

/**
 * A loopback stand-in for a Supabase project's API gateway: `/functions/v1/*` goes to the edge
 * function (the Deno process), everything else (`/rest/v1/*`) to `rest`, our Node server standing
 * in for PostgREST, the one part of Supabase that does not run here.
 */
export async function startGateway(options: {
  port: number
  functionUrl: string
  rest: (req: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>
}): Promise<{ url: string; close: () => Promise<void> }> {
  const forward = async (req: Request): Promise<Response> => {
    const url = new URL(req.url)
    const headers = new Headers()
    req.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name)) headers.set(name, value)
    })
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer()
    const res = await fetch(`${options.functionUrl}${url.pathname}${url.search}`, { method: req.method, headers, body })
    const out = new Headers(res.headers)
    for (const name of ['content-encoding', 'content-length', 'transfer-encoding', 'connection']) out.delete(name)
    return new Response(res.body, { status: res.status, headers: out })
  }
  const server = await new Promise<Server>((resolve) => {
    const s = serve(
      {
        hostname: '127.0.0.1',
        port: options.port,
        fetch: (req: Request, env: HttpBindings | Http2Bindings) =>
          new URL(req.url).pathname.startsWith('/functions/v1/') ? forward(req) : options.rest(req, env),
      },
      () => resolve(s as Server),
    )
  })
  return {
    url: `http://127.0.0.1:${options.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
