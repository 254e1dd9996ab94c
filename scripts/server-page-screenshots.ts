// Screenshots of every server page (docs/screenshots/server-*.png) at 390 and 1440 px, light,
// and dark for the feedback form: the pages' own components rendered as the server renders them,
// with the built stylesheet (dist/client/server-page.css), in Chromium. No server or database:
// the route tests cover the flows; this shows the look. Usage: npm run build && tsx scripts/server-page-screenshots.ts
import { readFile } from 'node:fs/promises'
import type { ReactElement } from 'react'
import { chromium } from 'playwright-core'
import { feedbackForm } from '../src/shared/feedback.ts'
import { DEFAULT_LOCALE } from '../src/shared/content.ts'
import {
  feedbackFormPage,
  feedbackLinkNotValidPage,
  feedbackThanksPage,
} from '../src/server/features/feedback/pages.tsx'
import { betaLinkNotValidPage, phoneConfirmPage, phoneThanksPage } from '../src/server/features/invitations/pages.tsx'
import { badLinkPage, confirmSignInPage, tooManyAttemptsPage } from '../src/server/features/owner-auth/pages.tsx'
import { answerPage, answerThanksPage } from '../src/server/features/play-testing/pages.tsx'
import {
  confirmPage,
  confirmSignupPage,
  donePage,
  signupConfirmedPage,
  unknownTokenPage,
} from '../src/server/features/signups/pages.tsx'
import { tooManyRequestsPage, unavailablePage } from '../src/server/http/busy-pages.tsx'
import { renderPage, SERVER_PAGE_STYLESHEET } from '../src/server/http/server-page.tsx'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'

const token = '6f1c2a9e-3b7d-4e2f-9a1c-5d8e7f6a4b3c'
// A refused form's messages, as the route makes them from the schema.
const refused = { email: 'maya@example', rating: '', works: 'The invoices.' }
const errors: Record<string, string> = {}
for (const issue of feedbackForm(DEFAULT_LOCALE).open.safeParse(refused).error?.issues ?? [])
  errors[String(issue.path[0])] ??= issue.message
const PAGES: [string, ReactElement, ('light' | 'dark')[]][] = [
  ['unsubscribe', confirmPage(token), ['light']],
  ['unsubscribe-done', donePage(), ['light']],
  ['link-not-valid', unknownTokenPage(), ['light']],
  ['confirm', confirmSignupPage(token), ['light', 'dark']],
  ['confirmed', signupConfirmedPage(), ['light']],
  ['too-many-requests', tooManyRequestsPage(42), ['light']],
  ['unavailable', unavailablePage(5), ['light']],
  ['feedback', feedbackFormPage({ token, values: { build: '1.0 (42)', platform: 'ios' } }), ['light', 'dark']],
  ['feedback-open', feedbackFormPage({ values: { build: '1.0 (42)' } }), ['light']],
  ['feedback-errors', feedbackFormPage({ values: refused, errors }), ['light', 'dark']],
  ['feedback-thanks', feedbackThanksPage(), ['light']],
  ['feedback-link-not-valid', feedbackLinkNotValidPage(), ['light']],
  ['phone-ios', phoneConfirmPage('ios', token), ['light']],
  [
    'phone-android',
    phoneConfirmPage('android', token, { value: 'maya at gmail', error: errors.email ?? '' }),
    ['light', 'dark'],
  ],
  ['phone-thanks', phoneThanksPage('android'), ['light']],
  ['beta-link-not-valid', betaLinkNotValidPage(), ['light']],
  ['play-joined', answerPage('joined', token), ['light']],
  ['play-trouble', answerPage('trouble', token), ['light', 'dark']],
  ['play-left', answerPage('left', token), ['light']],
  ['play-thanks', answerThanksPage('joined', token), ['light']],
  ['sign-in', confirmSignInPage(token, 'founder@example.com'), ['light', 'dark']],
  ['sign-in-not-valid', badLinkPage(), ['light']],
  ['sign-in-too-many', tooManyAttemptsPage(), ['light']],
]

const css = await readFile(new URL(`../dist/client${SERVER_PAGE_STYLESHEET}`, import.meta.url), 'utf8')
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme: scheme })
    let html = ''
    await context.route('http://pages.test/**', (route) =>
      route.request().url().endsWith(SERVER_PAGE_STYLESHEET)
        ? route.fulfill({ body: css, contentType: 'text/css' })
        : route.fulfill({ body: html, contentType: 'text/html' }),
    )
    const page = await context.newPage()
    for (const [name, element, schemes] of PAGES) {
      if (!schemes.includes(scheme)) continue
      html = renderPage(element)
      for (const [w, h] of [
        [390, 844],
        [1440, 900],
      ] as const) {
        await page.setViewportSize({ width: w, height: h })
        await page.goto(`http://pages.test/${name}`)
        await page.screenshot({ path: `docs/screenshots/server-${name}-${scheme}-${w}x${h}.png`, fullPage: true })
      }
    }
    await context.close()
  }
} finally {
  await browser.close()
}
