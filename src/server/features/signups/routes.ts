import { Hono } from 'hono'
import { unsubscribeSignup } from '../../../mail-core/signup-emails.ts'
import { isTokenShaped } from '../../../mail-core/tokens.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/db.ts'
import { confirmSignup, signupByUnsubscribeToken } from './queries.ts'
import { localeOr } from '../../../shared/locales.ts'
import type { PublicRoutes } from '../../http/public-routes.ts'
import { sendPage } from '../../http/server-page.tsx'
import type { Logger } from '../../log.ts'
import { paths } from '../../../shared/paths.ts'
import { confirmPage, confirmSignupPage, donePage, signupConfirmedPage, unknownTokenPage } from './pages.tsx'

/**
 * The link in every email's footer and List-Unsubscribe header. GET only shows a button (mail
 * scanners fetch links); POST removes the address, which is also RFC 8058's one-click request.
 * The two token pages (this and the confirmation below) share one budget, refused as a page.
 */
export function unsubscribeRoutes(deps: {
  db: Db
  logger: Logger
  config: Pick<Config, 'RATE_LIMIT_UNSUBSCRIBE_PER_MINUTE' | 'RATE_LIMIT_UNSUBSCRIBE_PER_HOUR'>
  wakeEmailQueue?: () => void
}): PublicRoutes {
  const app = new Hono()

  // Each page speaks the sign-up's language (docs/decisions/languages.md); an unknown token, the
  // default: the same page whoever asks, so it reveals nothing.
  app.get(paths.unsubscribe.pattern, async (c) => {
    const token = c.req.query('token') ?? ''
    const signup = isTokenShaped(token) ? await signupByUnsubscribeToken(deps.db, token) : null
    if (!signup) return sendPage(c, unknownTokenPage(), 404)
    return sendPage(c, confirmPage(token, localeOr(signup.locale)), 200)
  })

  app.post(paths.unsubscribe.pattern, async (c) => {
    const token = c.req.query('token') ?? ''
    const removed = isTokenShaped(token) ? await unsubscribeSignup(deps.db, token) : null
    if (!removed) return sendPage(c, unknownTokenPage(), 404)
    deps.logger.info({ event: 'beta.unsubscribed' }, 'an address left the beta')
    return sendPage(c, donePage(localeOr(removed.locale)), 200)
  })

  // Double opt-in (SIGNUP_CONFIRMATION): the same pattern, a page whose button confirms by POST.
  // It answers with the setting off too, for links sent while it was on.
  app.get(paths.confirm.pattern, async (c) => {
    const token = c.req.query('token') ?? ''
    const signup = isTokenShaped(token) ? await signupByUnsubscribeToken(deps.db, token) : null
    if (!signup) return sendPage(c, unknownTokenPage(), 404)
    return sendPage(c, confirmSignupPage(token, localeOr(signup.locale)), 200)
  })

  app.post(paths.confirm.pattern, async (c) => {
    const token = c.req.query('token') ?? ''
    const r = isTokenShaped(token)
      ? await confirmSignup(deps.db, token)
      : { known: false, welcomeQueued: false, locale: null }
    if (r.welcomeQueued) {
      deps.logger.info({ event: 'beta.confirmed' }, 'a sign-up was confirmed')
      deps.wakeEmailQueue?.()
    }
    return sendPage(c, r.known ? signupConfirmedPage(localeOr(r.locale)) : unknownTokenPage(), r.known ? 200 : 404)
  })

  return {
    routes: app,
    limits: [
      {
        group: 'unsubscribe',
        paths: [paths.unsubscribe.pattern, paths.confirm.pattern],
        limits: {
          perMinute: deps.config.RATE_LIMIT_UNSUBSCRIBE_PER_MINUTE,
          perHour: deps.config.RATE_LIMIT_UNSUBSCRIBE_PER_HOUR,
        },
        answer: 'page',
      },
    ],
  }
}
