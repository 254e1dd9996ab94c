import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { z } from 'zod'
import { ApiError, isDatabaseUnavailable, OUTAGE_RETRY_AFTER_S } from '../../../shared/http/errors.ts'
import { CONTACT_TEXTS, SIGNUP_TEXTS } from '../../../shared/content.ts'
import { localeOr, localeRoot } from '../../../shared/locales.ts'
import { HONEYPOT_FIELD } from '../../../shared/honeypot-field.ts'
import { paths } from '../../../shared/paths.ts'
import { fastBodyLimit } from '../../http/body-limit.ts'
import { readPageForm } from '../../http/page-form.ts'
import type { PublicRoutes } from '../../http/public-routes.ts'
import { sendPage } from '../../http/server-page.tsx'
import type { Logger } from '../../log.ts'
import { contactForm, FORM_BODY_BYTES, joinForm } from './forms.ts'
import { contactFailedPage, contactSentPage, joinedPage, joinFailedPage } from './pages.tsx'

/**
 * The page's two forms without JavaScript (docs/decisions/no-script-forms.md): before its script
 * has arrived, or where it never does, the sign-up and the contact form post here natively, and
 * the answer is a server page in the page's language. Each does what the scripted form's calls do,
 * through the same code: the REST insert's rule (`store`, the rest feature's, from app.ts), then for
 * a sign-up the resend-email step without a proof (`emailStep`, the mail core's), held to the
 * rules of a call without one. app.ts puts the same per-client budgets in front as in front of
 * those calls, and `formRefusals` turns their 429 into the form's page.
 */

type Table = 'beta_signups' | 'contact_messages'

export type PageFormsDeps = {
  logger: Logger
  /** Step one: the REST insert's rule; throws its ApiError, returns the row as validated. */
  store: (c: Context, table: Table, row: Record<string, unknown>) => Promise<Record<string, unknown>>
  /** Step two of a sign-up, with no proof of work. */
  emailStep: (email: string, proof: null) => Promise<unknown>
}

type Failure = { status: 400 | 500 | 503; message: string | null }

/** What went wrong, as the page can say it: a refusal's own message, or none (an outage, a bug). */
function failureOf(err: unknown, logger: Logger, c: Context): Failure {
  if (err instanceof ApiError && err.status < 500) return { status: 400, message: err.body.message }
  if (isDatabaseUnavailable(err) || (err instanceof ApiError && err.status === 503)) {
    c.header('Retry-After', String(OUTAGE_RETRY_AFTER_S))
    return { status: 503, message: null }
  }
  logger.error({ err, path: c.req.path }, 'form post failed')
  return { status: 500, message: null }
}

/** The form's data: these schemas accept any text, so a post always reads (files as not sent). */
async function formData<S extends typeof joinForm | typeof contactForm>(c: Context, schema: S): Promise<z.output<S>> {
  const form = await readPageForm(c, schema)
  return form.ok ? form.data : (schema.parse({}) as z.output<S>)
}

const localeOf = (c: Context) => localeOr(c.req.query('lang'))

/** The form's page with its error text: over a budget, or a body larger than any the form sends. */
function refusedPage(form: 'join' | 'contact', c: Context, message?: string) {
  const locale = localeOf(c)
  return form === 'join'
    ? joinFailedPage(SIGNUP_TEXTS[locale].errorGeneric, locale)
    : contactFailedPage(
        message ?? CONTACT_TEXTS[locale].errorFallback,
        { name: '', email: '', subject: '', message: '' },
        locale,
      )
}

/** Up to the form's largest valid body; past it, the form's page (413), never the API's JSON. */
const formBodyLimit = (form: 'join' | 'contact') =>
  fastBodyLimit(FORM_BODY_BYTES[form], (c) => sendPage(c, refusedPage(form, c), 413))

export function pageFormRoutes(deps: PageFormsDeps): PublicRoutes {
  const app = new Hono()

  // Opened as an address (a reload after the answer, a shared link): the form on the page.
  app.get(paths.join.pattern, (c) => c.redirect(`${localeRoot(localeOf(c))}#cta`, 303))
  app.get(paths.contact.pattern, (c) => c.redirect(`${localeRoot(localeOf(c))}#contact`, 303))

  app.post(paths.join.pattern, formBodyLimit('join'), async (c) => {
    const locale = localeOf(c)
    const t = SIGNUP_TEXTS[locale]
    const form = await formData(c, joinForm)
    const { email, platform } = form
    const website = form[HONEYPOT_FIELD]
    let stored: Record<string, unknown>
    try {
      // As the page sends it: the honeypot only when filled, the phone when the form names one
      // (one store live, the sign-up for the other), and the page's language.
      stored = await deps.store(c, 'beta_signups', {
        email,
        ...(website ? { website } : {}),
        ...(platform ? { platform } : {}),
        locale,
      })
    } catch (err) {
      // The scripted form shows this one text for any refused or failed insert.
      const { status } = failureOf(err, deps.logger, c)
      return sendPage(c, joinFailedPage(t.errorGeneric, locale, email), status)
    }
    const address = String(stored.email)
    try {
      await deps.emailStep(address, null)
    } catch (err) {
      // The row is stored, yet no welcome shows: the specification's second alert.
      const { status } = failureOf(err, deps.logger, c)
      return sendPage(c, joinFailedPage(t.errorEmail, locale, address), status)
    }
    // A repeat, a held-back email and the honeypot all get the first answer, as with JavaScript.
    return sendPage(c, joinedPage(address, locale), 200)
  })

  app.post(paths.contact.pattern, formBodyLimit('contact'), async (c) => {
    const locale = localeOf(c)
    const { [HONEYPOT_FIELD]: website, ...fields } = await formData(c, contactForm)
    try {
      await deps.store(c, 'contact_messages', { ...fields, ...(website ? { website } : {}) })
    } catch (err) {
      const { status, message } = failureOf(err, deps.logger, c)
      return sendPage(c, contactFailedPage(message ?? CONTACT_TEXTS[locale].errorFallback, fields, locale), status)
    }
    return sendPage(c, contactSentPage(locale), 200)
  })

  return { routes: app }
}

/**
 * In front of the per-client budgets app.ts puts before the form routes: a visitor over one gets
 * the form's page with the specification's error text (and Retry-After), not the API's JSON.
 */
export function formRefusals(form: 'join' | 'contact'): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.res.status !== 429) return
    // The contact form shows the server's message, as it does for the REST call's 429.
    const refusal = (await c.res
      .clone()
      .json()
      .catch(() => null)) as { message?: unknown } | null
    const page = refusedPage(form, c, typeof refusal?.message === 'string' ? refusal.message : undefined)
    c.res = sendPage(c, page, 429)
  }
}
