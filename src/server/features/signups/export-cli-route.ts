import type { IncomingMessage } from 'node:http'
import { Hono } from 'hono'
import type { OwnerDeps } from '../../owner/deps.ts'
import { verifyCliToken } from '../../owner/cli-token.ts'
import { exportLines } from './export-lines.ts'

/**
 * `POST /admin/cli/export?format=csv|json`, for `npm run owner -- export` while this server holds
 * the PGlite folder: the lines stream back as the answer, and the CLI writes them. Not a console
 * route (no session, no cookie): the CLI's signed token for `export` is the credential, as for
 * backups and imports.
 */
export function exportCliRoutes(deps: Pick<OwnerDeps, 'db' | 'secret'>): Hono {
  const app = new Hono()
  app.post('/admin/cli/export', async (c) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
    if (!verifyCliToken(await deps.secret(), token, 'export')) return c.json({ message: 'not allowed' }, 403)
    // A long list takes longer than the idle timeout of public connections: this one waits.
    ;(c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.setTimeout(0)
    const lines = exportLines(deps.db, c.req.query('format') === 'json' ? 'json' : 'csv')
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await lines.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(`${next.value}\n`))
      },
      async cancel() {
        await lines.return(undefined)
      },
    })
    return new Response(body, {
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    })
  })
  return app
}
