import { Hono } from 'hono'
import { handleResendWebhook } from '../../../mail-core/resend-webhook.ts'
import { signupChallengeKeyFrom, type SignupChallengeSettings } from '../../../mail-core/signup-proof.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/db.ts'
import type { PublicRoutes } from '../../http/public-routes.ts'
import type { Logger } from '../../log.ts'

/**
 * The sign-up's proof of work on the Node server: the proof-of-work settings of the resend-email routes (the mail
 * core serves the challenge and checks the proof, as the edge function does), and Resend's webhook
 * at POST /webhooks/resend (the edge function serves it at /resend-email/webhook).
 */

type SignupProofConfig = Pick<
  Config,
  'SIGNUP_CHALLENGE' | 'SIGNUP_CHALLENGE_SECRET' | 'UNVERIFIED_EMAILS_PER_HOUR' | 'RESEND_WEBHOOK_SECRET'
>

export function signupChallengeSettings(db: Db, config: SignupProofConfig): SignupChallengeSettings {
  return {
    mode: config.SIGNUP_CHALLENGE,
    secret: signupChallengeKeyFrom(db, config.SIGNUP_CHALLENGE_SECRET),
    unverifiedEmailsPerHour: config.UNVERIFIED_EMAILS_PER_HOUR,
  }
}

export function signupProofRoutes(deps: { db: Db; logger: Logger; config: SignupProofConfig }): PublicRoutes {
  const app = new Hono()
  const settings = { secret: deps.config.RESEND_WEBHOOK_SECRET }
  app.post('/webhooks/resend', (c) => handleResendWebhook(c.req.raw, { db: deps.db, logger: deps.logger, settings }))
  return { routes: app }
}
