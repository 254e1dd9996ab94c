import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/sha'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { encodeSignupProof } from '../src/mail-core/signup-proof.ts'
import { SIGNUP_PROOF_HEADER } from '../src/shared/signup-challenge.ts'
import { anonJson } from '../src/server/test-app.ts'
import { startResendStandIn, type ResendStandIn } from './support/resend-stand-in.ts'
import { startSupabaseDatabase, type SupabaseDatabase } from './support/supabase-database.ts'
import { startFunction, type RunningFunction } from './support/supabase-function.ts'

// Launch day on the Supabase deployment: the resend-email edge function under the real Deno binary
// (its deno.json's npm: pins) serves the challenge, checks proofs with the key the migration keeps
// in the database, holds the unverified budget, and takes Resend's signed webhook.

const API_KEY = 're_test_launch_day'
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64')}`
const BUDGET = 3
const SERVICE_KEY = `service-role-${randomBytes(16).toString('hex')}`

let supa: SupabaseDatabase
let admin: pg.Client
let api: pg.Client
let resend: ResendStandIn
let fn: RunningFunction

beforeAll(async () => {
  ;[supa, resend] = await Promise.all([startSupabaseDatabase(), startResendStandIn({ apiKey: API_KEY })])
  admin = new pg.Client({ connectionString: supa.url })
  api = new pg.Client({ connectionString: supa.authenticatorUrl })
  await Promise.all([admin.connect(), api.connect()])
  fn = await startFunction({ ...functionSettings(), UNVERIFIED_EMAILS_PER_HOUR: String(BUDGET) })
}, 180_000)
afterAll(async () => {
  await fn?.stop()
  await Promise.all([api?.end(), admin?.end()])
  await Promise.all([supa?.stop(), resend?.close()])
})

const functionSettings = () => ({
  SUPABASE_DB_URL: supa.url,
  RESEND_API_KEY: API_KEY,
  EMAIL_FROM: 'Beta Team <hello@example.com>',
  SITE_URL: 'https://beta.example.com',
  RESEND_API_URL: resend.url,
  SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
  RESEND_WEBHOOK_SECRET: WEBHOOK_SECRET,
})

/** The page's sign-up, as PostgREST runs it: the authenticator login, `set role anon`, one insert. */
async function signUp(email: string): Promise<void> {
  await api.query('begin')
  await api.query('set local role anon')
  await api.query('insert into public.beta_signups (email) values ($1)', [email])
  await api.query('commit')
}
const resendEmail = (email: string, proof?: string, to: RunningFunction = fn) =>
  fetch(`${to.url}/resend-email`, anonJson({ email }, { headers: proof ? { [SIGNUP_PROOF_HEADER]: proof } : {} }))
const queued = async () =>
  Number((await admin.query("select count(*) as n from app_private.email_queue where kind = 'welcome'")).rows[0].n)

test('the challenge round trip: a solved challenge sends past the budget, once; the preflight allows its header', async () => {
  const preflight = await fetch(`${fn.url}/resend-email`, {
    method: 'OPTIONS',
    headers: { origin: 'https://beta.example.com', 'access-control-request-headers': SIGNUP_PROOF_HEADER },
  })
  expect(preflight.headers.get('access-control-allow-headers')).toContain(SIGNUP_PROOF_HEADER)

  await admin.query(
    `insert into app_private.unverified_email_budget (hour_start, used)
     values (date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC', ${BUDGET})
     on conflict (hour_start) do update set used = ${BUDGET}`,
  )
  const { headers } = anonJson(null)
  const res = await fetch(`${fn.url}/resend-email/challenge`, { headers })
  expect(res.status).toBe(200)
  const challenge = (await res.json()) as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  const proof = encodeSignupProof(challenge, solution!)
  await signUp('solver@example.com')
  await signUp('replayer@example.com')
  expect((await resendEmail('solver@example.com', proof)).status).toBe(200)
  expect(resend.emailsTo('solver@example.com')).toHaveLength(1)
  const again = await resendEmail('replayer@example.com', proof)
  expect(await again.json()).toEqual({ queued: true })
  expect(resend.emailsTo('replayer@example.com')).toHaveLength(0)
})

test('bare calls share the hourly budget: the rest get the same answer and no email', async () => {
  await admin.query('truncate app_private.unverified_email_budget')
  const before = await queued()
  for (let i = 0; i < BUDGET + 4; i++) {
    await signUp(`bare-${i}@example.com`)
    const res = await resendEmail(`bare-${i}@example.com`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ queued: true })
  }
  expect((await queued()) - before).toBe(BUDGET)
})

