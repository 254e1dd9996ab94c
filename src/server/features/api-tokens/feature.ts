import { Hono } from 'hono'
import { signupEmailStep } from '../../../mail-core/resend-email-handler.ts'
import { paths } from '../../../shared/paths.ts'
import { clientIp, rateLimitKey } from '../../http/client-ip.ts'
import { storeRow } from '../../http/postgrest/routes.ts'
import { defineFeature } from '../../feature.ts'
import { apiRoutes } from './api-routes.ts'
import { apiTokenConsoleRoutes } from './console-routes.ts'

/**
 * The owner's API for their own tools: a token stands in for the proof of work, so its sign-ups
 * queue their email as a proven call does, and its own per-token budget replaces the page's
 * per-address one. Everything else is the page's: the insert's rule, the sign-up's source unless
 * the caller names one, suppression, double opt-in.
 */
export const apiTokensFeature = defineFeature({
  name: 'api-tokens',
  parts: ({ db, logger, config, wakeEmailQueue, ports }) => {
    const apiEmail = signupEmailStep({
      db,
      logger,
      signupConfirmation: config.SIGNUP_CONFIRMATION,
      sendQueued: async () => wakeEmailQueue(),
    })
    const api = apiRoutes({
      db,
      perMinute: config.RATE_LIMIT_API_TOKEN_PER_MINUTE,
      failedAuth: {
        perMinute: config.RATE_LIMIT_BAD_TOKEN_PER_MINUTE,
        perHour: config.RATE_LIMIT_BAD_TOKEN_PER_HOUR,
      },
      addressOf: (c) => rateLimitKey(clientIp(c, config.TRUST_PROXY)),
      funnel: ports.funnel,
      play: ports.playProgress,
      // The table's rule without the request's source: the caller names one, or it is `api`.
      addSignup: (c, row) => storeRow(c, db, { table: ports.signupTable.table }, row),
      emailStep: (email) => apiEmail(email, null),
    })
    return {
      public: { routes: new Hono().route(paths.ownerApi.prefix, api) },
      console: [apiTokenConsoleRoutes({ db })],
    }
  },
})
