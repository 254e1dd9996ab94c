import { Hono } from 'hono'
import { paths } from '../../../shared/paths.ts'
import { defineFeature } from '../../feature.ts'
import { adminDataRoutes } from './console-routes.ts'
import { createSignupDigest } from './digest.ts'
import { exportCliRoutes } from './export-cli-route.ts'
import { unsubscribeRoutes } from './routes.ts'
import { BETA_SIGNUPS } from './table.ts'
import { SIGNUP_PERSON_DATA } from './person-data.ts'

/**
 * Joining the beta: the insert at /rest/v1/beta_signups (its rule and the source launch analytics
 * reads from the request), confirmation, unsubscribe, the daily digest, and the console's
 * sign-ups list, stats, export (also the owner CLI's, through this server) and suppression list.
 */
export const signupsFeature = defineFeature({
  name: 'signups',
  personData: SIGNUP_PERSON_DATA,
  provides: (_base, ports) => ({
    signupTable: { table: BETA_SIGNUPS, enrich: (c, sent) => ports.signupSource(c, sent) },
  }),
  services: ({ rawDb, logger, config, wakeEmailQueue }) => {
    const digest = createSignupDigest({ db: rawDb, logger, config, wakeEmailQueue })
    return { start: () => digest.start(), stop: () => digest.stop() }
  },
  parts: ({ db, logger, config, wakeEmailQueue, ports, owner }) => {
    const unsubscribe = unsubscribeRoutes({ db, logger, config, wakeEmailQueue })
    // `npm run owner -- export` while this server holds the database: its signed token, no session.
    const routes = new Hono().route('/', unsubscribe.routes!).route('/', exportCliRoutes(owner))
    return {
      tables: [ports.signupTable],
      public: {
        routes,
        limits: [
          {
            group: 'beta_signups',
            paths: [paths.rest.table(BETA_SIGNUPS.name)],
            limits: { perMinute: config.RATE_LIMIT_SIGNUP_PER_MINUTE, perHour: config.RATE_LIMIT_SIGNUP_PER_HOUR },
          },
          ...(unsubscribe.limits ?? []),
        ],
      },
      console: [adminDataRoutes(owner)],
    }
  },
})
