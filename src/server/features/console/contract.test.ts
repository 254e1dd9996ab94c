import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import type { z } from 'zod'
import * as Contract from '../../../shared/console-api.ts'
import { endpointPath, endpoints, type Endpoint, type EndpointName } from '../../../shared/console-endpoints.ts'
import type { Db } from '../../db/db.ts'
import { DEFAULT_LOCALE } from '../../../shared/content.ts'
import { TRANSLATED_LOCALES } from '../../../shared/tester-messages.ts'
import { asOwner, ORIGIN, OWNER, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { testDb } from '../../test-app.ts'
import { EMAIL_LINK_ANSWER } from '../owner-auth/routes.ts'

// The console types each answer with src/shared/console-api.ts's schemas, and never checks them
// at run time. Here every GET answer, and each POST answer the console reads, is parsed with
// the same strict schema, so a field renamed or added on the server alone fails a test.

let db: Db
let close: () => Promise<void>
beforeAll(async () => {
  ;({ db, close } = await testDb('pglite'))
})
afterAll(() => close())
beforeEach(async () => {
  await truncateOwner(db)
  await db.query(
    `insert into public.beta_signups (email, platform, created_at, confirmed_at)
     select 'p' || i || '@example.com', (array['ios', 'android', 'unknown'])[i % 3 + 1], now() - make_interval(mins => i), now()
     from generate_series(1, 4) i`,
  )
  await db.query(
    `insert into public.contact_messages (name, email, subject, message) values ('Ann', 'ann@example.com', 'other', 'Hello')`,
  )
})

/** Which endpoints of the table the test below called; the last test wants every one. */
const called = new Set<EndpointName>()

type CallInit = {
  query?: string
  body?: unknown
  csv?: string
  id?: string | number
  status?: number
  /** Without the session cookie, as the sign-in calls are made. */
  signedOut?: boolean
}

async function owner(config: Record<string, unknown> = {}) {
  const app = await ownerApp(db, {
    ...config,
    BETA_IOS_URL: 'https://testflight.apple.com/join/AbCdEf12',
    BETA_ANDROID_URL: 'https://play.google.com/apps/testing/com.example.app',
    INVITATION_INTERVAL_MS: 0,
  })
  const cookie = await signIn(app, db)
  /** Calls an endpoint of the table as the console does, and parses its answer with its schema. */
  async function call<N extends EndpointName>(name: N, init: CallInit = {}) {
    const e: Endpoint = endpoints[name]
    called.add(name)
    const path = endpointPath(e, init.id) + (init.query ? `?${init.query}` : '')
    const res = await app.request(
      path,
      init.signedOut
        ? {
            method: e.method,
            headers: { origin: ORIGIN, 'content-type': 'application/json' },
            body: JSON.stringify(init.body ?? {}),
          }
        : e.method === 'GET'
          ? asOwner(cookie)
          : init.csv !== undefined
            ? // An upload: the file is the body (the list import).
              { method: 'POST', headers: { ...asOwner(cookie).headers, 'content-type': 'text/csv' }, body: init.csv }
            : asOwner(cookie, { method: 'POST', body: init.body ?? {} }),
    )
    if (init.status !== undefined) expect(res.status, path).toBe(init.status)
    else expect(res.status, path).toBeLessThan(300)
    if (!e.answer || res.status >= 300) {
      await res.text() // a download holds its export slot until it is read
      return undefined as Answer<N>
    }
    const parsed = (Contract[e.answer] as z.ZodType).safeParse(await res.json())
    expect(parsed.error?.issues ?? [], path).toEqual([])
    return parsed.data as Answer<N>
  }
  return { call, app, cookie }
}

type Answer<N extends EndpointName> = (typeof endpoints)[N] extends { answer: infer A extends keyof typeof Contract }
  ? z.infer<(typeof Contract)[A]>
  : undefined

// One test per feature's part of the contract (src/shared/<feature>.ts), each on
// fresh rows; the last test checks that together they called every endpoint of the table.

test('owner-auth: who is signed in, sessions, passkeys, the audit log, sign-out', async () => {
  const { call, app } = await owner()
  await call('me')
  const other = await signIn(app, db)
  const sessions = await call('sessions')
  const second = sessions.sessions.find((s) => !s.current)!
  expect(other).toBeTruthy()
  await call('revokeSession', { id: second.id })
  await call('passkeys')
  await call('passkeyOptions')
  // No authenticator here: a made-up answer is refused, and an unknown passkey is not found.
  await call('addPasskey', { body: { challengeId: 'x', response: {}, name: 'probe' }, status: 400 })
  await call('removePasskey', { id: 'no-such-passkey', status: 404 })
  const log = await call('audit')
  expect(log.entries.length).toBeGreaterThan(0)
  await call('signOut')
})

test('owner-auth: the sign-in calls, made without a session', async () => {
  const { call } = await owner()
  const sent = await call('emailSignInLink', { body: { email: OWNER }, signedOut: true, status: 202 })
  expect(sent.message).toBe(EMAIL_LINK_ANSWER)
  await call('emailSignInLink', { body: { email: 'not an address' }, signedOut: true, status: 400 })
  const { challengeId } = await call('passkeySignInOptions', { signedOut: true })
  // No authenticator here: a made-up answer to a real challenge is refused.
  await call('passkeySignIn', { body: { challengeId, response: { id: 'x' } }, signedOut: true, status: 401 })
  await call('passkeySignIn', { body: { response: {} }, signedOut: true, status: 400 })
})

test('signups: the list, its figures, the CSV, a withheld welcome, the suppression list', async () => {
  const { call } = await owner()
  const page = await call('signups', { query: 'q=&page=1&size=25&status=all&platform=all' })
  expect(page.rows).toHaveLength(4)
  await call('signupStats', { query: 'days=30' })
  await call('signupsExport', { query: 'q=p1' })
  await call('sendWelcome', { body: { email: 'p1@example.com' } })
  await call('suppressions')
  await call('liftSuppression', { body: { email: 'nobody@example.com' } })
})

test('contact: the inbox, handled and reopened', async () => {
  const { call } = await owner()
  const inbox = await call('inbox', { query: 'filter=all&page=1&size=20' })
  expect(inbox.rows).toHaveLength(1)
  await call('markHandled', { id: inbox.rows[0]!.id })
  await call('reopen', { id: inbox.rows[0]!.id })
})

test('invitations: the figures, a preview, its confirmation, a store export', async () => {
  const { call } = await owner()
  await call('invitations')
  const preview = await call('invitationPreview', { query: 'n=2&platform=all' })
  expect(preview.rows).toHaveLength(2)
  const invited = await call('invite', { body: { ids: preview.rows.map((r) => r.id) } })
  expect(invited).toEqual({ invited: 2, skipped: 0 })
  const after = await call('signups', { query: 'status=invited' })
  expect(after.rows.map((r) => r.status)).toEqual(['invited', 'invited'])
  await call('storeExport', { query: 'format=testflight&status=invited&platform=all' })
})

test('tester-messages: the groups and a message to one', async () => {
  const { call } = await owner()
  const overview = await call('testerMessages')
  expect(overview.audiences.everyone).toBe(4)
  const sent = await call('sendTesterMessage', {
    body: {
      requestId: '6f1c2a5e-3b7d-4c1e-9a2f-1d2e3f4a5b6c',
      audience: 'everyone',
      subject: 'Hello',
      body: 'Hi',
      storeLinks: false,
    },
  })
  expect(sent).toMatchObject({ recipients: 4, created: true })
  // A text per language: every other language of the content's.
  const perLanguage = await call('sendTesterMessage', {
    body: {
      requestId: '7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d',
      audience: 'everyone',
      subject: 'Hello',
      body: 'Hi',
      translations: Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, { subject: `Hello ${l}`, body: `Hi ${l}` }])),
      storeLinks: false,
    },
  })
  expect(perLanguage).toMatchObject({ recipients: 4, created: true })
  const messages = (await call('testerMessages')).messages
  expect(messages.map((m) => m.languages)).toEqual([[DEFAULT_LOCALE, ...TRANSLATED_LOCALES], []])
})

