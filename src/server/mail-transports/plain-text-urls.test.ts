import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { EmailKind } from '../../emails/define-kind.ts'
import { enqueue } from '../../mail-core/enqueue.ts'
import { KINDS } from '../../emails/kinds.ts'
import { claimDueEmails } from '../../mail-core/queue-rows.ts'
import type { Db } from '../db/db.ts'
import { syncOwnerEmails } from '../features/owner-auth/owners.ts'
import { DB_KINDS, testDb, truncateAll } from '../test-app.ts'

// A mail client links `https://…/beta/feedback?token=UUID.` with the full stop,
// and the page answered "link not valid". No plain-text email puts a URL directly before
// punctuation; token pages forgive it anyway (http/token-links.ts).

const settings = { EMAIL_FROM: 'Beta Team <hello@localhost>', PUBLIC_URL: 'https://launch.example' }
const TO = 'kinds@example.com'
const URL_THEN_PUNCTUATION = /https?:\/\/[^\s]*[.,;:!?)>'"](?=\s|$)/g

describe.each(DB_KINDS)('plain-text emails on %s', (dbKind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(dbKind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateAll(db)
    await db.query(
      `insert into public.beta_signups (email, confirmed_at, status, invited_at, invitation_links) values ($1, now(), 'invited', now(), 'both')`,
      [TO],
    )
  })

  test.each(Object.keys(KINDS) as (keyof typeof KINDS)[])('a %s email puts no URL before punctuation', async (name) => {
    const kind = KINDS[name] as EmailKind<string, never, unknown>
    if (name === 'contact-owner') {
      // Queued by the contact trigger with its message, as in production.
      await syncOwnerEmails(db, [TO])
      await db.query(
        `insert into public.contact_messages (name, email, subject, message) values ('Ada', 'ada@example.com', 'general', 'See https://example.com.')`,
      )
    } else await enqueue(db, kind as never, { to: TO, ...kind.example } as never)
    const [claimed] = await claimDueEmails(db, 1, 60_000)
    const built = await kind.build(claimed!, kind.payload.parse(claimed!.payload), settings)
    if (!('email' in built)) throw new Error(`${name} built nothing: ${built.cancel}`)
    const text = built.email.text
    expect(text).toMatch(/https?:\/\//)
    // The visitor's own words (a contact message) are theirs to punctuate.
    const ours = name === 'contact-owner' ? text.replace('See https://example.com.', '') : text
    expect(ours.match(URL_THEN_PUNCTUATION), text).toBeNull()
  })
})
