import { Hono } from 'hono'
import { expect, test } from 'vitest'
import { BRAND_LOGO, DEFAULT_LOCALE, LOCALES, PRODUCT, type Locale } from '../../shared/content.ts'
import { directionOf } from '../../shared/locales.ts'
import { feedbackFormPage } from '../features/feedback/pages.tsx'
import { confirmSignInPage } from '../features/owner-auth/pages.tsx'
import { PAGE_CSP, renderPage, sendPage, SERVER_PAGE_STYLESHEET, ServerPage } from './server-page.tsx'

const HOSTILE = `"><script>alert(1)</script><img src=x onerror=alert(1)>'`

test('what a visitor typed comes back escaped, in attributes and in text', () => {
  const html = renderPage(
    feedbackFormPage({ values: { email: HOSTILE, works: HOSTILE, build: HOSTILE }, errors: { works: HOSTILE } }),
  )
  // The hostile text's own tags; the header's logo is an <img> when the brand's logo is a PNG.
  expect(html).not.toContain('<script')
  expect(html).not.toContain('<img src=x')
  expect(html).toContain(
    'value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&#x27;"',
  )
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
})

test('a token and an address from the link are escaped too', () => {
  const html = renderPage(confirmSignInPage(HOSTILE, `a${HOSTILE}@example.com`))
  expect(html).not.toMatch(/<script|<img src=x/)
  expect(html).toContain('<strong dir="auto">a&quot;&gt;&lt;script&gt;')
})

test('the layout: the logo and the name link home, the title, one stylesheet, no script or inline style', () => {
  const html = renderPage(
    <ServerPage title="A title">
      <h1>Body</h1>
    </ServerPage>,
  )
  expect(html.startsWith(`<!doctype html>\n<html lang="${DEFAULT_LOCALE}" dir="${directionOf(DEFAULT_LOCALE)}">`)).toBe(
    true,
  )
  expect(html).toContain(`<title>A title · ${PRODUCT.name}</title>`)
  expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(1)
  expect(html).toContain(`<link rel="stylesheet" href="${SERVER_PAGE_STYLESHEET}"/>`)
  // The content's logo: its SVG inline, or its PNG as an image.
  const logo = BRAND_LOGO.kind === 'png' ? `<img src="${BRAND_LOGO.src}"[^>]*/>` : '<svg[^>]*>.*</svg>'
  expect(html).toMatch(new RegExp(`<a href="/" class="home">${logo}<span>${PRODUCT.name}</span></a>`))
  expect(html).toContain('<meta name="robots" content="noindex"/>')
  expect(html).not.toMatch(/<script|<style|style=/)
})

test('sendPage sets the CSP, no-store, the referrer policy and noindex', async () => {
  const app = new Hono()
  app.get('/a', (c) => sendPage(c, <ServerPage title="A">x</ServerPage>, 404))
  app.get('/b', (c) => sendPage(c, <ServerPage title="B">x</ServerPage>, 200, { referrerPolicy: 'same-origin' }))
  const a = await app.request('/a')
  expect(a.status).toBe(404)
  expect(a.headers.get('content-type')).toMatch(/^text\/html/)
  expect(a.headers.get('content-security-policy')).toBe(PAGE_CSP)
  expect(a.headers.get('cache-control')).toBe('no-store')
  expect(a.headers.get('referrer-policy')).toBe('no-referrer')
  expect(a.headers.get('x-robots-tag')).toBe('noindex')
  expect((await app.request('/b')).headers.get('referrer-policy')).toBe('same-origin')
})

test("each language's page says its language and direction; the owner's English pages say theirs", () => {
  for (const locale of LOCALES)
    expect(renderPage(feedbackFormPage({ values: {}, errors: {}, locale }))).toContain(
      `<html lang="${locale}" dir="${directionOf(locale)}">`,
    )
  expect(renderPage(confirmSignInPage('t', 'owner@example.com'))).toContain('<html lang="en" dir="ltr">')
})

test('a server page names its language, region included, in <html lang> and Content-Language', async () => {
  const app = new Hono()
  for (const locale of LOCALES)
    app.get(`/${locale}`, (c) =>
      sendPage(
        c,
        <ServerPage title="A" locale={locale}>
          x
        </ServerPage>,
        200,
      ),
    )
  const region = 'ar-JO' as Locale
  app.get('/region', (c) =>
    sendPage(
      c,
      <ServerPage title="A" locale={region}>
        x
      </ServerPage>,
      200,
    ),
  )
  for (const locale of LOCALES) expect((await app.request(`/${locale}`)).headers.get('content-language')).toBe(locale)
  const res = await app.request('/region')
  expect(res.headers.get('content-language')).toBe('ar-JO')
  expect(await res.text()).toContain('<html lang="ar-JO" dir="rtl">')
})
