import type { MiddlewareHandler } from 'hono'
import { parseAccept } from 'hono/utils/accept'
import { fill } from '../../shared/content-types.ts'
import { DEFAULT_LOCALE, SERVER_PAGE_TEXTS, type Locale } from '../../shared/content.ts'
import { closestLocale } from '../../shared/locales.ts'
import { localeRoot } from '../../shared/locales.ts'
import { sendPage, ServerPage } from './server-page.tsx'

// The answers a page people open in a browser gives when it cannot serve them now: over a rate
// limit (429) or while the database is unreachable or starting (503). A page in the shell every
// server page shares, not the API's JSON (issue 37), with the Retry-After the refusal carried.

/** How long to wait, in the page's words: seconds under a minute and a half, else minutes. */
function waitText(seconds: number, locale: Locale): string {
  const t = SERVER_PAGE_TEXTS[locale]
  return seconds < 90
    ? fill(t.seconds, { count: String(seconds) })
    : fill(t.minutes, { count: String(Math.ceil(seconds / 60)) })
}

const Home = ({ locale }: { locale: Locale }) => (
  <p>
    <a href={localeRoot(locale)}>{SERVER_PAGE_TEXTS[locale].backHome}</a>
  </p>
)

/** The rate limit's answer on these pages. */
export function tooManyRequestsPage(retryAfterSeconds: number, locale: Locale = DEFAULT_LOCALE) {
  const t = SERVER_PAGE_TEXTS[locale]
  return (
    <ServerPage locale={locale} title={t.tooManyTitle}>
      <h1>{t.tooManyHeading}</h1>
      <p>{fill(t.tooManyBody, { wait: waitText(retryAfterSeconds, locale) })}</p>
      <Home locale={locale} />
    </ServerPage>
  )
}

/** The answer while the database cannot be reached: nothing the person did, and their link still works. */
export function unavailablePage(retryAfterSeconds: number, locale: Locale = DEFAULT_LOCALE) {
  const t = SERVER_PAGE_TEXTS[locale]
  return (
    <ServerPage locale={locale} title={t.unavailableTitle}>
      <h1>{t.unavailableHeading}</h1>
      <p>{fill(t.unavailableBody, { wait: waitText(retryAfterSeconds, locale) })}</p>
      <Home locale={locale} />
    </ServerPage>
  )
}

/**
 * The person's language as their browser states it, among the site's; else the default. These
 * answers read no database (that is why they are given), so the sign-up's stored language is not
 * at hand; the page says nothing about the link either way (docs/decisions/languages.md).
 */
export function browserLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE
  const wanted = parseAccept(acceptLanguage)
    .filter((a) => a.q > 0)
    .sort((a, b) => b.q - a.q)
  for (const { type } of wanted) {
    const locale = closestLocale(type)
    if (locale) return locale
  }
  return DEFAULT_LOCALE
}

const FALLBACK_RETRY_AFTER_S = 5

/**
 * In front of the pages a person's links open (`/unsubscribe`, `/confirm`, `/beta/*`, `/go/*`):
 * a 429 or a 503 that reached them as the API's JSON (a rate limit, a database outage, the
 * database still starting) becomes a page in the person's language, keeping its Retry-After.
 */
export function busyPages(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const status = c.res.status
    if (status !== 429 && status !== 503) return
    if (!c.res.headers.get('content-type')?.startsWith('application/json')) return
    const seconds = Number(c.res.headers.get('Retry-After')) || FALLBACK_RETRY_AFTER_S
    const locale = browserLocale(c.req.header('accept-language'))
    const page = status === 429 ? tooManyRequestsPage(seconds, locale) : unavailablePage(seconds, locale)
    c.header('Retry-After', String(seconds))
    c.res = sendPage(c, page, status)
  }
}
