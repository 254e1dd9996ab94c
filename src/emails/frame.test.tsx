import { expect, test } from 'vitest'
import { LOCALES, PRODUCT, THEME } from '../shared/content.ts'
import { directionOf } from '../shared/locales.ts'
import { EmailFrame, palette, renderParts } from './frame.tsx'
import type { ClaimedEmail } from './define-kind.ts'
import { LOGO_PATH } from './envelope.ts'
import { KINDS } from './kinds.ts'

// Every email wears the brand of content/: the logo the build makes from content/brand/, and the
// theme's light colours as literals (docs/decisions/brand.md).

test("the frame shows the logo, named for blocked images, and the theme's colours", async () => {
  const { html, text } = await renderParts(
    's',
    <EmailFrame title="Hello" preview="p" size="visitor">
      <p>Body</p>
    </EmailFrame>,
  )
  expect(html).toMatch(new RegExp(`<img[^>]*alt="${PRODUCT.name}"[^>]*src="${LOGO_PATH}"|<img[^>]*src="${LOGO_PATH}"`))
  expect(html).toContain(THEME.light.page)
  expect(html).toContain(THEME.light.text)
  expect(palette).toMatchObject({ brand: THEME.light.brand, link: THEME.light.link, page: THEME.light.page })
  expect(text).not.toContain(LOGO_PATH)
})

// The server's own address serves the built icon from the first start; `product.url` may be a
// domain that does not serve this build yet (or ever: a marketing site elsewhere).
test.each(Object.values(KINDS).map((k) => [k.kind, k] as const))(
  'the %s email loads its logo from PUBLIC_URL, not product.url',
  async (_name, kind) => {
    const publicUrl = 'https://beta.founder.example'
    expect(publicUrl).not.toBe(PRODUCT.url)
    const row: ClaimedEmail = {
      id: '1',
      kind: kind.kind,
      toEmail: 'tester@example.com',
      attempts: 0,
      unsubscribeToken: 'u',
      contact: {
        name: 'A',
        email: 'a@example.com',
        subject: 'other',
        message: 'Hi',
        created_at: new Date().toISOString(),
      },
      payload: kind.example.payload,
      signup: {
        platform: 'unknown',
        platformToken: 'p',
        inviteToken: 'i',
        invitationLinks: 'both',
        feedbackToken: 'f',
        appToken: 'a',
        locale: null,
      },
      message: { subject: 'S', body: 'B', translations: null },
    }
    const built = await kind.build(row, kind.example.payload as never, {
      EMAIL_FROM: 'Sender <hello@founder.example>',
      PUBLIC_URL: publicUrl,
    })
    if (!('email' in built)) throw new Error(`${kind.kind} was not built: ${built.cancel}`)
    const logos = [...built.email.html.matchAll(/<img[^>]*src="([^"]+)"/g)].map((m) => m[1])
    expect(logos).toEqual([`${publicUrl}${LOGO_PATH}`])
  },
)

// Outlook on Windows reads the main table's `dir`, some clients only text-align: every place says
// the language's direction (docs/decisions/direction.md).
test("the language's direction and language on <html>, <body> and the main table, and as text-align", async () => {
  for (const locale of LOCALES) {
    const dir = directionOf(locale)
    const { html } = await renderParts(
      's',
      <EmailFrame title="Hello" preview="p" size="visitor" locale={locale}>
        <p>Body</p>
      </EmailFrame>,
    )
    expect(html).toMatch(new RegExp(`<html dir="${dir}" lang="${locale}"`))
    expect(html).toMatch(new RegExp(`<body dir="${dir}" lang="${locale}"`))
    expect(html).toMatch(
      new RegExp(`<table[^>]*dir="${dir}" lang="${locale}"[^>]*text-align:${dir === 'rtl' ? 'right' : 'left'}`),
    )
  }
})
