import { expect, test, vi } from 'vitest'
import { DEFAULT_LOCALE, EMAIL_TEXTS } from '../shared/content.ts'
import { EMAIL_TEXT_KEYS } from '../shared/content-types.ts'
import { renderContactOwnerEmail } from './contact-owner.tsx'
import { renderContactOwnerSummaryEmail } from './contact-owner-summary.tsx'
import { renderFeedbackOwnerEmail } from './feedback-owner.tsx'
import { renderOwnerSignInEmail } from './owner-sign-in.tsx'
import { renderSignupDigestEmail } from './signup-digest.tsx'
import { ownerDay, ownerNumber } from './owner-format.ts'

// The owner's emails take every word from the content (texts.emails in content/site.yaml), in the
// default language. Each owner text is marked here with its key, as a founder's edit would change
// it: a word written in code instead would carry no marker, and a text no email uses would be
// missed. docs/decisions/owner-email-texts.md

const OWNER_GROUPS = vi.hoisted(
  () => ['ownerSignIn', 'signupDigest', 'contactOwner', 'contactOwnerSummary', 'feedbackOwner'] as const,
)

vi.mock('../shared/generated/content.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../shared/generated/content.ts')>()
  const mark = (group: string, texts: Record<string, string>) =>
    Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, `⟦${group}.${k}⟧${v}`]))
  const EMAIL_TEXTS = Object.fromEntries(
    Object.entries(real.EMAIL_TEXTS).map(([locale, groups]) => [
      locale,
      Object.fromEntries(
        Object.entries(groups).map(([g, texts]) => [
          g,
          (OWNER_GROUPS as readonly string[]).includes(g) ? mark(g, texts as Record<string, string>) : texts,
        ]),
      ),
    ]),
  )
  return { ...real, EMAIL_TEXTS }
})

type Rendered = { subject: string; html: string; text: string }
// Lower case: the plain-text part writes a heading in capitals.
const markers = (emails: Rendered[]) =>
  new Set(
    emails.flatMap((e) =>
      ([e.subject, e.html, e.text].join('\n').match(/⟦[\w.]+⟧/g) ?? []).map((m) => m.toLowerCase()),
    ),
  )
const allOf = (group: keyof typeof EMAIL_TEXT_KEYS) =>
  EMAIL_TEXT_KEYS[group].map((k) => `⟦${group}.${k}⟧`.toLowerCase())

const consoleUrl = 'https://example.com/admin/inbox'

test('every owner email takes each of its texts from the content, and every owner text is used', async () => {
  const emails: Record<(typeof OWNER_GROUPS)[number], Rendered[]> = {
    ownerSignIn: [await renderOwnerSignInEmail({ url: 'https://example.com/admin/sign-in?token=t', minutes: 15 })],
    signupDigest: [
      await renderSignupDigestEmail({ day: '2026-11-21', count: 1, total: 40, consoleUrl }),
      await renderSignupDigestEmail({ day: '2026-11-21', count: 12, total: 340 }),
    ],
    contactOwner: [
      await renderContactOwnerEmail({
        name: 'Ada',
        email: 'ada@example.com',
        subject: 'bug-report',
        message: 'Hello',
        receivedAt: '2026-11-22 14:00 UTC',
        consoleUrl,
      }),
    ],
    contactOwnerSummary: [
      await renderContactOwnerSummaryEmail({ count: 7, feedback: 2, consoleUrl }),
      await renderContactOwnerSummaryEmail({ count: 3, consoleUrl }),
      await renderContactOwnerSummaryEmail({ count: 2, feedback: 2, consoleUrl }),
    ],
    feedbackOwner: await Promise.all(
      (['ios', 'android', 'unknown'] as const).map((platform, i) =>
        renderFeedbackOwnerEmail({
          email: 'ada@example.com',
          rating: 4,
          works: i === 0 ? 'Quick.' : '',
          broken: i === 1 ? 'Slow.' : '',
          platform,
          osVersion: '',
          build: i === 0 ? '1.0 (42)' : '',
          receivedAt: '2026-11-24 14:00 UTC',
          consoleUrl,
        }),
      ),
    ),
  }
  for (const group of OWNER_GROUPS) {
    const seen = markers(emails[group])
    expect(
      [...seen].filter((m) => !m.startsWith(`⟦${group.toLowerCase()}.`)),
      group,
    ).toEqual([])
    expect([...seen].sort(), group).toEqual(allOf(group).sort())
    for (const e of emails[group]) expect(e.html, group).toMatch(new RegExp(`<html [^>]*lang="${DEFAULT_LOCALE}"`))
  }
})

test('the texts are filled: the digest picks the count’s plural form, the summary names messages and feedback', async () => {
  const t = EMAIL_TEXTS[DEFAULT_LOCALE]
  const one = await renderSignupDigestEmail({ day: '2026-11-21', count: 1, total: 40 })
  expect(one.subject).toContain(t.signupDigest.countOne.replace('{count}', '1'))
  const many = await renderSignupDigestEmail({ day: '2026-11-21', count: 12, total: 340 })
  expect(many.subject).toContain(t.signupDigest.countOther.replace('{count}', '12'))
  expect(many.subject).toContain(ownerDay('2026-11-21'))
  expect(many.text).toContain(ownerNumber(340))
  const summary = await renderContactOwnerSummaryEmail({ count: 7, feedback: 2, consoleUrl })
  expect(summary.subject).toContain(t.contactOwnerSummary.messages.replace('{count}', '5'))
  expect(summary.subject).toContain(t.contactOwnerSummary.feedback.replace('{count}', '2'))
  const signIn = await renderOwnerSignInEmail({ url: 'https://example.com/s', minutes: 15 })
  expect(signIn.text).toContain(t.ownerSignIn.intro.replace('{minutes}', '15'))
  expect(`${signIn.subject}${signIn.html}${signIn.text}`).not.toMatch(/\{[a-z]+\}/i)
})
