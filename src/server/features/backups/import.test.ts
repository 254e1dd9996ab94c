import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { LOCALES } from '../../../shared/content.ts'
import { ImportResult } from '../../../shared/backups.ts'
import { IMPORT_LISTED_INVALID } from '../../../shared/list-import.ts'
import { OUTBOUND_EVENTS } from '../../../shared/outbound-events.ts'
import { suppressMailbox } from '../../../mail-core/suppressions.ts'
import type { Db } from '../../db/db.ts'
import { DB_KINDS, testDb } from '../../test-app.ts'
import { asOwner, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { importCsv, parseCreated, parseLanguage, sourceFromFileName, type ImportOptions } from './import.ts'
import { detectDelimiter, findColumns } from './import-csv.ts'

// Issue 42, item 4: a list exported by another tool, imported by canonical mailbox, never over
// the suppression list, and without an email unless the owner asks for one.

const from = (text: string | Buffer, chunk = 1000) =>
  async function* () {
    const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8')
    // Small chunks: a row, a UTF-8 character or the BOM split across reads must not matter.
    for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk)
  }

const options = (o: Partial<ImportOptions> = {}): ImportOptions => ({
  source: sourceFromFileName('mailchimp-export.csv'),
  send: 'none',
  dryRun: false,
  actor: 'test',
  emailIntervalMs: 0,
  ...o,
})

/** The site's last language (a second one when the site has two), as a file might spell it. */
const LANG = LOCALES.at(-1)!

/**
 * 10,000 rows: 9,992 new people, 2 duplicates within the file (letter case, a +tag), 2 already
 * on the list (one a Gmail dot variant), 1 suppressed, 3 invalid (rows 5001, 5002, 5003).
 */
function bigFile(): string {
  const d = ','
  const lines = [`Email Address${d}First Name${d}Signed up at${d}Language`]
  let n = 0
  for (let i = 1; lines.length < 10_001; i++) {
    if (lines.length === 5000) {
      lines.push(`not-an-email${d}Bad${d}${d}`, `${d}No address${d}${d}`, `a@b@c${d}Worse${d}${d}`)
      continue
    }
    if (lines.length === 6000) {
      lines.push(
        `PERSON1@example.org${d}Again${d}${d}`,
        `person2+news@example.org${d}Tagged${d}${d}`,
        `old1@example.com${d}Listed${d}${d}`,
        `oldtwo+x@googlemail.com${d}Listed${d}${d}`,
        `Gone@Example.com${d}Left${d}${d}`,
      )
      continue
    }
    n++
    const created = i % 2 ? `2026-0${(i % 9) + 1}-15 10:00:00` : 'yesterday'
    const lang = i % 3 === 0 ? LANG.toUpperCase() : i % 3 === 1 ? 'xx' : ''
    lines.push(`person${i}@example.org${d}"Person, ${i}"${d}${created}${d}${lang}`)
  }
  expect(n).toBe(9_992)
  return lines.join('\r\n') + '\r\n'
}

test('the header names the columns, whatever tool spelled them', () => {
  expect(findColumns(['E-Mail', 'Vorname'])).toMatchObject({ email: 'E-Mail', name: 'Vorname', created: null })
  expect(findColumns(['Timestamp', 'Email Address', 'Name'])).toMatchObject({
    email: 'Email Address',
    created: 'Timestamp',
  })
  expect(findColumns(['EMAIL', 'OPTIN_TIME', 'LANGUAGE', 'SOURCE'])).toMatchObject({
    email: 'EMAIL',
    created: 'OPTIN_TIME',
    language: 'LANGUAGE',
    source: 'SOURCE',
  })
  expect(findColumns(['address', 'when'])).toBeNull()
  expect(detectDelimiter('email;name;"a,b"')).toBe(';')
  expect(detectDelimiter('email,name')).toBe(',')
  expect(detectDelimiter('email\tname')).toBe('\t')
  expect(detectDelimiter('email')).toBe(',')
})

