import { Hono, type Context } from 'hono'
import type { ReactNode } from 'react'
import { z } from 'zod'
import { fill } from '../../../shared/content-types.ts'
import { SERVER_PAGE_TEXTS, type Locale } from '../../../shared/content.ts'
import { localeOr } from '../../../shared/locales.ts'
import { PLAY_LIMITS } from '../../../shared/limits.ts'
import { GOOGLE_ACCOUNT_FIELD, PLAY_ANSWERS, type PlayAnswer } from '../../../shared/play-testing.ts'
import { isTokenShaped } from '../../../mail-core/tokens.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/db.ts'
import { readPageForm } from '../../http/page-form.ts'
import type { PublicRoutes } from '../../http/public-routes.ts'
import { sendPage } from '../../http/server-page.tsx'
import type { Logger } from '../../log.ts'
import { audit } from '../../owner/audit.ts'
import type { OwnerEnv } from '../../owner/deps.ts'
import { parseGoogleAccount } from './google-account.ts'
import { answerPage, answerThanksPage } from './pages.tsx'
import { paths } from '../../../shared/paths.ts'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'
import { endpointAnswer } from '../../http/console-endpoint.ts'
import {
  askWhetherJoined,
  nudgeUnanswered,
  playTestingSummary,
  recordAnswer,
  saveGoogleAccount,
  testerByAnswerToken,
} from './queries.ts'

// Google Play closed testing. docs/decisions/play-closed-testing.md

const isAnswer = (a: string | undefined): a is PlayAnswer => PLAY_ANSWERS.includes(a as PlayAnswer)

/** The Android phone choice's form: the optional Google account for Play's tester list. */
const accountForm = z.object({ [GOOGLE_ACCOUNT_FIELD]: z.string().optional() })

/**
 * The answer page's form: what went wrong, on the "I had trouble" page (the page's maxlength keeps
 * the length; PostgreSQL text cannot hold NUL). A body that is not a form reads as an empty one:
 * the answer itself is in the URL.
 */
function answerForm(locale: Locale) {
  const tooLong = fill(SERVER_PAGE_TEXTS[locale].playTroubleTooLong, { count: String(PLAY_LIMITS.troubleDetails) })
  return z.object({
    details: z
      .string()
      .trim()
      .max(PLAY_LIMITS.troubleDetails, tooLong)
      .refine((s) => !s.includes('\u0000'), tooLong)
      .default(''),
  })
}

/**
 * /beta/play?answer=joined|trouble|left&token=: the pages behind the "Did you join the test?"
 * email. GET shows one button and changes nothing; POST records the answer.
 */
export function playAnswerRoutes(deps: {
  db: Db
  logger: Logger
  wakeEmailQueue: () => void
  /** The invitations' "link not valid" page (features/invitations, passed in by app.ts). */
  notValidPage: () => ReactNode
  /** After an answer was recorded: the Play threshold watch (threshold-watch.ts) counts again. */
  onAnswer?: () => void
}): PublicRoutes {
  const app = new Hono()
  const betaLinkNotValidPage = deps.notValidPage

  app.get(paths.playAnswer.pattern, async (c) => {
    const { token = '', answer } = c.req.query()
    const tester = isAnswer(answer) && isTokenShaped(token) ? await testerByAnswerToken(deps.db, token) : null
    if (!tester || !isAnswer(answer)) return sendPage(c, betaLinkNotValidPage(), 404)
    return sendPage(c, answerPage(answer, token, undefined, localeOr(tester.locale)), 200)
  })

  app.post(paths.playAnswer.pattern, async (c) => {
    const { token = '', answer } = c.req.query()
    if (!isAnswer(answer) || !isTokenShaped(token)) return sendPage(c, betaLinkNotValidPage(), 404)
    // The tester's language (recordAnswer looks the token up again, inside its transaction).
    const tester = await testerByAnswerToken(deps.db, token)
    if (!tester) return sendPage(c, betaLinkNotValidPage(), 404)
    const locale = localeOr(tester.locale)
    const form = await readPageForm(c, answerForm(locale))
    if (!form.ok) return sendPage(c, answerPage(answer, token, form.errors.details, locale), 400)
    const details = answer === 'trouble' ? form.data.details : ''
    const r = await recordAnswer(deps.db, { token, answer, details })
    if (r === null) return sendPage(c, betaLinkNotValidPage(), 404)
    deps.logger.info({ event: 'play.answer', answer }, 'an Android tester answered')
    if (r.message) deps.wakeEmailQueue()
    deps.onAnswer?.()
    return sendPage(c, answerThanksPage(answer, token, locale), 200)
  })

  return { routes: app }
}

/**
 * What the closed test adds to the Android phone choice and the invitation's opening; app.ts
 * hands it to the invitations' routes (features/invitations/routes.ts, AndroidTesting).
 */
export function androidTesting(deps: { db: Db; config: Pick<Config, 'PLAY_ASK_DELAY_MS'> }) {
  return {
    /** The phone-choice form's Google account (a body that is not a form gives none). */
    readAccount: async (c: Context) =>
      parseGoogleAccount((await readPageForm(c, accountForm)).values[GOOGLE_ACCOUNT_FIELD]),
    saveAccount: saveGoogleAccount,
    afterOpened: (token: string) => askWhetherJoined(deps.db, token, deps.config.PLAY_ASK_DELAY_MS),
  }
}

type PlayTestingConfig = Pick<Config, 'PLAY_REQUIRED_TESTERS' | 'PLAY_REQUIRED_DAYS' | 'INVITATION_INTERVAL_MS'>

/** The console's 12 × 14 card and its nudge; app.ts mounts these behind the session and Origin checks (features/console/routes.ts). */
export function adminPlayTestingRoutes(deps: {
  db: Db
  config: PlayTestingConfig
  wakeEmailQueue: () => void
  now?: () => Date
}): Hono<OwnerEnv> {
  const { db, config } = deps
  const rule = { required: config.PLAY_REQUIRED_TESTERS, days: config.PLAY_REQUIRED_DAYS }
  const app = new Hono<OwnerEnv>()

  app.get(routePath(endpoints.playTesting), async (c) =>
    endpointAnswer(c, 'playTesting', await playTestingSummary(db, rule, deps.now?.() ?? new Date())),
  )

  app.post(routePath(endpoints.nudge), async (c) => {
    const ids = await nudgeUnanswered(db, config.INVITATION_INTERVAL_MS)
    // Ids, not addresses, as invitations.send.
    await audit(db, c.get('session').email, 'play.nudge', { count: ids.length, ids: ids.map(Number) })
    if (ids.length > 0) deps.wakeEmailQueue()
    return endpointAnswer(c, 'nudge', { queued: ids.length })
  })

  return app
}
