import { expect, test } from 'vitest'
import type { MailDb } from './db.ts'
import { CORS_HEADERS } from '../shared/http/cors.ts'
import { createResendEmailHandler } from './resend-email-handler.ts'

// The edge function's whole answer when its database cannot be reached: the same 503 the Node
// server gives (PGRST000, Retry-After), not a 500, and one warning line without a stack.
test('a database outage answers 503 PGRST000 with Retry-After and CORS, and logs a warning', async () => {
  // What node-postgres and the Deno driver throw when the server is gone.
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
  const db: MailDb = { query: () => Promise.reject(refused), transaction: () => Promise.reject(refused) }
  const lines: { level: string; fields: Record<string, unknown> }[] = []
  const log = (level: string) => (fields: Record<string, unknown>) => void lines.push({ level, fields })
  const logger = { info: log('info'), warn: log('warn'), error: log('error') }
  const handler = createResendEmailHandler({ db, logger, sendQueued: async () => {} })

  const res = await handler(
    new Request('http://function.local/resend-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com' }),
    }),
  )
  expect(res.status).toBe(503)
  expect(res.headers.get('retry-after')).toBe('5')
  expect(res.headers.get('access-control-allow-origin')).toBe(CORS_HEADERS['Access-Control-Allow-Origin'])
  expect(await res.json()).toMatchObject({
    code: 'PGRST000',
    message: 'Database connection error. Retrying the connection.',
  })
  expect(lines.map((l) => l.level)).toEqual(['warn'])
  expect(lines[0]!.fields).not.toHaveProperty('err')
})
