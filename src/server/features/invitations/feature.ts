import { paths } from '../../../shared/paths.ts'
import { defineFeature } from '../../feature.ts'
import { adminInvitationRoutes } from './console-routes.ts'
import { betaLinkNotValidPage } from './pages.tsx'
import { betaRoutes } from './routes.ts'
import { createTestflightWatch } from './testflight-watch.ts'

/**
 * Invitations: the phone choice and the store links under /beta, the console's batches and
 * previews, and the TestFlight watch (iPhone invitations wait while the beta is full or closed).
 */
export const invitationsFeature = defineFeature({
  name: 'invitations',
  provides: () => ({ notValidPage: betaLinkNotValidPage }),
  services: ({ rawDb, logger, config, wakeEmailQueue }) => {
    const testflight = createTestflightWatch({ db: rawDb, logger, config, wakeEmailQueue })
    return { made: { testflight }, start: () => testflight.start(), stop: () => testflight.stop() }
  },
  parts: ({ db, logger, config, wakeEmailQueue, ports, owner, made }) => {
    const beta = betaRoutes({ db, logger, config, wakeEmailQueue, android: ports.androidTesting })
    return {
      public: {
        routes: beta.routes,
        limits: [
          ...(beta.limits ?? []),
          // Every /beta page (invitations, play testing, feedback) shares one budget besides,
          // after each page's own (features.ts lists this feature after those).
          {
            group: 'beta',
            paths: [paths.beta.pattern],
            limits: { perMinute: config.RATE_LIMIT_BETA_PER_MINUTE, perHour: config.RATE_LIMIT_BETA_PER_HOUR },
          },
        ],
      },
      console: [adminInvitationRoutes({ ...owner, ...(made.testflight ? { testflight: made.testflight } : {}) })],
    }
  },
})