test('feedback: the entries, their CSV, the build label', async () => {
  const { call } = await owner()
  await db.query(`insert into app_private.beta_feedback (email, rating, build) values ('ann@example.com', 4, '1.0')`)
  const feedback = await call('feedback', { query: 'platform=all' })
  expect(feedback.rows).toHaveLength(1)
  await call('feedbackExport', { query: 'platform=all' })
  await call('setBuildLabel', { body: { label: '1.1' } })
})

test('play-testing: the 12 x 14 card and its nudge', async () => {
  const { call } = await owner()
  const play = await call('playTesting')
  expect(play.rule).toEqual({ required: 12, days: 14 })
  await call('nudge')
})

test("data-access: a person's data, and erasure", async () => {
  const { call } = await owner()
  const data = await call('personData', { query: 'email=ann@example.com' })
  expect(data.tables['public.contact_messages']).toHaveLength(1)
  const erased = await call('erase', { body: { email: 'ann@example.com' } })
  expect(erased.contactMessages).toBe(1)
})

test('launch-analytics: the Launch view, its CSV and a share link', async () => {
  const { call } = await owner()
  await call('launch', { query: 'days=2&bucket=hour' })
  const queue = await call('emailQueue')
  expect(queue).toMatchObject({ fitsToday: true, ratePerSecond: null, dailyLimit: null })
  expect((await call('launchReadiness')).plan.busiestDaySignups).toBe(4)
  expect((await call('setExpectedSignups', { body: { expected: 500 } })).plan.list).toBe(500)
  await call('launchExport', { query: 'days=2&bucket=day' })
  await call('saveChannel', { body: { name: 'newsletter', source: 'Newsletter' } })
  await call('deleteChannel', { id: 'newsletter' })
})

