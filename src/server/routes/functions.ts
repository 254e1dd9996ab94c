import { Hono } from 'hono'
import { ResendEmailRequest } from '../../shared/beta-signup.ts'
import type { Db } from '../db/db.ts'
import { enqueueSignupEmail } from '../db/queries.ts'
import { apiError } from '../errors.ts'
import { emailHash, type Logger } from '../log.ts'
import { readJsonBody } from './json-body.ts'
import { validate } from './validation.ts'

/** The same answer whether or not the address is on the list: the function must not tell who signed up. */
export const RESEND_EMAIL_ANSWER = { queued: true } as const

/** The edge functions the page calls, served in-process. */
export function functionRoutes(deps: {
  db: Db
  logger: Logger
  wakeEmailQueue: () => void
  /** Double opt-in (SIGNUP_CONFIRMATION): the first email asks to confirm instead of welcoming. */
  signupConfirmation?: boolean
}): Hono {
  const app = new Hono()

  app.post('/resend-email', async (c) => {
    const { email } = validate(ResendEmailRequest, await readJsonBody(c))
    const kind = await enqueueSignupEmail(deps.db, email, deps.signupConfirmation ?? false)
    if (kind) {
      deps.logger.info({ event: 'email.queued', kind, to: emailHash(email) }, `${kind} email queued`)
      deps.wakeEmailQueue()
    }
    return c.json(RESEND_EMAIL_ANSWER, 200)
  })
  app.all('/resend-email', (c) => {
    throw apiError(405, 'METHOD_NOT_ALLOWED', `Method ${c.req.method} is not allowed; use POST.`)
  })
  // Supabase's edge runtime answers an unknown function with this body.
  app.all('*', () => {
    throw apiError(404, 'NOT_FOUND', 'Requested function was not found')
  })
  return app
}
