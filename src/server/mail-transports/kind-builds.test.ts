import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../db/db.ts'
import type { ClaimedEmail } from '../../emails/define-kind.ts'
import { kindNamed } from '../../emails/kinds.ts'
import { invitation } from '../../emails/invitation.kind.ts'
import { claimDueEmails } from '../../mail-core/queue-rows.ts'
import { inviteSignups } from '../features/invitations/queries.ts'
import { enqueueWelcomeEmail } from '../../mail-core/signup-emails.ts'
import { DB_KINDS, testDb, truncateAll } from '../test-app.ts'
import { invitationSubject } from '../../emails/invitation.tsx'
import { welcomeSubject } from '../../emails/welcome.tsx'
import { EMAIL_TEXTS } from '../../shared/content.ts'
import { DEFAULT_LOCALE, LOCALES } from '../../shared/locales.ts'

const config = { EMAIL_FROM: 'Beta Team <hello@localhost>', PUBLIC_URL: 'https://launch.example' }

describe.each(DB_KINDS)('the invitation and welcome emails as built from the queue on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateAll(db))

  async function signUp(email: string, platform: string) {
    const r = await db.query<{ id: string; u: string; i: string; p: string }>(
      `insert into public.beta_signups (email, platform, confirmed_at) values ($1, $2, now())
       returning id::text as id, unsubscribe_token::text as u, invite_token::text as i, platform_token::text as p`,
      [email, platform],
    )
    return r.rows[0]!
  }
  async function buildNext() {
    const [claimed] = await claimDueEmails(db, 1, 60_000)
    const kind = kindNamed(claimed!.kind)!
    const built = await kind.build(claimed!, kind.payload.parse(claimed!.payload), config)
    if (!('email' in built)) throw new Error(built.cancel)
    return built.email
  }

  test('an invitation carries the link for the person’s platform, through /beta, and one-click unsubscribe', async () => {
    const ada = await signUp('ada@example.com', 'android')
    await inviteSignups(db, { ids: [ada.id], stores: { ios: true, android: true }, intervalMs: 0 })
    const email = await buildNext()
    expect(email.to).toBe('ada@example.com')
    expect(email.subject).toBe(invitationSubject())
    expect(email.text).toContain(`https://launch.example/beta/android?token=${ada.i}`)
    expect(email.text).not.toContain('/beta/ios')
    const unsubscribe = `https://launch.example/unsubscribe?token=${ada.u}`
    expect(email.text).toContain(unsubscribe)
    expect(email.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })

  test('an undecided person gets both links; a person who left the list gets nothing', async () => {
    const bo = await signUp('bo@example.com', 'unknown')
    const cy = await signUp('cy@example.com', 'ios')
    await inviteSignups(db, { ids: [bo.id, cy.id], stores: { ios: true, android: true }, intervalMs: 0 })
    await db.query("delete from public.beta_signups where email = 'cy@example.com'")
    const email = await buildNext()
    expect(email.text).toContain(`/beta/ios?token=${bo.i}`)
    expect(email.text).toContain(`/beta/android?token=${bo.i}`)
    // Leaving the list took cy's invitation with it; a row claimed just before that is cancelled.
    expect(await claimDueEmails(db, 1, 60_000)).toEqual([])
    const orphan: ClaimedEmail = {
      id: 'x',
      kind: 'invitation',
      toEmail: 'cy@example.com',
      attempts: 1,
      unsubscribeToken: null,
      contact: null,
      payload: null,
      signup: null,
      message: null,
    }
    expect(await invitation.build(orphan, { paceMs: 0 }, config)).toEqual({
      cancel: 'address no longer on the beta list',
    })
  })

  test('the welcome email links to the phone choice with the person’s platform token', async () => {
    const ada = await signUp('ada@example.com', 'unknown')
    await enqueueWelcomeEmail(db, 'ada@example.com')
    const email = await buildNext()
    expect(email.text).toContain(`https://launch.example/beta/phone?platform=ios&token=${ada.p}`)
    expect(email.text).toContain(`https://launch.example/beta/phone?platform=android&token=${ada.p}`)
    expect(email.text).toContain(EMAIL_TEXTS[DEFAULT_LOCALE].welcome.phoneQuestion)
  })

  test('the welcome email does not ask which phone when the page already said', async () => {
    // A half-live page's sign-up is for the other store's beta: its platform is stored with it.
    for (const platform of ['ios', 'android']) {
      await truncateAll(db)
      await signUp('ada@example.com', platform)
      await enqueueWelcomeEmail(db, 'ada@example.com')
      const email = await buildNext()
      expect(email.text, platform).not.toContain(EMAIL_TEXTS[DEFAULT_LOCALE].welcome.phoneQuestion)
      expect(email.text, platform).not.toContain('/beta/phone')
      expect(email.html, platform).not.toContain('/beta/phone')
    }
  })

  test('every email to a person speaks the language of the page they signed up on; none stored, the default', async () => {
    for (const locale of [...LOCALES, null]) {
      await truncateAll(db)
      const r = await db.query<{ id: string }>(
        `insert into public.beta_signups (email, platform, confirmed_at, locale) values ('ada@example.com', 'unknown', now(), $1)
         returning id::text as id`,
        [locale],
      )
      const expected = locale ?? DEFAULT_LOCALE
      await enqueueWelcomeEmail(db, 'ada@example.com')
      const welcome = await buildNext()
      expect(welcome.subject, `welcome ${locale}`).toBe(welcomeSubject(expected))
      expect(welcome.html).toMatch(new RegExp(`<html[^>]*\\slang="${expected}"`))
      expect(welcome.text).toContain(EMAIL_TEXTS[expected].welcome.phoneQuestion)
      await db.query(`update app_private.email_queue set status = 'sent'`)
      await inviteSignups(db, { ids: [r.rows[0]!.id], stores: { ios: true, android: true }, intervalMs: 0 })
      const invited = await buildNext()
      expect(invited.subject, `invitation ${locale}`).toBe(invitationSubject(expected))
      expect(invited.html).toMatch(new RegExp(`<html[^>]*\\slang="${expected}"`))
      expect(invited.text).toContain(EMAIL_TEXTS[expected].common.leaveLink)
    }
  })
})
