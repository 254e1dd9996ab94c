import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fill } from '../../shared/content-types.ts'
import { DEFAULT_LOCALE, LOCALES, SERVER_PAGE_TEXTS, type Locale } from '../../shared/content.ts'
import { directionOf } from '../../shared/locales.ts'
import { deferredDb } from '../db/deferred.ts'
import type { Db } from '../db/db.ts'
import { DB_KINDS, testApp, testDb } from '../test-app.ts'
import { browserLocale } from './busy-pages.tsx'

// Issue 37: the pages a person's links open answered a rate limit's 429 and a database that
// cannot be used with the API's JSON, in English. Now a page, in the person's language as their
// browser states it (the database is not read for these answers), with Retry-After kept.

const TOKEN = '6f1c2a9e-3b7d-4e2f-9a1c-5d8e7f6a4b3c'
const other = LOCALES.find((l) => l !== DEFAULT_LOCALE)
const languages: [string | undefined, Locale][] = [
  [undefined, DEFAULT_LOCALE],
  ...(other ? ([[`${other}-AT, ${other};q=0.9, en;q=0.5`, other]] as [string, Locale][]) : []),
]

/** The page's checks: HTML, its language, its words from the content, Retry-After. */
async function expectPage(res: Response, status: number, locale: Locale, heading: string, what = '') {
  expect(res.status, what).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/^text\/html/)
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(res.headers.get('cache-control')).toBe('no-store')
  const html = await res.text()
  expect(html).toContain(`<html lang="${locale}" dir="${directionOf(locale)}">`)
  expect(html).toContain(heading)
  expect(html).not.toContain('PGRST')
  return html
}

describe.each(DB_KINDS)('on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())

  test.each(languages)('past the shared /beta budget: a 429 page (Accept-Language %s)', async (accept, locale) => {
    const app = testApp(db, { config: { RATE_LIMIT_BETA_PER_MINUTE: 1, RATE_LIMIT_BETA_PER_HOUR: 100 } })
    const headers: Record<string, string> = accept ? { 'accept-language': accept } : {}
    for (const path of [`/beta/phone?platform=ios&token=${TOKEN}`, `/beta/feedback?token=${TOKEN}`]) {
      await app.request(path, { headers })
      const res = await app.request(path, { headers })
      const html = await expectPage(res, 429, locale, SERVER_PAGE_TEXTS[locale].tooManyHeading)
      const seconds = Number(res.headers.get('retry-after'))
      const wait = fill(SERVER_PAGE_TEXTS[locale].seconds, { count: String(seconds) })
      expect(html).toContain(fill(SERVER_PAGE_TEXTS[locale].tooManyBody, { wait }))
    }
    // A form's POST too.
    const post = await app.request(`/beta/feedback?token=${TOKEN}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'rating=4',
    })
    await expectPage(post, 429, locale, SERVER_PAGE_TEXTS[locale].tooManyHeading)
  })
})

test.each(languages)(
  'a database that cannot be used yet: a 503 page on every such path (Accept-Language %s)',
  async (accept, locale) => {
    // The database still opening (index.ts's deferredDb), past its wait: PGRST002.
    const app = testApp(deferredDb(new Promise<Db>(() => {}), { waitMs: 1 }))
    const headers: Record<string, string> = accept ? { 'accept-language': accept } : {}
    for (const path of [
      `/unsubscribe?token=${TOKEN}`,
      `/confirm?token=${TOKEN}`,
      `/beta/phone?platform=ios&token=${TOKEN}`,
      `/beta/feedback?token=${TOKEN}`,
      `/beta/play?answer=joined&token=${TOKEN}`,
      '/go/launch',
    ]) {
      const res = await app.request(path, { headers })
      await expectPage(res, 503, locale, SERVER_PAGE_TEXTS[locale].unavailableHeading, path)
    }
    // The API keeps PostgREST's JSON.
    const api = await app.request('/healthz')
    expect(api.headers.get('content-type')).not.toMatch(/^text\/html/)
  },
)

test('the browser’s language among the site’s, else the default', () => {
  expect(browserLocale(undefined)).toBe(DEFAULT_LOCALE)
  expect(browserLocale('xx-YY, zz;q=0.8')).toBe(DEFAULT_LOCALE)
  expect(browserLocale('*')).toBe(DEFAULT_LOCALE)
  if (other) {
    expect(browserLocale(`xx, ${other.toUpperCase()}-CH;q=0.7`)).toBe(other)
    expect(browserLocale(`${other};q=0, ${DEFAULT_LOCALE};q=0.1`)).toBe(DEFAULT_LOCALE)
  }
})
