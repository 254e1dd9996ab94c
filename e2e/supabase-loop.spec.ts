import { pino } from 'pino'
import { expect, test } from '@playwright/test'
import { freePort } from '../scripts/pg-cluster.ts'
import { joinButton, signupEmail, signupSection } from './fixtures.ts'
import { createApp } from '../src/server/app.ts'
import type { Db } from '../src/server/db/db.ts'
import { openDb } from '../src/server/db/open.ts'
import { startResendStandIn, type ResendStandIn } from '../test/support/resend-stand-in.ts'
import { startSupabaseDatabase, type SupabaseDatabase } from '../test/support/supabase-database.ts'
import { startFunction, type RunningFunction } from '../test/support/supabase-function.ts'
import { startGateway } from '../test/support/supabase-gateway.ts'
import { buildForStaticHost, startStaticHost } from '../test/support/supabase-static-host.ts'
import { testConfig } from '../src/server/test-config.ts'
import { welcomeSubject } from '../src/emails/welcome.tsx'
import {
  CONTACT_TEXTS,
  DEFAULT_LOCALE,
  DEFAULT_LOCALE as T_LOCALE,
  SERVER_PAGE_TEXTS,
  SIGNUP_TEXTS,
  texts,
} from '../src/shared/content.ts'

/** The texts the tests expect: the content's (the demo's are the specification's words). */
const T = texts(T_LOCALE)

const PAGES = SERVER_PAGE_TEXTS[DEFAULT_LOCALE]

// The Supabase deployment end to end, in a real Chromium: the page built with VITE_SUPABASE_URL
// (in a temp folder, apart from dist/) on a static host that applies the generated `_headers`, a
// separate "project" origin whose /rest/v1 is our Node server (the stand-in for PostgREST) and
// whose /functions/v1/resend-email is the Deno edge function, started with the interface's
// command; the database is the Supabase-like PostgreSQL with the migrations, email goes to the
// Resend stand-in.

const KEY = 'sb_publishable_e2e_not_secret'
const RESEND_KEY = 're_e2e'

let supa: SupabaseDatabase
let resend: ResendStandIn
let fn: RunningFunction
let db: Db
const closers: (() => Promise<unknown>)[] = []
let siteUrl: string
let projectUrl: string

test.beforeAll(async () => {
  test.setTimeout(240_000)
  const projectPort = await freePort()
  projectUrl = `http://127.0.0.1:${projectPort}`
  ;[supa, resend] = await Promise.all([startSupabaseDatabase(), startResendStandIn({ apiKey: RESEND_KEY })])
  closers.push(
    () => supa.stop(),
    () => resend.close(),
  )
  // The page's address is only known once its host listens; the build needs only the project's.
  const build = await buildForStaticHost({
    VITE_SUPABASE_URL: projectUrl,
    VITE_SUPABASE_ANON_KEY: KEY,
    VITE_SITE_URL: 'https://beta.example.com',
  })
  closers.push(build.remove)
  const host = await startStaticHost(build.clientDir)
  closers.push(host.close)
  siteUrl = host.url
  fn = await startFunction(
    {
      SUPABASE_DB_URL: supa.url,
      RESEND_API_KEY: RESEND_KEY,
      EMAIL_FROM: 'Beta Team <hello@example.com>',
      SITE_URL: siteUrl,
      RESEND_API_URL: resend.url,
      SUPABASE_URL: projectUrl,
      SUPABASE_SERVICE_ROLE_KEY: 'e2e-service-role-key',
    },
    { mode: 'interface' },
  )
  closers.push(fn.stop)
  db = await openDb({ DATABASE_URL: supa.url, PGLITE_DIR: 'memory://' })
  closers.push(() => db.close())
  const rest = createApp({
    config: testConfig({ ANON_KEY: KEY, STATIC_DIR: '/nonexistent' }),
    db,
    logger: pino({ level: 'silent' }),
  })
  const gateway = await startGateway({
    port: projectPort,
    functionUrl: fn.url,
    rest: (req, env) => rest.fetch(req, env),
  })
  closers.push(gateway.close)
})

