import { Hono } from 'hono'
import { z } from 'zod'
import { emailAddress } from '../../shared/email-address.ts'
import { apiError } from '../errors.ts'
import { audit } from '../owner/audit.ts'
import { csvRecord } from '../owner/csv.ts'
import type { OwnerDeps } from '../owner/deps.ts'
import { erasePerson } from '../owner/erase.ts'
import { startExport } from '../owner/exports.ts'
import { listMessages, markHandled, reopen } from '../owner/inbox.ts'
import { allSignups, listSignups, signupStats } from '../owner/signups.ts'
import { addressHash } from '../owner/audit.ts'
import { countSuppressions, liftSuppression } from '../db/suppressions.ts'
import type { OwnerEnv } from './admin-api.ts'
import { readJsonBody } from './json-body.ts'

const Page = z.object({
  q: z.string().trim().max(254).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
})
// Issue 11: the table's filters by invitation status and platform.
const SignupPage = Page.extend({
  status: z.enum(['all', 'waiting', 'invited', 'opened']).default('all'),
  platform: z.enum(['all', 'unknown', 'ios', 'android']).default('all'),
})
const Inbox = Page.extend({ filter: z.enum(['new', 'handled', 'all']).default('all') })
const Stats = z.object({
  days: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(30), z.literal(90)]))
    .default(30),
})
const Erase = z.strictObject({ email: emailAddress })
const MessageId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value)
  if (!r.success) throw apiError(400, '22023', r.error.issues[0]?.message ?? 'Bad request')
  return r.data
}

/** Sign-ups, their export, the contact inbox and erasure; admin.ts puts the session check in front. */
export function adminDataRoutes(deps: OwnerDeps): Hono<OwnerEnv> {
  const { db } = deps
  const app = new Hono<OwnerEnv>()

  app.get('/signups', async (c) => c.json(await listSignups(db, parse(SignupPage, c.req.query()))))
  app.get('/signups/stats', async (c) => c.json(await signupStats(db, parse(Stats, c.req.query()).days)))

  app.get('/signups/export', async (c) => {
    const { q } = parse(Page, c.req.query())
    await audit(db, c.get('session').email, 'signups.export', q ? { search: 'yes' } : {})
    const batches = await startExport(deps.exportSlots, c.get('session').email, () => allSignups(db, q))
    const encoder = new TextEncoder()
    let header = true
    const body = new ReadableStream<Uint8Array>({
      // Pulled as the client reads: one batch in memory at a time, whatever the list's size.
      async pull(controller) {
        let text = header ? csvRecord(['email', 'signed_up_at', 'welcome_email']) : ''
        header = false
        const next = await batches.next()
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text))
          controller.close()
          return
        }
        for (const r of next.value) text += csvRecord([r.email, r.createdAt, r.welcome])
        controller.enqueue(encoder.encode(text))
      },
      async cancel() {
        await batches.return(undefined)
      },
    })
    const day = new Date().toISOString().slice(0, 10)
    return new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8; header=present',
        'Content-Disposition': `attachment; filename="signups-${day}.csv"`,
        'Cache-Control': 'no-store',
      },
    })
  })

  app.get('/messages', async (c) => c.json(await listMessages(db, parse(Inbox, c.req.query()))))
  app.post('/messages/:id/handled', async (c) => {
    const id = parse(MessageId, c.req.param('id'))
    if (!(await markHandled(db, id, c.get('session').email))) throw apiError(404, 'PGRST116', 'No such message')
    await audit(db, c.get('session').email, 'message.handled', { message: id })
    return c.body(null, 204)
  })
  app.post('/messages/:id/reopen', async (c) => {
    const id = parse(MessageId, c.req.param('id'))
    if (!(await reopen(db, id))) throw apiError(404, 'PGRST116', 'No such message')
    await audit(db, c.get('session').email, 'message.reopened', { message: id })
    return c.body(null, 204)
  })

  app.post('/people/erase', async (c) => {
    const { email } = parse(Erase, await readJsonBody(c))
    return c.json(await erasePerson(db, await deps.secret(), c.get('session').email, email))
  })

  // The suppression list (unsubscribed mailboxes, kept as keyed hashes): its size, and lifting one
  // when the person asks to come back (docs/decisions/suppression-and-canonical-mailbox.md).
  app.get('/suppressions', async (c) => c.json({ count: await countSuppressions(db) }))
  app.post('/suppressions/lift', async (c) => {
    const { email } = parse(Erase, await readJsonBody(c))
    const lifted = await liftSuppression(db, email)
    await audit(db, c.get('session').email, 'suppression.lift', {
      person: addressHash(await deps.secret(), email),
      lifted,
    })
    return c.json({ lifted })
  })

  return app
}