test('a created date is kept when it is a real past date; a language when the site speaks it', () => {
  const now = Date.parse('2026-11-26T12:00:00Z')
  expect(parseCreated('2026-03-01', now)).toBe('2026-03-01T00:00:00.000Z')
  expect(parseCreated('2026-03-01 10:20:30', now)).toBe('2026-03-01T10:20:30.000Z')
  expect(parseCreated('2026-03-01T10:20:30+02:00', now)).toBe('2026-03-01T08:20:30.000Z')
  expect(parseCreated('2027-01-01', now)).toBeNull()
  expect(parseCreated('1970-01-01', now)).toBeNull()
  expect(parseCreated('03/01/2026', now)).toBeNull()
  expect(parseCreated('2026-02-30', now)).toBeNull()
  expect(parseLanguage(LANG.toUpperCase())).toBe(LANG)
  expect(parseLanguage(`${LANG}_XX`)).toBe(LANG)
  expect(parseLanguage('xx')).toBeNull()
  expect(sourceFromFileName('/tmp/Waitlist export@2026.CSV')).toBe('Waitlist export-2026')
  expect(sourceFromFileName('.csv')).toBe('import')
})

describe.each(DB_KINDS)('importing a list, %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  }, 60_000)
  afterAll(() => close())
  beforeEach(async () => {
    await truncateOwner(db)
    await db.query('truncate public.beta_signups, app_private.email_queue, app_private.email_suppressions cascade')
    await db.query(
      `insert into public.beta_signups (email, source) values ('old1@example.com', 'page'), ('Old.Two@gmail.com', 'page')`,
    )
    await suppressMailbox(db, 'gone@example.com', 'unsubscribed')
  })

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.query<{ n: string }>(`select count(*) as n from ${sql}`, params)).rows[0]!.n)

  // The large file once per database, in one dialect; the other dialect's reading (`;`, a BOM
  // split across reads) is the small file's test below: 10,000 rows imported twice is the
  // slowest part of the suite on PGlite, and the dialect changes nothing after the parse. Its
  // time limit: 20,000 rows through PGlite's one connection, in batches that shrink when the
  // database is slow to answer, take over two minutes on a busy 2-core machine.
  test('a 10,000-row file: counts, sources, dates, languages, and no email queued', async () => {
    const r = await importCsv(db, from(bigFile()), options())
    expect(ImportResult.parse(r)).toEqual(r)
    expect(r.delimiter).toBe(',')
    expect(r.columns).toEqual({
      email: 'Email Address',
      name: 'First Name',
      created: 'Signed up at',
      source: null,
      language: 'Language',
    })
    expect(r.counts).toEqual({
      rows: 10_000,
      added: 9_992,
      duplicatesInFile: 2,
      alreadyListed: 2,
      suppressed: 1,
      invalid: 3,
      datesKept: 4_997,
      // Every other new row says "yesterday": each is counted, and the first ones named.
      datesUnread: 4_995,
      emailsQueued: 0,
    })
    expect(r.unreadDates).toHaveLength(IMPORT_LISTED_INVALID)
    expect(r.unreadDates[0]).toEqual({ row: 3, value: 'yesterday' })
    expect(r.invalidRows.map((x) => x.row)).toEqual([5001, 5002, 5003])
    expect(r.invalidRows[1]!.reason).toBe('No email address.')
    expect(r.preview[0]).toEqual({
      row: 2,
      email: 'person1@example.org',
      name: 'Person, 1',
      createdAt: '2026-02-15T10:00:00.000Z',
      language: null,
    })

    expect(await count(`public.beta_signups where source = 'mailchimp-export'`)).toBe(9_992)
    expect(await count(`public.beta_signups where source = 'page'`)).toBe(2)
    expect(await count('public.beta_signups')).toBe(9_994)
    // The suppressed mailbox is not back; the file's first spelling is the one stored.
    expect(await count(`public.beta_signups where lower(email) like 'gone@%'`)).toBe(0)
    expect(await count(`public.beta_signups where email = 'person1@example.org'`)).toBe(1)
    const p3 = (
      await db.query<{ created_at: Date; locale: string | null; confirmed: boolean }>(
        `select created_at, locale, confirmed_at is not null as confirmed from public.beta_signups where email = 'person3@example.org'`,
      )
    ).rows[0]!
    expect(new Date(p3.created_at).toISOString()).toBe('2026-04-15T10:00:00.000Z')
    expect(p3.locale).toBe(LANG)
    expect(p3.confirmed).toBe(true)
    // "yesterday" is no date: the import's time.
    const p2 = (
      await db.query<{ age: number }>(
        `select extract(epoch from now() - created_at)::float8 as age from public.beta_signups where email = 'person2@example.org'`,
      )
    ).rows[0]!
    expect(p2.age).toBeLessThan(600)
    expect(await count('app_private.email_queue')).toBe(0)
    const audit = await db.query<{ actor: string; detail: Record<string, unknown> }>(
      `select actor, detail from app_private.owner_audit where action = 'signups.import'`,
    )
    expect(audit.rows).toHaveLength(1)
    expect(audit.rows[0]!.detail).toMatchObject({
      source: 'mailchimp-export',
      send: 'none',
      added: 9_992,
      invalid: 3,
    })

    // The same file again adds nobody: a re-run after a crash finishes the job.
    const again = await importCsv(db, from(bigFile()), options())
    expect(again.counts).toMatchObject({ added: 0, alreadyListed: 9_994, suppressed: 1 })
  }, 300_000)

  test('a `;` file with a BOM, read a byte at a time: the same columns, names with `;` and any script kept', async () => {
    const file =
      '\uFEFFEmail Address;First Name;Signed up at\r\nzoe@example.org;"Zoë; Z.";2026-03-01\r\nnoor@example.org;نور;\r\n'
    const r = await importCsv(db, from(file, 1), options())
    expect(r.delimiter).toBe(';')
    expect(r.columns).toMatchObject({ email: 'Email Address', name: 'First Name', created: 'Signed up at' })
    expect(r.counts).toMatchObject({ rows: 2, added: 2, invalid: 0, datesKept: 1 })
    expect(r.preview.map((p) => p.name)).toEqual(['Zoë; Z.', 'نور'])
    expect(await count(`public.beta_signups where source = 'mailchimp-export'`)).toBe(2)
  })

  test('an import is one signups.imported event per batch, not a signup.created per person', async () => {
    await db.query('truncate app_private.outbound_endpoints, app_private.outbound_events restart identity cascade')
    await db.query(
      `insert into app_private.outbound_endpoints (url, events, secret)
       values ('https://hooks.example/in', '{signup.created,signups.imported}', 'whsec_' || repeat('A', 43) || '=')`,
    )
    // 2,000 people: more than the first batch (50 rows), so more than one event on any machine.
    const people = Array.from({ length: 2_000 }, (_, i) => `batch${i}@example.org`)
    const r = await importCsv(db, from(['email', ...people].join('\n')), options())
    expect(r.counts.added).toBe(2_000)
    const events = await db.query<{ type: string; signup_id: number | null; data: Record<string, unknown> }>(
      'select type, signup_id, data from app_private.outbound_events order by id',
    )
    expect(events.rows.map((e) => e.type)).toEqual(events.rows.map(() => 'signups.imported'))
    // A batch is 5 to 1,000 rows, sized by how fast the database answers: at most one event per
    // five people, whatever the machine's load.
    expect(events.rows.length).toBeGreaterThan(1)
    expect(events.rows.length).toBeLessThanOrEqual(Math.ceil(r.counts.added / 5))
    const batch = OUTBOUND_EVENTS['signups.imported'].data.strict()
    for (const e of events.rows) {
      expect(batch.parse(e.data)).toMatchObject({ source: 'mailchimp-export', confirmed: true })
      expect(e.signup_id).toBeNull()
    }
    expect(events.rows.reduce((n, e) => n + Number(e.data.count), 0)).toBe(r.counts.added)
    // A dry run says nothing; a visitor's sign-up, after the import in the same session, is still signup.created.
    await importCsv(db, from('email\nnew.one@example.com\n'), options({ dryRun: true }))
    await db.query(`insert into public.beta_signups (email, source) values ('visitor@example.com', 'page')`)
    const after = await db.query<{ type: string }>('select type from app_private.outbound_events order by id')
    expect(after.rows.map((e) => e.type).slice(events.rows.length)).toEqual(['signup.created'])
  }, 120_000)

  test('--send welcome queues exactly one welcome email per new person; --dry-run stores nothing', async () => {
    const file = [
      'email,name',
      'ann@example.org,Ann',
      'ANN+x@example.org,Ann again',
      'bob@example.org,Bob',
      'old1@example.com,Listed',
      'gone@example.com,Left',
      'broken,Broken',
      'cy@example.org,Cy',
    ].join('\n')
    const dry = await importCsv(db, from(file), options({ dryRun: true, send: 'welcome', source: 'form' }))
    expect(dry.counts).toMatchObject({
      rows: 7,
      added: 3,
      duplicatesInFile: 1,
      alreadyListed: 1,
      suppressed: 1,
      invalid: 1,
      emailsQueued: 0,
    })
    expect(await count(`public.beta_signups where source = 'form'`)).toBe(0)
    expect(await count('app_private.email_queue')).toBe(0)
    expect(await count(`app_private.owner_audit where action = 'signups.import'`)).toBe(0)

    const r = await importCsv(db, from(file), options({ send: 'welcome', source: 'form' }))
    expect(r.counts).toMatchObject({ added: 3, emailsQueued: 3 })
    const queued = await db.query<{ kind: string; to_email: string }>(
      'select kind, to_email from app_private.email_queue order by to_email',
    )
    expect(queued.rows).toEqual([
      { kind: 'welcome', to_email: 'ann@example.org' },
      { kind: 'welcome', to_email: 'bob@example.org' },
      { kind: 'welcome', to_email: 'cy@example.org' },
    ])
    // Again: nobody new, no second welcome.
    const again = await importCsv(db, from(file), options({ send: 'welcome', source: 'form' }))
    expect(again.counts.emailsQueued).toBe(0)
    expect(await count('app_private.email_queue')).toBe(3)
  })

  test('--send confirmation asks the new people to confirm, as unconfirmed sign-ups of today', async () => {
    const file = 'email,created\ndee@example.org,2025-01-01\nold1@example.com,2025-01-01\n'
    const r = await importCsv(db, from(file), options({ send: 'confirmation' }))
    expect(r.counts).toMatchObject({ added: 1, emailsQueued: 1, datesKept: 0 })
    expect((await db.query('select kind, to_email from app_private.email_queue')).rows).toEqual([
      { kind: 'confirm-signup', to_email: 'dee@example.org' },
    ])
    const row = (
      await db.query<{ confirmed: boolean; age: number }>(
        `select confirmed_at is not null as confirmed, extract(epoch from now() - created_at)::float8 as age
         from public.beta_signups where email = 'dee@example.org'`,
      )
    ).rows[0]!
    expect(row.confirmed).toBe(false)
    expect(row.age).toBeLessThan(600)
  })

  test("the console's import: preview, confirm, and bad files refused with a 4xx in PostgREST's shape", async () => {
    const app = await ownerApp(db)
    const cookie = await signIn(app, db)
    const post = (query: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) => {
      const init = asOwner(cookie, { method: 'POST' })
      return app.request(`/admin/api/signups/import?${query}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), 'content-type': 'text/csv', ...headers },
        body,
      })
    }
    const file = 'Email;Name\nzoe@example.org;Zoe\nyan@example.org;Yan\n'
    const preview = await post('file=beta%20list.csv&dryRun=1', file)
    expect(preview.status).toBe(200)
    const p = ImportResult.parse(await preview.json())
    expect(p).toMatchObject({ dryRun: true, source: 'beta list', counts: { added: 2 } })
    expect(await count(`public.beta_signups where source = 'beta list'`)).toBe(0)
    const done = await post('file=beta%20list.csv', file)
    expect(ImportResult.parse(await done.json()).counts.added).toBe(2)
    expect(await count(`public.beta_signups where source = 'beta list'`)).toBe(2)
    const audit = await db.query<{ actor: string }>(
      `select actor from app_private.owner_audit where action = 'signups.import'`,
    )
    expect(audit.rows).toEqual([{ actor: 'owner:owner@example.com' }])

    const before = await count('public.beta_signups')
    const refusals: [string, Response, number, string][] = [
      ['no email column', await post('', 'name,phone\nAnn,123\n'), 400, 'The file has no email column'],
      [
        'a zip file',
        await post('', new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0x14, 0])),
        400,
        'The file is not a CSV file',
      ],
      [
        'Latin-1',
        await post('', new Uint8Array(Buffer.from('email,name\nj\xf6rg@example.org,J\xf6rg\n', 'latin1'))),
        400,
        'The file is not a CSV file',
      ],
      ['an unclosed quote', await post('', 'email,name\n"ann@example.org,Ann\n'), 400, 'The file is not a CSV file'],
      // JSON sent as the file: a quote opening inside a field (csv-parse's INVALID_OPENING_QUOTE).
      ['a JSON body', await post('', '{"email":"ann@example.org"}\n'), 400, 'The file is not a CSV file'],
      ['an empty body', await post('', ''), 400, 'The file is empty'],
      ['a bad option', await post('send=everyone', file), 400, ''],
      ['a source with @', await post('source=a@b', file), 400, 'The source may not contain @.'],
      ['too large', await post('', 'x', { 'content-length': String(11 * 1024 * 1024) }), 413, 'The file is too large'],
    ]
    for (const [what, res, status, message] of refusals) {
      expect(res.status, what).toBe(status)
      const body = (await res.json()) as Record<string, unknown>
      expect(Object.keys(body).sort(), what).toEqual(['code', 'details', 'hint', 'message'])
      if (message) expect(body.message, what).toBe(message)
    }
    expect(await count('public.beta_signups')).toBe(before)
  })
})
