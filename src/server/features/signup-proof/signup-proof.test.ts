import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/sha'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { SIGNUP_PROOF_HEADER } from '../../../shared/signup-challenge.ts'
import { createSignupChallenge, encodeSignupProof } from '../../../mail-core/signup-proof.ts'
import type { Db } from '../../db/db.ts'
import { anonJson, count, DB_KINDS, fromAddress, testApp, testDb, truncateAll } from '../../test-app.ts'

const SECRET = 'launch-day-test-secret-0123456789abcdef'
const WEBHOOK_SECRET = `whsec_${btoa('launch-day-webhook-secret-bytes!')}`

/** A solved proof, as the page's worker makes it. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('no solution')
  return encodeSignupProof(challenge, solution)
}

const welcomes = (db: Db) => count(db, "app_private.email_queue where kind = 'welcome'")

describe.each(DB_KINDS)('the sign-up proof on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateAll(db))

  const appWith = (config: Record<string, unknown> = {}) =>
    testApp(db, {
      config: {
        SIGNUP_CHALLENGE_SECRET: SECRET,
        UNVERIFIED_EMAILS_PER_HOUR: 20,
        RESEND_WEBHOOK_SECRET: WEBHOOK_SECRET,
        ...config,
      },
    })
  type App = ReturnType<typeof appWith>
  const signUp = (app: App, email: string, ip = '203.0.113.1') =>
    app.request('/rest/v1/beta_signups', anonJson({ email }), fromAddress(ip))
  const resend = (app: App, email: string, proof?: string, ip = '203.0.113.1') =>
    app.request(
      '/functions/v1/resend-email',
      anonJson({ email }, { headers: proof ? { [SIGNUP_PROOF_HEADER]: proof } : {} }),
      fromAddress(ip),
    )
  const challenge = async (app: App) => {
    const res = await app.request('/functions/v1/resend-email/challenge', {
      ...anonJson(null),
      method: 'GET',
      body: null,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    return (await res.json()) as Challenge
  }

  test('60 bare calls from 60 client addresses queue at most UNVERIFIED_EMAILS_PER_HOUR emails, with the same answers', async () => {
    const app = appWith({ RATE_LIMIT_SIGNUP_PER_MINUTE: 30, RATE_LIMIT_EMAIL_PER_MINUTE: 30 })
    const answers = new Set<string>()
    for (let i = 0; i < 60; i++) {
      const ip = `198.51.100.${i + 1}`
      expect((await signUp(app, `stranger-${i}@example.com`, ip)).status).toBe(201)
      const res = await resend(app, `stranger-${i}@example.com`, undefined, ip)
      expect(res.status).toBe(200)
      answers.add(await res.text())
    }
    expect([...answers]).toEqual(['{"queued":true}'])
    expect(await count(db, 'public.beta_signups')).toBe(60)
    expect(await welcomes(db)).toBe(20)
  })

  test('the budget is spent only by emails that are queued: repeats and strangers cost nothing', async () => {
    const app = appWith({ UNVERIFIED_EMAILS_PER_HOUR: 2 })
    await signUp(app, 'one@example.com')
    for (let i = 0; i < 5; i++) await resend(app, 'one@example.com')
    for (let i = 0; i < 5; i++) await resend(app, `nobody-${i}@example.com`)
    await signUp(app, 'two@example.com')
    await resend(app, 'two@example.com')
    await signUp(app, 'three@example.com')
    await resend(app, 'three@example.com')
    expect(await welcomes(db)).toBe(2)
  })

  test('a valid proof sends as today, past an empty budget; the same proof used twice sends once', async () => {
    const app = appWith({ UNVERIFIED_EMAILS_PER_HOUR: 0 })
    const proof = await solve(await challenge(app))
    await signUp(app, 'real@example.com')
    await signUp(app, 'again@example.com')
    expect((await resend(app, 'real@example.com', proof)).status).toBe(200)
    expect(await welcomes(db)).toBe(1)
    const reused = await resend(app, 'again@example.com', proof)
    expect(reused.status).toBe(200)
    expect(await reused.json()).toEqual({ queued: true })
    expect(await welcomes(db)).toBe(1)
  })

  test('an expired, forged or malformed proof counts as none', async () => {
    const app = appWith({ UNVERIFIED_EMAILS_PER_HOUR: 0 })
    const expired = await solve(await createSignupChallenge(SECRET, Date.now() - 3_600_000))
    const forged = await solve(await createSignupChallenge('another-secret-of-at-least-32-characters'))
    const tampered = (() => {
      const p = JSON.parse(atob(forged)) as { challenge: Challenge }
      p.challenge.parameters.expiresAt = 4_000_000_000
      return btoa(JSON.stringify(p))
    })()
    for (const [i, proof] of [expired, forged, tampered, 'not base64 !', btoa('{"x":1}'), 'A'.repeat(5000)].entries()) {
      await signUp(app, `bad-${i}@example.com`)
      const res = await resend(app, `bad-${i}@example.com`, proof)
      expect(res.status).toBe(200)
    }
    expect(await welcomes(db)).toBe(0)
  })

  test("SIGNUP_CHALLENGE=off restores today's behaviour: no challenge, no budget", async () => {
    const app = appWith({ SIGNUP_CHALLENGE: 'off', UNVERIFIED_EMAILS_PER_HOUR: 0 })
    await signUp(app, 'old@example.com')
    await resend(app, 'old@example.com')
    expect(await welcomes(db)).toBe(1)
    const res = await app.request('/functions/v1/resend-email/challenge', {
      ...anonJson(null),
      method: 'GET',
      body: null,
    })
    expect(res.status).toBe(404)
  })

  test('without SIGNUP_CHALLENGE_SECRET the key kept in the database signs, the same in every app on it', async () => {
    const a = appWith({ SIGNUP_CHALLENGE_SECRET: undefined, UNVERIFIED_EMAILS_PER_HOUR: 0 })
    const b = appWith({ SIGNUP_CHALLENGE_SECRET: undefined, UNVERIFIED_EMAILS_PER_HOUR: 0 })
    const proof = await solve(await challenge(a))
    await signUp(b, 'keyed@example.com')
    await resend(b, 'keyed@example.com', proof)
    expect(await welcomes(db)).toBe(1)
  })

  describe('Resend webhook', () => {
    const hook = new Webhook(WEBHOOK_SECRET)
    const event = (type: string, to: string, bounceType = 'Permanent') =>
      JSON.stringify({
        type,
        created_at: new Date().toISOString(),
        data: { email_id: 'e1', to: [to], subject: 'Welcome', bounce: { type: bounceType, message: 'gone' } },
      })
    const post = (app: App, body: string, headers: Record<string, string>) =>
      app.request('/webhooks/resend', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      })
    const signed = (id: string, body: string, at = new Date()) => ({
      'svix-id': id,
      'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
      'svix-signature': hook.sign(id, at, body),
    })
    const reasons = async () =>
      (
        await db.query<{ reason: string }>('select reason from app_private.email_suppressions order by reason')
      ).rows.map((r) => r.reason)

    test('a signed hard bounce suppresses the mailbox: a re-sign-up stores and mails nothing', async () => {
      const app = appWith()
      const body = event('email.bounced', 'Gone.Person+x@gmail.com')
      const res = await post(app, body, signed('msg_1', body))
      expect(res.status).toBe(200)
      expect(await reasons()).toEqual(['bounced'])
      expect((await signUp(app, 'goneperson@gmail.com')).status).toBe(201)
      await resend(app, 'goneperson@gmail.com')
      expect(await count(db, 'public.beta_signups')).toBe(0)
      expect(await welcomes(db)).toBe(0)
    })

    test('a complaint suppresses; a soft bounce and other events change nothing', async () => {
      const app = appWith()
      const soft = event('email.bounced', 'full@example.com', 'Transient')
      expect((await post(app, soft, signed('msg_soft', soft))).status).toBe(200)
      const delivered = event('email.delivered', 'ok@example.com')
      expect((await post(app, delivered, signed('msg_ok', delivered))).status).toBe(200)
      expect(await reasons()).toEqual([])
      const spam = event('email.complained', 'angry@example.com')
      expect((await post(app, spam, signed('msg_spam', spam))).status).toBe(200)
      expect(await reasons()).toEqual(['complained'])
    })

    test('unsigned, wrongly signed and stale events change nothing and get 401', async () => {
      const app = appWith()
      const body = event('email.bounced', 'victim@example.com')
      const good = signed('msg_2', body)
      const attempts: Array<[string, Record<string, string>]> = [
        ['unsigned', {}],
        [
          'wrong signature',
          { ...good, 'svix-signature': new Webhook(`whsec_${btoa('x'.repeat(32))}`).sign('msg_2', new Date(), body) },
        ],
        ['stale', signed('msg_3', body, new Date(Date.now() - 10 * 60_000))],
        ['from the future', signed('msg_4', body, new Date(Date.now() + 10 * 60_000))],
        ['another body', good],
      ]
      for (const [name, headers] of attempts) {
        const res = await post(
          app,
          name === 'another body' ? event('email.bounced', 'other@example.com') : body,
          headers,
        )
        expect(res.status, name).toBe(401)
        expect(await res.json(), name).toMatchObject({ code: 'UNAUTHORIZED', details: null })
      }
      expect(await reasons()).toEqual([])
      expect((await post(app, body, good)).status).toBe(200)
      expect(await reasons()).toEqual(['bounced'])
    })

    // Resend retries any non-2xx for about a day, so a lost 200 must not turn
    // the retry into a failed delivery.
    test('a redelivered event (known id, valid signature) answers 200 and does nothing twice', async () => {
      const app = appWith()
      const body = event('email.bounced', 'victim@example.com')
      const good = signed('msg_again', body)
      expect((await post(app, body, good)).status).toBe(200)
      expect(await reasons()).toEqual(['bounced'])
      // The owner lifts it meanwhile; a redelivery must not suppress the mailbox again.
      await db.query("select app_private.lift_suppression('victim@example.com')")
      const again = await post(app, body, signed('msg_again', body))
      expect(again.status).toBe(200)
      expect(await again.json()).toEqual({ received: true, duplicate: true })
      expect(await reasons()).toEqual([])
      expect(await count(db, 'app_private.webhook_deliveries')).toBe(1)
    })

    test('without RESEND_WEBHOOK_SECRET every event gets 401', async () => {
      const app = appWith({ RESEND_WEBHOOK_SECRET: undefined })
      const body = event('email.bounced', 'victim@example.com')
      expect((await post(app, body, signed('msg_5', body))).status).toBe(401)
      expect(await reasons()).toEqual([])
    })
  })
})

// Supabase keeps the challenge key in Vault, as the suppression key (src/server/db/suppressions.test.ts has the stand-in).
const FAKE_VAULT = `
  create schema vault;
  create table vault.secrets (id uuid primary key default gen_random_uuid(), name text unique, description text, secret text not null);
  create function vault.create_secret(new_secret text, new_name text, new_description text) returns uuid
  language sql as $$ insert into vault.secrets (secret, name, description) values (new_secret, new_name, new_description) returning id $$;
  create view vault.decrypted_secrets as select id, name, description, secret, secret as decrypted_secret from vault.secrets;
`

test('with Vault, the migration keeps the challenge key there and challenges are signed with it', async () => {
  const { db, close } = await testDb('pglite', { beforeMigrate: (d) => d.exec(FAKE_VAULT) })
  try {
    expect(await count(db, "app_private.secrets where name = 'signup_challenge_key'")).toBe(0)
    const stored = await db.query<{ secret: string }>(
      "select secret from vault.secrets where name = 'signup_challenge_key'",
    )
    expect(stored.rows[0]!.secret).toMatch(/^[0-9a-f]{64}$/)
    const app = testApp(db, { config: { UNVERIFIED_EMAILS_PER_HOUR: 0 } })
    const res = await app.request('/functions/v1/resend-email/challenge', {
      ...anonJson(null),
      method: 'GET',
      body: null,
    })
    const proof = await solve((await res.json()) as Challenge)
    const decoded = JSON.parse(atob(proof)) as { challenge: Challenge }
    const again = await createSignupChallenge(stored.rows[0]!.secret)
    // Same key: a challenge made here with Vault's secret verifies like the served one.
    expect(decoded.challenge.signature).toMatch(/^[0-9a-f]{64}$/)
    await app.request('/rest/v1/beta_signups', anonJson({ email: 'vault@example.com' }))
    await app.request(
      '/functions/v1/resend-email',
      anonJson({ email: 'vault@example.com' }, { headers: { [SIGNUP_PROOF_HEADER]: await solve(again) } }),
    )
    expect(await welcomes(db)).toBe(1)
  } finally {
    await close()
  }
  // A new PGlite migrated from the first migration, and two proofs of work solved: 7 s on a quiet
  // 2-core machine, 27 to 30 s at a load average of 7 (the same on the code before issue 52).
}, 90_000)
