import { paths } from '../../../shared/paths.ts'
import { defineFeature } from '../../feature.ts'
import { adminAccountRoutes } from './console-routes.ts'
import { nodeSessionCookie, sessionCookie } from './cookie.ts'
import { firstSignInLink } from './first-link.ts'
import { sameOrigin } from './origin.ts'
import { syncOwnerEmails } from './owners.ts'
import { adminAuthRoutes } from './routes.ts'
import { sessionCheck } from './session-check.ts'
import { looksLikeSessionToken, readSession } from './sessions.ts'

/**
 * The owner's sign-in (emailed links, passkeys, the first link in the log), sessions and their
 * cookie, the console's Origin and session checks, and the account view's API.
 */
export const ownerAuthFeature = defineFeature({
  name: 'owner-auth',
  // OWNER_EMAILS into the database at each start: sign-in and the owner emails read it there.
  afterMigrate: (db, config) => syncOwnerEmails(db, config.OWNER_EMAILS, config.OWNER_NOTIFY_MAX_PER_HOUR),
  // Until an owner has signed in, each start prints a one-time sign-in link to the log (issue 53).
  services: ({ db, config, logger }) => firstSignInLink({ db, config, logger }),
  // Tables with an address that are not about a person of the beta list (data-access's guard test).
  notAboutAPerson: {
    'app_private.owner_emails': "the owners' own addresses (OWNER_EMAILS)",
    'app_private.owner_sessions': "the owners' console sessions",
    'app_private.owner_passkeys': "the owners' passkeys",
    'app_private.owner_challenges': "the owners' passkey ceremonies",
  },
  provides: ({ db, config }) => ({
    ownerSession: {
      looksLike: looksLikeSessionToken,
      isLive: async (token) => (await readSession(db, token, config.OWNER_EMAILS, config)) !== null,
      cookie: (c) => sessionCookie(c, config),
      nodeCookie: (req) => nodeSessionCookie(req, config),
    },
  }),
  parts: ({ config, owner }) => {
    // The console's routes that work without a session, and its API before the session lookup:
    // a 429 here costs no database work.
    const signIn = { perMinute: config.RATE_LIMIT_SIGN_IN_PER_MINUTE, perHour: config.RATE_LIMIT_SIGN_IN_PER_HOUR }
    return {
      public: {
        limits: [
          { group: 'admin-sign-in', method: 'POST', paths: [paths.console.authPattern], limits: signIn },
          { group: 'admin-sign-in', method: 'GET', paths: [paths.ownerSignIn.pattern], limits: signIn },
          {
            group: 'admin-api',
            paths: [paths.console.apiPattern],
            limits: { perMinute: config.RATE_LIMIT_CONSOLE_PER_MINUTE, perHour: config.RATE_LIMIT_CONSOLE_PER_HOUR },
          },
        ],
      },
      consoleGate: {
        originCheck: sameOrigin(config.PUBLIC_URL, config.TRUST_PROXY),
        sessionCheck: sessionCheck(owner),
        auth: adminAuthRoutes(owner),
      },
      console: [adminAccountRoutes(owner)],
    }
  },
})
