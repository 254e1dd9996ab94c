import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { selectedAddresses, type Selection } from './queries.ts'
import { DB_KINDS, testDb, truncateAll } from '../../test-app.ts'
import { exportStream, playList, storeAddress, testflightRecord } from './exports.ts'

const ALL: Selection = { status: 'all', platform: 'all', q: '' }

describe('store exports, pure', () => {
  test('TestFlight: empty first and last name, the address, CRLF, no header', () => {
    expect(testflightRecord('ada@example.com')).toBe(',,ada@example.com\r\n')
  })

  // The stores read data, not formulas; an apostrophe only broke valid addresses.
  test('valid addresses go out exactly as typed, also those starting with + or -', () => {
    for (const email of ['+15551234567@example.com', '-x@example.com', "o'brien@example.com", 'a.b+c@example.com']) {
      expect(storeAddress(email)).toBe(true)
      expect(testflightRecord(email)).toBe(`,,${email}\r\n`)
    }
    expect(playList(['+15551234567@example.com', '-x@example.com'])).toBe('+15551234567@example.com,-x@example.com')
  })

  test('addresses the shared schema refuses never reach a store', () => {
    for (const email of [
      '=HYPERLINK("x")@evil.example',
      '=cmd@example.com',
      '@a@example.com',
      '"a,b"@example.com',
      '\tx@example.com',
      ' x@example.com',
      '\uFF1Dx@example.com',
    ])
      expect(storeAddress(email)).toBe(false)
  })

  test('Play: comma-separated', () => {
    expect(playList(['a@example.com', 'b@example.com'])).toBe('a@example.com,b@example.com')
  })
})

describe.each(DB_KINDS)('store exports streamed from %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateAll(db))

  const read = (s: ReadableStream<Uint8Array>) => new Response(s).text()

  test('10,000 rows in the exact layout, oldest first, and the selection filters', { timeout: 60_000 }, async () => {
    await db.query(
      `insert into public.beta_signups (email, platform)
       select case when i % 1000 = 0 then '=cmd' || i || '@example.com'
                   when i % 1000 = 1 then '+1555' || i || '@example.com'
                   else 'p' || i || '@example.com' end,
              case when i % 2 = 0 then 'ios' else 'android' end
       from generate_series(1, 10000) i`,
    )
    const csv = await read(exportStream('testflight', selectedAddresses(db, ALL, 1000)))
    const lines = csv.split('\r\n')
    expect(lines.pop()).toBe('')
    // The 10 rows the address schema refuses (stored by SQL) are left out; the others go as typed.
    expect(lines).toHaveLength(9_990)
    expect(lines[0]).toBe(',,+15551@example.com')
    expect(lines[999]).toBe(',,+15551001@example.com')
    expect(lines.every((l) => /^,,[+p][^,']+@example\.com$/.test(l))).toBe(true)

    const play = await read(exportStream('play', selectedAddresses(db, { ...ALL, platform: 'ios' }, 1000)))
    expect(play.endsWith('\n')).toBe(true)
    const addresses = play.trimEnd().split(',')
    expect(addresses).toHaveLength(4_990)
    expect(addresses.slice(0, 2)).toEqual(['p2@example.com', 'p4@example.com'])
    expect(addresses.filter((a) => /['=]/.test(a))).toEqual([])

    const found = await read(exportStream('testflight', selectedAddresses(db, { ...ALL, q: 'p999' })))
    expect(found).toBe(
      ',,p999@example.com\r\n,,p9990@example.com\r\n,,p9991@example.com\r\n,,p9992@example.com\r\n,,p9993@example.com\r\n,,p9994@example.com\r\n,,p9995@example.com\r\n,,p9996@example.com\r\n,,p9997@example.com\r\n,,p9998@example.com\r\n,,p9999@example.com\r\n',
    )
  })

  test('an empty selection gives an empty file', async () => {
    expect(await read(exportStream('testflight', selectedAddresses(db, ALL)))).toBe('')
    expect(await read(exportStream('play', selectedAddresses(db, ALL)))).toBe('')
  })

  test('status filters: waiting, invited, opened', async () => {
    await db.query(
      "insert into public.beta_signups (email) values ('a@example.com'), ('b@example.com'), ('c@example.com')",
    )
    await db.query(
      "update public.beta_signups set status = 'invited', invited_at = now(), invitation_links = 'both' where email <> 'a@example.com'",
    )
    await db.query("update public.beta_signups set opened_at = now() where email = 'c@example.com'")
    const emails = async (status: Selection['status']) =>
      (await read(exportStream('play', selectedAddresses(db, { ...ALL, status })))).trimEnd()
    expect(await emails('waiting')).toBe('a@example.com')
    expect(await emails('invited')).toBe('b@example.com,c@example.com')
    expect(await emails('opened')).toBe('c@example.com')
  })
})
