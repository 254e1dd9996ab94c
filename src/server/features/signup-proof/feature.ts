import { Hono } from 'hono'
import { functionPath, resendEmailRoutes, signupEmailStep } from '../../../mail-core/resend-email-handler.ts'
import { paths } from '../../../shared/paths.ts'
import { defineFeature } from '../../feature.ts'
import { signupChallengeSettings, signupProofRoutes } from './routes.ts'

/**
 * The sign-up's proof of work and the welcome-email budget (docs/decisions/launch-day-bots.md):
 * the edge function's routes at /functions/v1 (the mail core's handler, as Supabase serves it),
 * their budgets, the email step the forms share, and Resend's webhook.
 */
export const signupProofFeature = defineFeature({
  name: 'signup-proof',
  // One step for the function and the forms: one over-budget log, one rule.
  provides: ({ db, logger, config, wakeEmailQueue }) => ({
    signupEmailStep: signupEmailStep({
      db,
      logger,
      signupConfirmation: config.SIGNUP_CONFIRMATION,
      sendQueued: async () => wakeEmailQueue(),
      challenge: signupChallengeSettings(db, config),
    }),
  }),
  parts: ({ db, logger, config, wakeEmailQueue, ports }) => {
    const resendEmail = resendEmailRoutes({
      db,
      logger,
      signupConfirmation: config.SIGNUP_CONFIRMATION,
      sendQueued: async () => wakeEmailQueue(),
      challenge: signupChallengeSettings(db, config),
      emailStep: ports.signupEmailStep,
    })
    const webhook = signupProofRoutes({ db, logger, config })
    // The edge function's own routes, on Hono's raw request: its errors reach onError.
    const routes = new Hono().route('/', webhook.routes ?? new Hono())
    routes.all(paths.functions.pattern, (c) => resendEmail(c.req.raw))
    // By the handler's own reading of the path (functionPath), so every spelling that reaches it
    // (a trailing slash too) is limited. The challenge has a budget of its own.
    const fn = (name: string) => (c: { req: { url: string } }) => functionPath(new URL(c.req.url)) === name
    return {
      public: {
        routes,
        limits: [
          {
            group: 'resend-email',
            paths: [paths.functions.pattern],
            when: fn('/resend-email'),
            limits: { perMinute: config.RATE_LIMIT_EMAIL_PER_MINUTE, perHour: config.RATE_LIMIT_EMAIL_PER_HOUR },
          },
          {
            group: 'resend-email-challenge',
            paths: [paths.functions.pattern],
            when: fn('/resend-email/challenge'),
            limits: {
              perMinute: config.RATE_LIMIT_CHALLENGE_PER_MINUTE,
              perHour: config.RATE_LIMIT_CHALLENGE_PER_HOUR,
            },
          },
        ],
      },
    }
  },
})
