import { Hono, type Context } from 'hono'
import type { Config } from '../../config.ts'
import type { Db, Tx } from '../../db/db.ts'
import type { Platform } from '../../../shared/beta-testers.ts'
import { choosePlatform, openPlatformSignup, recordInvitationOpened } from './queries.ts'
import { localeOr } from '../../../shared/locales.ts'
import type { Logger } from '../../log.ts'
import { betaLinkNotValidPage, phoneConfirmPage, phoneThanksPage } from './pages.tsx'
import type { PublicRoutes } from '../../http/public-routes.ts'
import { sendPage } from '../../http/server-page.tsx'
import { isTokenShaped } from '../../../mail-core/tokens.ts'
import { paths } from '../../../shared/paths.ts'
const isPlatform = (p: string | undefined): p is Platform => p === 'ios' || p === 'android'

type BetaRoutesConfig = Partial<Pick<Config, 'BETA_IOS_URL' | 'BETA_ANDROID_URL'>>

/**
 * What Google Play's closed test adds to the Android choice and opening (features/play-testing,
 * passed in by app.ts): the Google account read with the choice, and "Did you join the test?".
 */
export type AndroidTesting = {
  /** The phone-choice form's Google account: a null value when none was given. */
  readAccount: (c: Context) => Promise<{ ok: true; value: string | null } | { ok: false; value: string; error: string }>
  saveAccount: (tx: Tx, token: string, account: string) => Promise<void>
  /** After an Android invitation's first opening; true when it queued an email. */
  afterOpened: (token: string) => Promise<boolean>
}

/**
 * /beta/phone: the welcome email's "iPhone" and "Android" links; GET shows a button
 * (mail scanners fetch links), POST records the choice once. /beta/ios and /beta/android: the
 * invitation's links; they record the first opening and redirect to the store.
 */
export function betaRoutes(deps: {
  db: Db
  logger: Logger
  config: BetaRoutesConfig
  android: AndroidTesting
  wakeEmailQueue?: () => void
}): PublicRoutes {
  const app = new Hono()
  const stores: Record<Platform, string | undefined> = {
    ios: deps.config.BETA_IOS_URL,
    android: deps.config.BETA_ANDROID_URL,
  }

  // The pages speak the sign-up's language (docs/decisions/languages.md); a token that is unknown
  // or used gets the default's: the same page whoever asks, so it reveals nothing.
  app.get(paths.phoneChoice.pattern, async (c) => {
    const { token = '', platform } = c.req.query()
    if (!isPlatform(platform) || !isTokenShaped(token)) return sendPage(c, betaLinkNotValidPage(), 404)
    const signup = await openPlatformSignup(deps.db, token)
    if (!signup) return sendPage(c, betaLinkNotValidPage(), 404)
    return sendPage(c, phoneConfirmPage(platform, token, undefined, localeOr(signup.locale)), 200)
  })

  app.post(paths.phoneChoice.pattern, async (c) => {
    const { token = '', platform } = c.req.query()
    if (!isPlatform(platform) || !isTokenShaped(token)) return sendPage(c, betaLinkNotValidPage(), 404)
    // On Android, the optional Google account for the Play list, validated like any address.
    const account = platform === 'android' ? await deps.android.readAccount(c) : ({ ok: true, value: null } as const)
    if (!account.ok) {
      const signup = await openPlatformSignup(deps.db, token)
      if (!signup) return sendPage(c, betaLinkNotValidPage(), 404)
      return sendPage(c, phoneConfirmPage(platform, token, account, localeOr(signup.locale)), 400)
    }
    const chosen = await deps.db.transaction(async (tx) => {
      const signup = await choosePlatform(tx, token, platform)
      if (signup && account.value !== null) await deps.android.saveAccount(tx, token, account.value)
      return signup
    })
    if (!chosen) return sendPage(c, betaLinkNotValidPage(), 404)
    deps.logger.info({ event: 'beta.platform_chosen', platform }, 'a tester chose a platform')
    return sendPage(c, phoneThanksPage(platform, localeOr(chosen.locale)), 200)
  })

  for (const platform of ['ios', 'android'] as const) {
    app.get(paths.store.pattern(platform), async (c) => {
      const token = c.req.query('token') ?? ''
      const target = stores[platform]
      // An unset URL records nothing: the person could not reach the store through us.
      const opened =
        target !== undefined && isTokenShaped(token) && (await recordInvitationOpened(deps.db, token, platform))
      if (!opened) return sendPage(c, betaLinkNotValidPage(), 404)
      // "Did you join the test?", once, a day after the first opening.
      if (platform === 'android' && (await deps.android.afterOpened(token))) deps.wakeEmailQueue?.()
      noStore(c)
      return c.redirect(target, 302)
    })
  }

  return { routes: app }
}

function noStore(c: Context): void {
  c.header('Cache-Control', 'no-store')
  // The token is in the URL: keep it out of Referer headers (the store's pages included).
  c.header('Referrer-Policy', 'no-referrer')
  c.header('X-Robots-Tag', 'noindex')
}