test.afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {})
})

// No server sees the static host's forms (docs/decisions/no-script-forms.md): without scripts they
// post nowhere, their buttons stay disabled, and a <noscript> line says they need JavaScript.
test('without JavaScript, the static page says plainly that its forms need it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${siteUrl}/`)
  await expect(page.getByText(SIGNUP_TEXTS[DEFAULT_LOCALE].noScript, { exact: true })).toBeVisible()
  await expect(joinButton(page)).toBeDisabled()
  expect(await page.locator('form[action]').count()).toBe(0)
  await page.goto(`${siteUrl}/#contact`)
  await expect(page.getByText(CONTACT_TEXTS[DEFAULT_LOCALE].noScript, { exact: true })).toBeVisible()
  await context.close()
})

test('a sign-up on the static page ends with the welcome email, sent by the edge function through Resend', async ({
  page,
}) => {
  const violations: string[] = []
  // CSP refusals (the generated _headers must allow the project's origin) and script errors.
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
  })
  page.on('pageerror', (err) => violations.push(err.message))
  const email = `supabase-${Date.now()}@example.com`
  // No server sees this page, so the sign-up carries the source the page read itself.
  await page.goto(`${siteUrl}/?ref=supabase-e2e&utm_medium=directory`)
  await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset)
  // The console needs the Node server: a static host has no /admin page.
  expect((await page.request.get(`${siteUrl}/admin/`)).status()).toBe(404)
  const section = signupSection(page)
  await signupEmail(page).fill(email)
  const functionCall = page.waitForResponse(
    (r) => r.url().includes('/functions/v1/resend-email') && r.request().method() === 'POST',
  )
  await joinButton(page).click()
  await expect(section.getByText(T.signup.successTitle, { exact: true })).toBeVisible()
  expect((await functionCall).status()).toBe(200)
  await expect(section).toContainText(email)

  await expect.poll(() => resend.emailsTo(email).length, { timeout: 15_000 }).toBe(1)
  const sent = JSON.parse(resend.emailsTo(email)[0]!.body) as {
    subject: string
    text: string
    headers: Record<string, string>
  }
  expect(sent.subject).toBe(welcomeSubject())
  expect(sent.text).toContain(`${siteUrl}/unsubscribe?token=`)
  const row = (await db.query<{ n: string }>('select count(*) as n from public.beta_signups where email = $1', [email]))
    .rows[0]
  expect(Number(row!.n)).toBe(1)
  const source = await db.query(
    'select source, source_medium, source_device from public.beta_signups where email = $1',
    [email],
  )
  expect(source.rows).toEqual([{ source: 'supabase-e2e', source_medium: 'directory', source_device: 'desktop' }])
  expect(violations).toEqual([])

  // Leaving the beta from the email: its link opens the static /unsubscribe page, which asks first.
  const token = /unsubscribe\?token=([0-9a-f-]{36})/.exec(sent.text)![1]!
  expect(sent.headers['List-Unsubscribe']).toBe(`<${projectUrl}/functions/v1/resend-email/unsubscribe?token=${token}>`)
  await page.goto(`${siteUrl}/unsubscribe?token=${token}`)
  await expect(page.getByRole('heading', { name: PAGES.leaveHeading })).toBeVisible()
  expect(
    Number(
      (await db.query<{ n: string }>('select count(*) as n from public.beta_signups where email = $1', [email]))
        .rows[0]!.n,
    ),
  ).toBe(1)
  await page.getByRole('button', { name: PAGES.leaveButton }).click()
  await expect(page.getByRole('heading', { name: PAGES.leftHeading })).toBeVisible()
  expect(
    Number(
      (await db.query<{ n: string }>('select count(*) as n from public.beta_signups where email = $1', [email]))
        .rows[0]!.n,
    ),
  ).toBe(0)
  // The mail client's one-click POST reaches the function through the project's URL; the token is used now.
  const oneClick = await fetch(sent.headers['List-Unsubscribe']!.slice(1, -1), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  })
  expect(oneClick.status).toBe(404)
  expect(violations).toEqual([])
})
