import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { PersonData } from '../../../shared/data-access.ts'
import { LOCALES } from '../../../shared/locales.ts'
import type { Db } from '../../db/db.ts'
import { addressHash } from '../../owner/audit.ts'
import { ownerSecret } from '../../owner/keys.ts'
import { asOwner, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { count, DB_KINDS, testDb } from '../../test-app.ts'
import { NOT_ABOUT_A_PERSON, PERSON_DATA } from '../../features.ts'

// "Download data" holds every table's rows for that mailbox and nothing of anyone else;
// erasure covers the same list; and no table holding a person's address or sign-up is left out.

/** Columns that hold an address or point at a person's row. */
const PERSON_COLUMNS = ['email', 'to_email', 'google_account', 'signup_id', 'contact_message_id', 'mailbox_hmac']

describe.each(DB_KINDS)("a person's data on %s", (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateOwner(db)
  })

  /** One person with a row in every table of the list, and a neighbour with the same. */
  async function fill(email: string, n: number) {
    const s = await db.query<{ id: string }>(
      `insert into public.beta_signups (email, confirmed_at, platform, status, invited_at, invitation_links, opened_at, locale)
       values ($1, now(), 'android', 'invited', now(), 'android', now(), $2) returning id::text as id`,
      [email, LOCALES[0]],
    )
    const id = s.rows[0]!.id
    await db.query(`insert into app_private.play_testers (signup_id, google_account) values ($1, $2)`, [
      id,
      `play.${n}@gmail.com`,
    ])
    await db.query(`insert into app_private.play_answers (signup_id, answer) values ($1, 'joined'), ($1, 'left')`, [id])
    const m = await db.query<{ id: string }>(
      `insert into public.contact_messages (name, email, subject, message) values ($1, $2, 'general', $3) returning id::text as id`,
      [`Person ${n}`, email.toUpperCase(), `Message of person ${n}`],
    )
    await db.query(
      `insert into app_private.contact_message_states (contact_message_id, handled_by) values ($1, 'o@x.co')`,
      [m.rows[0]!.id],
    )
    await db.query(
      `insert into app_private.email_queue (kind, to_email, dedupe_key, status, sent_at, payload)
       values ('welcome', $1, $2, 'sent', now(), '{"secret":"body-ish"}'::jsonb)`,
      [email, `welcome:${email}`],
    )
    // Feedback through their link, and through the page without one (another spelling).
    await db.query(
      `insert into app_private.beta_feedback (signup_id, email, rating, works) values ($1, $2, 4, 'Invoices'), (null, $3, 2, '')`,
      [id, email, email.toUpperCase()],
    )
    await db.query(`insert into app_private.email_suppressions (mailbox_hmac) values (app_private.mailbox_hmac($1))`, [
      email,
    ])
    // A webhook event about them (written by a trigger when an endpoint wants it).
    await db.query(
      `insert into app_private.outbound_events (type, signup_id, data) values ('signup.created', $1, jsonb_build_object('email', $2::text))`,
      [id, email],
    )
  }

  test('the download holds every table of the list for that mailbox, in any spelling, and nothing of anyone else', async () => {
    await fill('ada.lovelace@gmail.com', 1)
    await fill('bob@example.com', 2)
    const app = await ownerApp(db)
    const cookie = await signIn(app, db)
    const res = await app.request(
      `/admin/api/people/data?email=${encodeURIComponent(' AdaLovelace+beta@googlemail.com ')}`,
      asOwner(cookie),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="person-data-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    expect(res.headers.get('cache-control')).toBe('no-store')
    const text = await res.text()
    const data = PersonData.parse(JSON.parse(text))
    expect(Object.keys(data.tables).sort()).toEqual(PERSON_DATA.map((s) => s.table).sort())
    // Every table has this person's rows.
    for (const source of PERSON_DATA) expect(data.tables[source.table]!.length, source.table).toBeGreaterThan(0)
    expect(data.tables['public.beta_signups']).toEqual([
      expect.objectContaining({
        email: 'ada.lovelace@gmail.com',
        platform: 'android',
        status: 'invited',
        locale: LOCALES[0],
      }),
    ])
    expect(data.tables['app_private.play_testers']).toEqual([
      expect.objectContaining({ google_account: 'play.1@gmail.com' }),
    ])
    expect(data.tables['app_private.play_answers']!.map((r) => r.answer)).toEqual(['joined', 'left'])
    expect(data.tables['public.contact_messages']).toEqual([
      expect.objectContaining({ message: 'Message of person 1' }),
    ])
    expect(data.tables['app_private.email_queue']).toEqual([
      { kind: 'welcome', status: 'sent', queued_at: expect.any(String), sent_at: expect.any(String), attempts: 0 },
    ])
    // Nothing of the neighbour, no email body or payload, no secret token.
    expect(text).not.toMatch(/bob@example\.com|play\.2@|person 2|body-ish/i)
    const secrets = await db.query<{ t: string }>(
      `select unnest(array[s.unsubscribe_token, s.platform_token, s.invite_token, p.answer_token])::text as t
       from public.beta_signups s join app_private.play_testers p on p.signup_id = s.id`,
    )
    expect(secrets.rows).toHaveLength(8)
    for (const { t } of secrets.rows) expect(text).not.toContain(t)

    // Audited as an access, the person named only by a keyed hash.
    const log = await db.query<{ action: string; detail: { person: string; rows: Record<string, number> } }>(
      `select action, detail from app_private.owner_audit where action = 'person.access'`,
    )
    expect(log.rows).toHaveLength(1)
    expect(log.rows[0]!.detail.person).toBe(addressHash(await ownerSecret(db), ' AdaLovelace+beta@googlemail.com '))
    expect(log.rows[0]!.detail.rows['public.beta_signups']).toBe(1)
    expect(JSON.stringify(log.rows)).not.toMatch(/lovelace/i)
  })

  test('an unknown mailbox gets a file with empty tables; bad input a 4xx in PostgREST shape; no session, 401', async () => {
    await fill('ada@example.com', 1)
    const app = await ownerApp(db)
    expect((await app.request('/admin/api/people/data?email=ada@example.com')).status).toBe(401)
    const cookie = await signIn(app, db)
    const none = PersonData.parse(
      await (await app.request('/admin/api/people/data?email=nobody@example.com', asOwner(cookie))).json(),
    )
    for (const rows of Object.values(none.tables)) expect(rows).toEqual([])
    for (const q of [
      '',
      '?email=',
      '?email=no-at-sign',
      `?email=${'x'.repeat(260)}@e.co`,
      '?email=a%00@b.co',
      '?email=a@b@c',
    ]) {
      const res = await app.request(`/admin/api/people/data${q}`, asOwner(cookie))
      expect(res.status, q).toBeGreaterThanOrEqual(400)
      expect(res.status, q).toBeLessThan(500)
      expect(Object.keys((await res.json()) as object).sort(), q).toEqual(['code', 'details', 'hint', 'message'])
    }
  })

  test('erasure empties every table of the list for that mailbox (but keeps its suppression) and no one else', async () => {
    await fill('ada@example.com', 1)
    await fill('bob@example.com', 2)
    const app = await ownerApp(db)
    const cookie = await signIn(app, db)
    const res = await app.request(
      '/admin/api/people/erase',
      asOwner(cookie, { method: 'POST', body: { email: 'ADA@example.com' } }),
    )
    expect(await res.json()).toMatchObject({ signups: 1, contactMessages: 1, emails: 1 })
    const after = PersonData.parse(
      await (await app.request('/admin/api/people/data?email=ada@example.com', asOwner(cookie))).json(),
    )
    for (const source of PERSON_DATA) {
      const rows = after.tables[source.table]!.length
      // The journal keeps every change of the mailbox (the erasure's among them); the list one row.
      if (source.table === 'app_private.suppression_journal') expect(rows, source.table).toBeGreaterThanOrEqual(2)
      else expect(rows, source.table).toBe('kept' in source.erase ? 1 : 0)
    }
    const bob = PersonData.parse(
      await (await app.request('/admin/api/people/data?email=bob@example.com', asOwner(cookie))).json(),
    )
    for (const source of PERSON_DATA) expect(bob.tables[source.table]!.length, source.table).toBeGreaterThan(0)
    expect(await count(db, 'app_private.play_testers')).toBe(1)
    expect(await count(db, 'app_private.play_answers')).toBe(2)
  })

  // The order matters here: the sign-up's delete masks the address in its events, after which
  // neither the address nor the sign-up finds them; so they are declared to go first.
  test('erasure leaves no webhook event about them, not even one with the address masked', async () => {
    await fill('ada@example.com', 1)
    await fill('bob@example.com', 2)
    const app = await ownerApp(db)
    const cookie = await signIn(app, db)
    const about = async (email: string) =>
      (
        await db.query<{ n: number }>(
          `select count(*)::int as n from app_private.outbound_events
           where signup_id = (select id from public.beta_signups where email = $1)`,
          [email],
        )
      ).rows[0]!.n
    const ada = (
      await db.query<{ id: string }>(`select id::text as id from public.beta_signups where email = 'ada@example.com'`)
    ).rows[0]!.id
    expect(await about('ada@example.com')).toBeGreaterThan(0)
    const res = await app.request(
      '/admin/api/people/erase',
      asOwner(cookie, { method: 'POST', body: { email: 'ada@example.com' } }),
    )
    expect(res.status).toBe(200)
    const left = await db.query(`select 1 from app_private.outbound_events where signup_id = $1`, [ada])
    expect(left.rows).toEqual([])
    expect(await about('bob@example.com')).toBeGreaterThan(0)
  })

  // Bob gave Ada's mailbox (another spelling) as his Google account.
  test("a mailbox held in another tester's Google-account field is downloaded and erased from that field only", async () => {
    await fill('ada@gmail.com', 1)
    await fill('bob@example.com', 2)
    await db.query(
      `update app_private.play_testers set google_account = 'A.D.A+play@gmail.com'
       where signup_id = (select id from public.beta_signups where email = 'bob@example.com')`,
    )
    const app = await ownerApp(db)
    const cookie = await signIn(app, db)
    const data = PersonData.parse(
      await (await app.request('/admin/api/people/data?email=ada@gmail.com', asOwner(cookie))).json(),
    )
    expect(data.tables['app_private.play_testers']).toContainEqual({
      google_account: 'A.D.A+play@gmail.com',
      given_by_another_tester: true,
    })
    const res = await app.request(
      '/admin/api/people/erase',
      asOwner(cookie, { method: 'POST', body: { email: 'ada@gmail.com' } }),
    )
    expect(res.status).toBe(200)
    const left = await db.query<{ email: string; google_account: string | null }>(
      `select s.email, p.google_account from app_private.play_testers p join public.beta_signups s on s.id = p.signup_id`,
    )
    expect(left.rows).toEqual([{ email: 'bob@example.com', google_account: null }])
  })

  /** Fails (as an expectation) when a table with a person's columns is in neither list; returns the tables seen. */
  async function unlisted(): Promise<string[]> {
    const r = await db.query<{ t: string }>(
      `select distinct c.table_schema || '.' || c.table_name as t
       from information_schema.columns c join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
       where c.table_schema in ('public', 'app_private') and c.column_name = any ($1::text[])
       union
       select distinct n.nspname || '.' || cl.relname
       from pg_constraint k join pg_class cl on cl.oid = k.conrelid join pg_namespace n on n.oid = cl.relnamespace
       where k.contype = 'f' and k.confrelid in ('public.beta_signups'::regclass, 'public.contact_messages'::regclass)
       order by 1`,
      [PERSON_COLUMNS],
    )
    const listed = new Set(PERSON_DATA.map((s) => s.table))
    const missing = r.rows.map((x) => x.t).filter((t) => !listed.has(t) && !(t in NOT_ABOUT_A_PERSON))
    expect(missing, "add these tables to their feature's personData (src/server/person-data.ts)").toEqual([])
    return r.rows.map((x) => x.t)
  }

  test('guard: every table with an address or a sign-up id is in the list (download and erasure) or named as not about a person', async () => {
    const seen = await unlisted()
    // The guard sees the tables it should (it would pass vacuously on an empty result otherwise).
    for (const t of [
      'public.beta_signups',
      'app_private.play_testers',
      'app_private.play_answers',
      'app_private.email_queue',
    ])
      expect(seen).toContain(t)
    // Each listed table exists, and erasure either deletes it, cascades to it from a deleted table, or says why it stays.
    for (const source of PERSON_DATA) {
      expect(await count(db, source.table)).toBeGreaterThanOrEqual(0)
      if ('cascadesFrom' in source.erase) {
        const parent = PERSON_DATA.find((s) => s.table === (source.erase as { cascadesFrom: string }).cascadesFrom)
        expect(parent && 'sql' in parent.erase, source.table).toBe(true)
      }
    }
  })

  test('guard: a new table with a sign-up id or an address, in neither list, fails it', async () => {
    for (const column of ['signup_id bigint references public.beta_signups (id)', 'email text']) {
      await db.exec(`create table app_private.guard_probe (${column})`)
      try {
        await expect(unlisted()).rejects.toThrow(/app_private\.guard_probe/)
      } finally {
        await db.exec('drop table app_private.guard_probe')
      }
    }
  })
})