test('outbound-events: webhook endpoints, their secret, log and replays', async () => {
  const { call } = await owner({ OUTBOUND_ALLOW_LOOPBACK: true })
  // An address literal on loopback: no DNS, and nothing is sent (no sender runs here).
  const fields = { url: 'https://127.0.0.1:9/hooks', events: ['signup.created'] }
  const made = await call('createWebhook', { body: fields })
  const id = made.endpoint.id
  expect((await call('webhooks')).endpoints).toHaveLength(1)
  await call('updateWebhook', { id, body: { ...fields, description: 'CRM' } })
  await call('rotateWebhookSecret', { id })
  await call('testWebhook', { id })
  await call('webhookLog', { id })
  await call('replayWebhook', { id, body: { since: new Date(0).toISOString() } })
  await call('deleteWebhook', { id })
})

test('api-tokens: create, list and revoke a token', async () => {
  const { call } = await owner()
  const made = await call('createApiToken', { body: { name: 'Grafana', scopes: ['stats:read'] } })
  expect((await call('apiTokens')).tokens).toHaveLength(1)
  expect((await call('revokeApiToken', { id: made.token.id })).revokedAt).not.toBeNull()
})

test("backups: the console card's status", async () => {
  const { call } = await owner()
  const status = await call('backups')
  expect(status.last).toBeNull()
  const csv = 'email,name\nnew@example.com,New\np1@example.com,Listed\n'
  const preview = await call('importSignups', { query: 'dryRun=1&file=list.csv', csv })
  expect(preview.counts).toMatchObject({ added: 1, alreadyListed: 1 })
})

test('the contract test calls every endpoint of the table', () => {
  expect(Object.keys(endpoints).filter((name) => !called.has(name as EndpointName))).toEqual([])
})

test('defaults and limits of the query schemas', async () => {
  expect(Contract.SignupListQuery.safeParse({ platform: 'windows' }).success).toBe(false)
  expect(Contract.InvitationPreviewQuery.safeParse({ n: String(Contract.MAX_INVITATION_BATCH + 1) }).success).toBe(
    false,
  )
  expect(Contract.SignupStatsQuery.parse({})).toEqual({ days: 30 })
  expect(Contract.SelectionQuery.parse({ q: '  a  ' })).toEqual({ status: 'all', platform: 'all', q: 'a' })
})
