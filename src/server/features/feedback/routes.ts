import { Hono } from 'hono'
import { feedbackForm, type OpenFeedback } from '../../../shared/feedback.ts'
import { SERVER_PAGE_TEXTS } from '../../../shared/content.ts'
import { isTokenShaped } from '../../../mail-core/tokens.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/db.ts'
import { sendPage } from '../../http/server-page.tsx'
import type { Logger } from '../../log.ts'
import { csvDownload } from '../../owner/csv.ts'
import { audit } from '../../owner/audit.ts'
import type { OwnerDeps } from '../../owner/deps.ts'
import { startExport } from '../../owner/exports.ts'
import type { OwnerEnv } from '../../owner/deps.ts'
import { endpointAnswer, endpointInput } from '../../http/console-endpoint.ts'
import { readPageForm } from '../../http/page-form.ts'
import type { PublicRoutes } from '../../http/public-routes.ts'
import { localeOr } from '../../../shared/locales.ts'
import { paths } from '../../../shared/paths.ts'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'
import { feedbackFormPage, feedbackLinkNotValidPage, feedbackThanksPage } from './pages.tsx'
import {
  allFeedback,
  currentBuildLabel,
  feedbackSummary,
  insertFeedback,
  listFeedback,
  setBuildLabel,
  signupByFeedbackToken,
} from './queries.ts'

// Tester feedback. Decisions: docs/decisions/tester-messages-and-feedback.md

/**
 * /beta/feedback: GET shows the form and changes nothing; POST stores. With ?token= (the link in
 * each invitation and message) the person is known; without, the form asks for the address (the
 * URL to give Play as a closed test's feedback URL). The POST gets the contact form's budget (its
 * 429 a page); the honeypot field is checked here.
 */
export function feedbackPageRoutes(deps: {
  db: Db
  logger: Logger
  config: Pick<Config, 'BETA_BUILD_LABEL' | 'RATE_LIMIT_CONTACT_PER_MINUTE' | 'RATE_LIMIT_CONTACT_PER_HOUR'>
}): PublicRoutes {
  const { db } = deps
  const app = new Hono()
  const label = () => currentBuildLabel(db, deps.config.BETA_BUILD_LABEL)

  app.get(paths.feedback.pattern, async (c) => {
    const token = c.req.query('token')
    if (token === undefined) return sendPage(c, feedbackFormPage({ values: { build: await label() } }), 200)
    const signup = isTokenShaped(token) ? await signupByFeedbackToken(db, token) : null
    if (!signup) return sendPage(c, feedbackLinkNotValidPage(), 404)
    const platform = signup.platform === 'unknown' ? '' : signup.platform
    const locale = localeOr(signup.locale)
    return sendPage(c, feedbackFormPage({ token, values: { build: await label(), platform }, locale }), 200)
  })

  app.post(paths.feedback.pattern, async (c) => {
    const token = c.req.query('token')
    const signup = token === undefined ? null : isTokenShaped(token) ? await signupByFeedbackToken(db, token) : null
    if (token !== undefined && !signup) return sendPage(c, feedbackLinkNotValidPage(), 404)
    // A tester's link speaks the language of the page they signed up on; the open page, the default.
    const locale = localeOr(signup?.locale)
    const form = feedbackForm(locale)
    const posted = await readPageForm(c, signup ? form.tester : form.open)
    const { values } = posted
    // A filled bot trap gets the usual answer and stores nothing, as the contact form.
    if (values.website) return sendPage(c, feedbackThanksPage(locale), 200)
    if (posted.unreadable)
      return sendPage(
        c,
        feedbackFormPage({
          ...(token ? { token } : {}),
          values: {},
          errors: { form: SERVER_PAGE_TEXTS[locale].feedbackUnreadable },
          locale,
        }),
        400,
      )
    if (!posted.ok)
      return sendPage(c, feedbackFormPage({ ...(token ? { token } : {}), values, errors: posted.errors, locale }), 400)
    const f = posted.data
    await insertFeedback(db, {
      signupId: signup?.id ?? null,
      email: signup ? signup.email : (f as OpenFeedback).email,
      rating: f.rating,
      works: f.works,
      broken: f.broken,
      platform: f.platform,
      os_version: f.os_version,
      build: f.build,
    })
    deps.logger.info({ event: 'beta.feedback', rating: f.rating, known: signup !== null }, 'a tester sent feedback')
    return sendPage(c, feedbackThanksPage(locale), 200)
  })

  return {
    routes: app,
    limits: [
      {
        group: 'feedback',
        method: 'POST',
        paths: [paths.feedback.pattern],
        limits: {
          perMinute: deps.config.RATE_LIMIT_CONTACT_PER_MINUTE,
          perHour: deps.config.RATE_LIMIT_CONTACT_PER_HOUR,
        },
        answer: 'page',
      },
    ],
  }
}

/** The console's Feedback view: entries, the summary, the CSV export and the build label. */
export function feedbackConsoleRoutes(deps: Pick<OwnerDeps, 'db' | 'config' | 'exportSlots'>): Hono<OwnerEnv> {
  const { db } = deps
  const app = new Hono<OwnerEnv>()
  const fallback = deps.config.BETA_BUILD_LABEL

  app.get(routePath(endpoints.feedback), async (c) => {
    const q = await endpointInput(c, 'feedback')
    const { rows, total } = await listFeedback(db, q)
    return endpointAnswer(c, 'feedback', {
      rows,
      total,
      page: q.page,
      size: q.size,
      summary: await feedbackSummary(db),
      buildLabel: await currentBuildLabel(db, fallback),
    })
  })

  app.post(routePath(endpoints.setBuildLabel), async (c) => {
    const { label } = await endpointInput(c, 'setBuildLabel')
    await setBuildLabel(db, label)
    await audit(db, c.get('session').email, 'feedback.build-label', { label })
    return endpointAnswer(c, 'setBuildLabel', { label: await currentBuildLabel(db, fallback) })
  })

  app.get(routePath(endpoints.feedbackExport), async (c) => {
    const { build, rating, platform } = await endpointInput(c, 'feedbackExport')
    const filters = { build, rating, platform }
    await audit(db, c.get('session').email, 'feedback.export', { build: build ?? '', rating: rating ?? '', platform })
    const batches = await startExport(deps.exportSlots, c.get('session').email, () => allFeedback(db, filters))
    return csvDownload(
      'feedback',
      ['received_at', 'email', 'rating', 'build', 'phone', 'os_version', 'what_works', 'what_does_not'],
      batches,
      (r) => [r.createdAt, r.email, String(r.rating), r.build, r.platform, r.osVersion, r.works, r.broken],
    )
  })

  return app
}
