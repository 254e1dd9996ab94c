import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { BetaSignup } from '../shared/beta-signup.ts'
import { ContactMessage, SUBJECT_VALUES } from '../shared/contact-message.ts'
import { LOCAL_ANON_KEY } from '../shared/self-hosted.ts'
import type { Db } from './db/db.ts'
import { CONTACT_MESSAGES } from './features/contact/table.ts'
import { BETA_SIGNUPS } from './features/signups/table.ts'
import { testApp, testDb } from './test-app.ts'

// The invariant "bad input never gets a 5xx and never leaves a row the schema forbids" (DESIGN.md),
// checked on generated requests through the whole app on the in-memory database.
const RUNS = 10_000
/** beta_signups.platform's default: the sign-up did not say which phone (migration add_beta_invitations). */
const UNCHOSEN_PLATFORM = 'unknown'

let db: Db
let close: () => Promise<void>
beforeAll(async () => {
  ;({ db, close } = await testDb('pglite'))
})
afterAll(() => close())

const TABLES = { beta_signups: BETA_SIGNUPS, contact_messages: CONTACT_MESSAGES }
const COLUMNS = [...new Set(Object.values(TABLES).flatMap((t) => t.columns))]

/** Addresses near the edges: tags, Gmail dots, lengths around 64 and 254, spaces, line breaks, non-ASCII. */
const emailish = fc.oneof(
  fc
    .tuple(
      fc.stringMatching(/^[a-zA-Z0-9]{1,12}([.+_-][a-zA-Z0-9]{1,8}){0,2}$/),
      fc.constantFrom('gmail.com', 'googlemail.com', 'example.com', 'Example.ORG'),
    )
    .map(([l, d]) => `${l}@${d}`),
  fc.emailAddress(),
  fc
    .tuple(
      fc.stringMatching(/^[A-Za-z0-9._+-]{0,70}$/),
      fc.constantFrom('@', '@@', '', ' @'),
      fc.constantFrom('gmail.com', 'googlemail.com', 'example.com', 'EXAMPLE.com', 'x', 'ä.example', 'a.b.c.d.example'),
      fc.constantFrom('', ' ', '\r\n', '\n', '\u0000', '.'),
    )
    .map(([l, at, d, tail]) => `${l}${at}${d}${tail}`),
  fc.integer({ min: 60, max: 260 }).map((n) => `${'a'.repeat(n)}@example.com`),
  fc.string({ unit: 'binary', maxLength: 40 }),
)

/** Any JSON value, nested up to far past the depth limit. */
const deep = fc
  .tuple(fc.integer({ min: 1, max: 7000 }), fc.constantFrom('[', '{"a":'), fc.jsonValue({ maxDepth: 1 }))
  .map(([n, open, leaf]) => ({ n, open, leaf }))

const value = fc.oneof(
  { weight: 4, arbitrary: emailish },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(...SUBJECT_VALUES, null, true, 0, -1, 1e308, '', '  ') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 120 }) },
  { weight: 1, arbitrary: fc.integer({ min: 95, max: 5010 }).map((n) => 'x'.repeat(n)) },
)

const row = fc.dictionary(
  fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...COLUMNS) }, fc.string({ maxLength: 12 })),
  value,
  {
    maxKeys: 7,
  },
)

/** Rows that are nearly right, so that many requests reach the database: one field may be off. */
const often = <T>(a: fc.Arbitrary<T>, wild: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 6, arbitrary: a }, { weight: 1, arbitrary: wild })
const plausible = fc
  .tuple(
    fc.oneof(
      fc.record({ email: emailish }),
      fc.record({
        name: often(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 110 }), value),
        email: emailish,
        subject: often(fc.constantFrom(...SUBJECT_VALUES), value),
        message: often(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }), value),
      }),
    ),
    fc.option(fc.tuple(fc.constantFrom(...COLUMNS), value), { freq: 3 }),
  )
  .map(([r, extra]) => (extra ? { ...r, [extra[0]]: extra[1] } : r))

