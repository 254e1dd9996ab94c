import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { LaunchReadiness } from '../../../shared/launch-readiness.ts'
import type { Db } from '../../db/db.ts'
import { asOwner, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { DB_KINDS, testDb } from '../../test-app.ts'
import type { TxtLookup } from './sending-domain.ts'

// The Launch view's readiness card (issue 52): the launch checklist from the settings, and the
// email plan against the expected list or the busiest day of the last seven.

describe.each(DB_KINDS)('launch readiness on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateOwner(db)
    await db.query("delete from app_private.console_settings where name = 'launch_expected_signups'")
  })

  async function owner(config: Record<string, unknown>, dnsTxt?: TxtLookup) {
    const app = await ownerApp(db, config, dnsTxt ? { dnsTxt } : {})
    const cookie = await signIn(app, db)
    const read = async () => {
      const res = await app.request('/admin/api/launch-readiness', asOwner(cookie))
      expect(res.status).toBe(200)
      return LaunchReadiness.parse(await res.json())
    }
    const expect_ = (body: unknown) =>
      app.request('/admin/api/launch-readiness/expected', asOwner(cookie, { method: 'POST', body }))
    return { read, setExpected: expect_ }
  }

  test('the busiest UTC day of the last seven is the list until the founder enters one, which a null clears', async () => {
    // Today 3, three days ago 5 (one of them at 00:00:01 UTC), eight days ago 40: out of the week.
    await db.query(
      `insert into public.beta_signups (email, created_at)
       select 'r' || i || '@example.com',
         case when i <= 3 then now()
              when i <= 8 then ((now() at time zone 'UTC')::date - 3)::timestamp at time zone 'UTC' + interval '1 second' * (i - 3)
              else now() - interval '8 days' end
       from generate_series(1, 48) i`,
    )
    const { read, setExpected } = await owner(
      {
        SIGNUP_CONFIRMATION: true,
        EMAIL_TRANSPORT: 'resend',
        RESEND_API_KEY: 're_test',
        EMAIL_RATE_PER_SECOND: 2,
        EMAIL_DAILY_LIMIT: 100,
      },
      () => Promise.resolve([]),
    )
    const before = await read()
    expect(before).toMatchObject({ transport: 'resend', bounceWebhook: false, doubleOptIn: true, challenge: 'pow' })
    expect(before.plan).toEqual({
      ratePerSecond: 2,
      dailyLimit: 100,
      emailsPerSignup: 2,
      expectedSignups: null,
      busiestDaySignups: 5,
      list: 5,
      emails: 10,
      perDay: 100,
      secondsToSend: 5,
      fits: true,
    })

    expect((await setExpected({ expected: 20_000 })).status).toBe(200)
    expect((await read()).plan).toMatchObject({ expectedSignups: 20_000, list: 20_000, emails: 40_000, fits: false })
    const audit = await db.query<{ detail: unknown }>(
      "select detail from app_private.owner_audit where action = 'launch.expected' order by id",
    )
    expect(audit.rows.map((r) => r.detail)).toEqual([{ expected: 20_000 }])

    expect((await setExpected({ expected: null })).status).toBe(200)
    expect((await read()).plan).toMatchObject({ expectedSignups: null, list: 5 })
  })

  test("bad numbers get a 400 in PostgREST's shape and change nothing", async () => {
    const { read, setExpected } = await owner({})
    for (const body of [
      { expected: -1 },
      { expected: 1.5 },
      { expected: '500' },
      { expected: 100_000_001 },
      {},
      { expected: 5, x: 1 },
    ]) {
      const res = await setExpected(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys((await res.json()) as object).sort()).toEqual(['code', 'details', 'hint', 'message'])
    }
    const plain = await read()
    expect(plain.plan).toMatchObject({ expectedSignups: null, perDay: null, fits: null, emailsPerSignup: 1 })
    expect(plain).toMatchObject({
      transport: 'outbox',
      doubleOptIn: false,
      publicUrl: 'http://localhost',
      publicUrlIsLocal: true,
    })
  })

  test("the sending domain's SPF, DKIM and DMARC, where Resend reads them; a DNS that does not answer is not 'missing'", async () => {
    const asked: string[] = []
    const zone: Record<string, string[][] | string> = {
      'send.updates.example.com': [['v=spf1 include:amazonses.com ~all']],
      'resend._domainkey.updates.example.com': [['p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ', 'DAQAB']],
      '_dmarc.updates.example.com': 'ESERVFAIL',
    }
    const dnsTxt: TxtLookup = async (name) => {
      asked.push(name)
      const answer = zone[name]
      if (answer === undefined) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' })
      if (typeof answer === 'string') throw Object.assign(new Error(`queryTxt ${answer} ${name}`), { code: answer })
      return answer
    }
    const resend = {
      EMAIL_TRANSPORT: 'resend',
      RESEND_API_KEY: 're_test',
      EMAIL_FROM: 'Beta <Hello@Updates.Example.com>',
    }
    expect((await (await owner(resend, dnsTxt)).read()).sendingDomain).toEqual({
      domain: 'updates.example.com',
      spf: 'found',
      dkim: 'found',
      dmarc: 'unknown',
    })
    expect(asked.sort()).toEqual([
      '_dmarc.updates.example.com',
      'resend._domainkey.updates.example.com',
      'send.updates.example.com',
    ])
    // SMTP: SPF at the domain itself (none here), DKIM's selector unknown.
    const smtp = { EMAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525', EMAIL_FROM: 'hello@updates.example.com' }
    expect((await (await owner(smtp, dnsTxt)).read()).sendingDomain).toEqual({
      domain: 'updates.example.com',
      spf: 'missing',
      dkim: 'not-checked',
      dmarc: 'unknown',
    })
    // The outbox sends nothing: no lookup at all.
    asked.length = 0
    expect((await (await owner({}, dnsTxt)).read()).sendingDomain).toBeNull()
    expect(asked).toEqual([])
  })
})