test('the webhook: a signed complaint suppresses; unsigned and stale events get 401, a redelivery 200 and nothing more', async () => {
  const hook = new Webhook(WEBHOOK_SECRET)
  const body = JSON.stringify({ type: 'email.complained', data: { to: ['angry@example.com'] } })
  const post = (headers: Record<string, string>) =>
    fetch(`${fn.url}/resend-email/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })
  const signed = (id: string, at = new Date()) => ({
    'svix-id': id,
    'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
    'svix-signature': hook.sign(id, at, body),
  })
  const reasons = async () =>
    (await admin.query<{ reason: string }>('select reason from app_private.email_suppressions')).rows.map(
      (r) => r.reason,
    )
  expect((await post({})).status).toBe(401)
  expect((await post(signed('msg_old', new Date(Date.now() - 600_000)))).status).toBe(401)
  expect(await reasons()).toEqual([])
  const first = signed('msg_1')
  const ok = await post(first)
  expect(ok.status).toBe(200)
  expect(await reasons()).toEqual(['complained'])
  // A redelivered event (known id, valid signature) is answered 200 and changes nothing.
  await admin.query("select app_private.lift_suppression('angry@example.com')")
  const replay = await post(first)
  expect(replay.status).toBe(200)
  expect(await replay.json()).toEqual({ received: true, duplicate: true })
  expect(await reasons()).toEqual([])
  await admin.query("select app_private.suppress_mailbox('angry@example.com', 'complained')")
  // The mailbox signs up again: nothing is stored, nothing is sent.
  await signUp('angry@example.com')
  await resendEmail('angry@example.com')
  expect(resend.emailsTo('angry@example.com')).toHaveLength(0)
})

test("the plan's limits hold the function's sending: EMAIL_RATE_PER_SECOND and EMAIL_DAILY_LIMIT, in the shared budget", async () => {
  const limited = await startFunction({
    ...functionSettings(),
    UNVERIFIED_EMAILS_PER_HOUR: '1000000',
    EMAIL_RATE_PER_SECOND: '0.001',
    EMAIL_DAILY_LIMIT: '1000',
  })
  const retry = () =>
    fetch(`${limited.url}/resend-email/retry`, { method: 'POST', headers: { authorization: `Bearer ${SERVICE_KEY}` } })
  const row = async () =>
    (
      await admin.query<{ status: string; attempts: number }>(
        "select status, attempts from app_private.email_queue where to_email = 'paced@example.com'",
      )
    ).rows
  try {
    // The bucket was just emptied: at 0.001 a second its next token is 1,000 s away.
    await admin.query('update app_private.email_budget set tokens = 0, refilled_at = now(), paused_until = null')
    await signUp('paced@example.com')
    expect((await resendEmail('paced@example.com', undefined, limited)).status).toBe(200)
    expect(resend.emailsTo('paced@example.com')).toEqual([])
    expect(await row()).toEqual([{ status: 'pending', attempts: 0 }])

    // A full bucket, but the day's 1,000 are spent (the day as take_email_tokens counts it).
    await admin.query(
      "update app_private.email_budget set tokens = null, day = (clock_timestamp() at time zone 'UTC')::date, day_sent = 1000",
    )
    expect((await retry()).status).toBe(202)
    expect(resend.emailsTo('paced@example.com')).toEqual([])
    expect(await row()).toEqual([{ status: 'pending', attempts: 0 }])

    // One left today: it goes, and the day's count says so.
    await admin.query('update app_private.email_budget set day_sent = 999')
    expect((await retry()).status).toBe(202)
    expect(resend.emailsTo('paced@example.com')).toHaveLength(1)
    expect((await admin.query('select day_sent from app_private.email_budget')).rows[0].day_sent).toBe(1000)
  } finally {
    await limited.stop()
  }
}, 120_000)

test('nonsense limits stop the function at start, each setting named as the Node server names it', async () => {
  await expect(
    startFunction({ ...functionSettings(), EMAIL_RATE_PER_SECOND: '0', EMAIL_DAILY_LIMIT: '1.5' }),
  ).rejects.toThrow(
    /EMAIL_RATE_PER_SECOND: must be more than 0 \(unset it for no limit\)\n {2}EMAIL_DAILY_LIMIT: must be a whole number of emails per day, such as 100/,
  )
}, 120_000)
