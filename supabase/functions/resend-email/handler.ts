import { ResendEmailRequest } from '../../../src/shared/beta-signup.ts'
import { ApiError, apiError } from '../../../src/mail/errors.ts'
import type { MailDb as Db } from '../../../src/mail/db.ts'
import { enqueueWelcomeEmail, unsubscribe } from '../../../src/mail/signup-emails.ts'
import type { EmailQueue } from '../../../src/mail/queue.ts'
import { emailHash } from '../../../src/server/log-redact.ts'
import { readJsonRequest } from '../../../src/mail/json-body.ts'
import { validate } from '../../../src/mail/validation.ts'
import type { FunctionLogger } from './logger.ts'

/** The same answer whether or not the address is on the list, as the Node server's (routes/functions.ts). */
const ANSWER = { queued: true }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Unknown and already used tokens get this one answer: it tells nobody whether an address was on the list. */
const UNKNOWN_TOKEN_HINT = 'The address may have left the beta already; nothing else is needed.'

/** What Supabase's gateway and the Node server (app.ts) allow cross-origin; the function answers CORS itself. */
export const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
  'Access-Control-Allow-Headers':
    'authorization,x-client-info,apikey,content-type,prefer,x-supabase-api-version,accept-profile,content-profile,x-region',
  'Access-Control-Max-Age': '86400',
} as const

export type HandlerDeps = {
  db: Db
  queue: Pick<EmailQueue, 'runOnce'>
  logger: FunctionLogger
  /**
   * Supabase's EdgeRuntime.waitUntil: the email is sent after the answer, as the Node server's
   * worker does. Without it (deno run) the send finishes before the answer.
   */
  waitUntil?: (work: Promise<unknown>) => void
}

/**
 * The resend-email function: `POST /resend-email` queues and sends the welcome email of a listed
 * address; `POST /resend-email/retry` sends the emails whose retry is due (pg_cron calls it every
 * minute); `POST /resend-email/unsubscribe?token=…` takes an address off the list for good
 * (app_private.unsubscribe: the sign-up, its queued email, and a suppression of its mailbox).
 * Paths may carry Supabase's `/functions/v1` prefix (local runs behind a proxy).
 */
export function createHandler(deps: HandlerDeps): (req: Request) => Promise<Response> {
  const { db, queue, logger } = deps
  const background = (work: () => Promise<unknown>): Promise<void> => {
    const run = work().then(
      () => {},
      (err) => logger.error({ err }, 'email queue pass failed'),
    )
    if (deps.waitUntil) {
      deps.waitUntil(run)
      return Promise.resolve()
    }
    return run
  }

  async function route(req: Request): Promise<Response> {
    const path = new URL(req.url).pathname.replace(/^\/functions\/v1(?=\/)/, '').replace(/\/+$/, '')
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS })
    if (path === '/resend-email') {
      if (req.method !== 'POST')
        throw apiError(405, 'METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed; use POST.`)
      const { email } = validate(ResendEmailRequest, await readJsonRequest(req))
      // The Node server's call of the one SQL rule (migration 20261122300000).
      if (await enqueueWelcomeEmail(db, email)) {
        logger.info({ event: 'email.queued', kind: 'welcome', to: emailHash(email) }, 'welcome email queued')
        await background(() => queue.runOnce())
      }
      return json(ANSWER, 200)
    }
    if (path === '/resend-email/retry') {
      if (req.method !== 'POST')
        throw apiError(405, 'METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed; use POST.`)
      // Safe for anyone to call: it only sends emails already queued and due, under the queue's
      // own backoff and leases, so calling it more often sends nothing more and nothing sooner.
      await background(() => queue.runOnce())
      return new Response(null, { status: 202, headers: CORS })
    }
    if (path === '/resend-email/unsubscribe') {
      // A GET never removes anyone: mail scanners fetch links. The page's button and RFC 8058's
      // one-click request (List-Unsubscribe-Post) both POST.
      if (req.method !== 'POST')
        throw apiError(405, 'METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed; use POST.`)
      const token = new URL(req.url).searchParams.get('token') ?? ''
      const removed = UUID.test(token) && (await unsubscribe(db, token))
      if (!removed) throw apiError(404, 'UNKNOWN_TOKEN', 'This link is not valid (any more).', null, UNKNOWN_TOKEN_HINT)
      logger.info({ event: 'beta.unsubscribed' }, 'an address left the beta')
      return json({ unsubscribed: true }, 200)
    }
    // Supabase's edge runtime answers an unknown function with this body.
    throw apiError(404, 'NOT_FOUND', 'Requested function was not found')
  }

  return async (req) => {
    try {
      return await route(req)
    } catch (err) {
      if (err instanceof ApiError) return json(err.body, err.status)
      logger.error({ err, method: req.method }, 'request failed')
      return json({ code: 'XX000', message: 'Internal error', details: null, hint: null }, 500)
    }
  }
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS, 'Content-Type': 'application/json' },
  })
}