/** A body as text: a row, rows, any JSON, deep nesting around a row, or not JSON at all. */
const body = fc.oneof(
  { weight: 6, arbitrary: plausible.map((r) => JSON.stringify(r)) },
  { weight: 3, arbitrary: row.map((r) => JSON.stringify(r)) },
  { weight: 1, arbitrary: fc.array(row, { maxLength: 3 }).map((r) => JSON.stringify(r)) },
  { weight: 1, arbitrary: fc.json({ maxDepth: 4 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(row, fc.constantFrom(...COLUMNS), deep).map(([r, column, d]) => {
      const inner = `${d.open.repeat(d.n)}${JSON.stringify(d.leaf)}${(d.open === '[' ? ']' : '}').repeat(d.n)}`
      const rest = JSON.stringify(r).slice(1)
      return `{${JSON.stringify(column)}:${inner}${rest === '}' ? '' : ','}${rest}`
    }),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.constant('') },
)

/** Mostly what the page sends, so that bodies reach validation and the database. */
const wellFormed = fc.record({
  path: fc.constantFrom('/rest/v1/beta_signups', '/rest/v1/contact_messages', '/functions/v1/resend-email'),
  method: fc.constant('POST'),
  apikey: fc.constant(LOCAL_ANON_KEY),
  contentType: fc.constant('application/json'),
  prefer: fc.constantFrom(undefined, 'return=minimal'),
  body,
})

const wild = fc.record({
  path: fc.oneof(
    {
      weight: 8,
      arbitrary: fc.constantFrom('/rest/v1/beta_signups', '/rest/v1/contact_messages', '/functions/v1/resend-email'),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('/rest/v1/', '/functions/v1/', '/unsubscribe?token=', '/rest/v1/beta_signups?'),
          fc.string({ maxLength: 40 }),
        )
        .map(([p, s]) => p + encodeURIComponent(s)),
    },
  ),
  method: fc.constantFrom('POST', 'POST', 'POST', 'POST', 'GET', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'),
  apikey: fc.constantFrom(LOCAL_ANON_KEY, LOCAL_ANON_KEY, LOCAL_ANON_KEY, 'wrong-key', undefined),
  contentType: fc.constantFrom(
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    undefined,
  ),
  prefer: fc.constantFrom(
    undefined,
    undefined,
    'return=minimal',
    'return=representation',
    'resolution=merge-duplicates',
    'missing=default',
  ),
  body,
})

const request = fc.oneof(wellFormed, wild)

test(
  `${RUNS} generated requests: never a 5xx, and no stored row that the schema forbids`,
  { timeout: 300_000 },
  async () => {
    const app = testApp(db)
    const started = new Date(Date.now() - 1000)
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = {}
        if (r.apikey) Object.assign(headers, { apikey: r.apikey, authorization: `Bearer ${r.apikey}` })
        if (r.contentType) headers['content-type'] = r.contentType
        if (r.prefer) headers.prefer = r.prefer
        const hasBody = r.method !== 'GET' && r.method !== 'OPTIONS'
        const res = await app.request(r.path, { method: r.method, headers, ...(hasBody ? { body: r.body } : {}) })
        await res.arrayBuffer()
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        expect(res.status, `${r.method} ${r.path} ${r.body.slice(0, 200)}`).toBeLessThan(500)
      }),
      { numRuns: RUNS },
    )

    // The requests reached the database, not only the validation in front of it.
    expect(statuses.get(201) ?? 0).toBeGreaterThan(100)
    for (const [table, schema] of [
      ['beta_signups', BetaSignup],
      ['contact_messages', ContactMessage],
    ] as const) {
      const rows = await db.query<Record<string, unknown>>(`select * from public.${table}`)
      for (const stored of rows.rows) {
        // What a client wrote: a column left at its default (no value, or the phone not chosen) was not.
        const writable = Object.fromEntries(
          TABLES[table].insertable
            .filter((c) => stored[c] !== null && !(c === 'platform' && stored[c] === UNCHOSEN_PLATFORM))
            .map((c) => [c, stored[c]]),
        )
        const parsed = schema.safeParse(writable)
        expect(parsed.success, JSON.stringify(stored)).toBe(true)
        // Stored as validated (trimmed), and nothing a client could set on a column it may not write.
        expect(parsed.data).toEqual(writable)
        expect(stored.website).toBeNull()
        expect(new Date(stored.created_at as string).getTime()).toBeGreaterThanOrEqual(started.getTime())
      }
    }
  },
)
