import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { anonJson, count, DB_KINDS, testApp, testDb, truncateAll } from '../test-app.ts'
import type { Db } from './db.ts'
import { unsubscribe } from '../../mail-core/signup-emails.ts'
import { countSuppressions, isSuppressed, liftSuppression } from './suppressions.ts'

describe.each(DB_KINDS)('the suppression list on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let app: ReturnType<typeof testApp>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
    app = testApp(db)
  })
  afterAll(() => close())
  beforeEach(() => truncateAll(db))

  const signUp = (email: string) => app.request('/rest/v1/beta_signups', anonJson({ email }))
  const resend = (email: string) => app.request('/functions/v1/resend-email', anonJson({ email }))
  const tokenOf = async () =>
    (await db.query<{ t: string }>('select unsubscribe_token::text as t from public.beta_signups')).rows[0]!.t
  const leave = async () => {
    const res = await app.request(`/unsubscribe?token=${await tokenOf()}`, { method: 'POST' })
    expect(res.status).toBe(200)
  }

  test('app_private.hmac_sha256 is HMAC-SHA-256 (RFC 2104), for short, block-sized and long keys', async () => {
    for (const keyLength of [0, 1, 32, 64, 65, 131]) {
      const key = Buffer.alloc(keyLength, 0).map((_, i) => (i * 37 + keyLength) % 256)
      for (const message of ['', 'ada@example.com', 'é'.repeat(100)]) {
        const r = await db.query<{ h: Uint8Array }>(
          "select app_private.hmac_sha256($1::bytea, convert_to($2, 'UTF8')) as h",
          [key, message],
        )
        expect(Buffer.from(r.rows[0]!.h).toString('hex'), `${keyLength}/${message}`).toBe(
          createHmac('sha256', key).update(message).digest('hex'),
        )
      }
    }
  })

  test('after leaving, signing up again gets the usual answers but stores nothing and queues nothing', async () => {
    expect((await signUp('Ada@example.com')).status).toBe(201)
    expect((await resend('Ada@example.com')).status).toBe(200)
    await leave()
    for (const spelling of ['Ada@example.com', 'ada+again@EXAMPLE.com']) {
      const again = await signUp(spelling)
      expect(again.status).toBe(201)
      expect(await again.text()).toBe('')
      const res = await resend(spelling)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ queued: true })
    }
    expect(await count(db, 'public.beta_signups')).toBe(0)
    expect(await count(db, 'app_private.email_queue')).toBe(0)
    // Another mailbox is not affected.
    expect((await signUp('bo@example.com')).status).toBe(201)
    expect(await count(db, 'public.beta_signups')).toBe(1)
  })

  test('the database enforces it: an anon insert that skips the server stores nothing', async () => {
    await signUp('ada@example.com')
    await leave()
    await db.asAnon("insert into public.beta_signups (email) values ('ADA@example.com')")
    expect(await count(db, 'public.beta_signups')).toBe(0)
  })

  test('only a keyed hash of the canonical mailbox is kept, never the address', async () => {
    await signUp('Ada.Lovelace+beta@Example.com')
    await leave()
    const rows = await db.query<{ mailbox_hmac: Uint8Array }>('select mailbox_hmac from app_private.email_suppressions')
    expect(rows.rows).toHaveLength(1)
    const key = (await db.query<{ k: Uint8Array }>('select app_private.suppression_key() as k')).rows[0]!.k
    expect(key.byteLength).toBe(32)
    const expected = createHmac('sha256', key).update('ada.lovelace@example.com').digest('hex')
    expect(Buffer.from(rows.rows[0]!.mailbox_hmac).toString('hex')).toBe(expected)
    // Nothing anywhere in the database still names the address.
    const dump = await db.query<{ t: string }>(
      `select string_agg(t::text, ' ') as t from (
         select row_to_json(s) as t from public.beta_signups s
         union all select row_to_json(q) from app_private.email_queue q
         union all select row_to_json(x) from app_private.email_suppressions x) all_rows`,
    )
    expect(String(dump.rows[0]!.t ?? '').toLowerCase()).not.toContain('lovelace')
  })

  test('lifting a suppression lets the mailbox sign up again, with any spelling', async () => {
    await signUp('ada@example.com')
    await leave()
    expect(await isSuppressed(db, 'ADA+x@example.com')).toBe(true)
    expect((await countSuppressions(db)).count).toBe(1)
    expect(await liftSuppression(db, 'Ada+whatever@example.com')).toBe(true)
    expect(await liftSuppression(db, 'ada@example.com')).toBe(false)
    expect(await isSuppressed(db, 'ada@example.com')).toBe(false)
    expect((await signUp('ada@example.com')).status).toBe(201)
    expect(await count(db, 'public.beta_signups')).toBe(1)
  })

  test('an unknown token suppresses nothing', async () => {
    expect(await unsubscribe(db, '00000000-0000-4000-8000-000000000000')).toBe(false)
    expect((await countSuppressions(db)).count).toBe(0)
  })
})

/**
 * Supabase keeps the key in Vault. A stand-in with Vault's interface (vault.create_secret and the
 * vault.decrypted_secrets view) shows that the migration puts the key there, not in app_private.
 */
const FAKE_VAULT = `
  create schema vault;
  create table vault.secrets (id uuid primary key default gen_random_uuid(), name text unique, description text, secret text not null);
  create function vault.create_secret(new_secret text, new_name text, new_description text) returns uuid
  language sql as $$ insert into vault.secrets (secret, name, description) values (new_secret, new_name, new_description) returning id $$;
  create view vault.decrypted_secrets as select id, name, description, secret, secret as decrypted_secret from vault.secrets;
`

describe.each(DB_KINDS)('the suppression key with Vault on %s', (kind) => {
  test('the migration stores the key in Vault and suppression reads it from there', async () => {
    const { db, close } = await testDb(kind, { beforeMigrate: (d) => d.exec(FAKE_VAULT) })
    try {
      expect(await count(db, 'app_private.secrets')).toBe(0)
      const secret = await db.query<{ secret: string }>(
        "select secret from vault.secrets where name = 'suppression_hmac_key'",
      )
      expect(secret.rows[0]!.secret).toMatch(/^[0-9a-f]{64}$/)
      await db.query("insert into public.beta_signups (email) values ('ada@example.com')")
      const token = (await db.query<{ t: string }>('select unsubscribe_token::text as t from public.beta_signups'))
        .rows[0]!.t
      expect(await unsubscribe(db, token)).toBe(true)
      const stored = await db.query<{ h: Uint8Array }>('select mailbox_hmac as h from app_private.email_suppressions')
      const expected = createHmac('sha256', Buffer.from(secret.rows[0]!.secret, 'hex'))
        .update('ada@example.com')
        .digest('hex')
      expect(Buffer.from(stored.rows[0]!.h).toString('hex')).toBe(expected)
    } finally {
      await close()
    }
  })
})
