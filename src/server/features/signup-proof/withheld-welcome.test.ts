import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/sha'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { SendWelcomeResult, SignupPage } from '../../../shared/signups.ts'
import { SIGNUP_PROOF_HEADER } from '../../../shared/signup-challenge.ts'
import { encodeSignupProof } from '../../../mail-core/signup-proof.ts'
import type { Db } from '../../db/db.ts'
import { asOwner, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { anonJson, DB_KINDS, testDb } from '../../test-app.ts'

// A sign-up whose welcome email the unverified budget refused stays reachable.

describe.each(DB_KINDS)('a welcome withheld by the unverified budget on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateOwner(db))

  const setUp = async () => {
    const app = await ownerApp(db, { UNVERIFIED_EMAILS_PER_HOUR: 1 })
    const cookie = await signIn(app, db)
    const join = async (email: string, proof?: string) => {
      expect((await app.request('/rest/v1/beta_signups', anonJson({ email }))).status).toBe(201)
      return resend(email, proof)
    }
    const resend = async (email: string, proof?: string) => {
      const headers: Record<string, string> = proof ? { [SIGNUP_PROOF_HEADER]: proof } : {}
      const res = await app.request('/functions/v1/resend-email', anonJson({ email }, { headers }))
      expect(res.status).toBe(200)
    }
    const states = async () => {
      const page = SignupPage.parse(await (await app.request('/admin/api/signups', asOwner(cookie))).json())
      return Object.fromEntries(page.rows.map((r) => [r.email, r.welcome]))
    }
    return { app, cookie, join, resend, states }
  }

  test('it shows as withheld, and the owner sends it (audited)', async () => {
    const { app, cookie, join, states } = await setUp()
    await join('first@example.com')
    await join('stranded@example.com')
    expect(await states()).toEqual({ 'first@example.com': 'queued', 'stranded@example.com': 'withheld' })

    const send = () =>
      app.request(
        '/admin/api/signups/send-welcome',
        asOwner(cookie, { method: 'POST', body: { email: 'stranded@example.com' } }),
      )
    expect(SendWelcomeResult.parse(await (await send()).json())).toEqual({ queued: true })
    expect((await states())['stranded@example.com']).toBe('queued')
    // Once only: a second click queues nothing.
    expect(SendWelcomeResult.parse(await (await send()).json())).toEqual({ queued: false })
    const audit = await db.query<{ action: string }>(
      "select action from app_private.owner_audit where action = 'welcome.send'",
    )
    expect(audit.rows).toHaveLength(2)
    // Confirmed now, so invitations and messages reach the person.
    const confirmed = await db.query<{ c: boolean }>(
      "select confirmed_at is not null as c from public.beta_signups where email = 'stranded@example.com'",
    )
    expect(confirmed.rows[0]!.c).toBe(true)
  })

  test('the next call with a valid proof for the address sends it', async () => {
    const { app, join, resend, states } = await setUp()
    await join('first@example.com')
    await join('later@example.com')
    expect((await states())['later@example.com']).toBe('withheld')
    const res = await app.request('/functions/v1/resend-email/challenge', { headers: anonJson(null).headers! })
    const challenge = (await res.json()) as Challenge
    const solution = await solveChallenge({ challenge, deriveKey })
    await resend('later@example.com', encodeSignupProof(challenge, solution!))
    expect((await states())['later@example.com']).toBe('queued')
  })
})
