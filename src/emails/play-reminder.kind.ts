import { z } from 'zod'
import { defineKind } from './define-kind.ts'
import { envelope, oneClickUnsubscribe, unsubscribeUrl } from './envelope.ts'
import { paths } from '../shared/paths.ts'
import { localeOr } from '../shared/locales.ts'

/**
 * The console's nudge: a plain reminder of the Android invitation to testers who have
 * not answered "Did you join the test?". At most one per sign-up and UTC day (key: id and day), so
 * a double click sends nothing twice. Cancelled once the address has left the list or no longer
 * has an Android invitation.
 */
export const playReminder = defineKind({
  kind: 'play-reminder',
  payload: z.object({ paceMs: z.number().nonnegative() }),
  dedupeKey: (key: { signupId: string; day: string }) => `${key.signupId}:${key.day}`,
  example: { key: { signupId: '42', day: '2026-11-24' }, payload: { paceMs: 0 } },
  async build(email, _payload, settings) {
    const signup = email.signup
    if (email.unsubscribeToken === null || signup === null) return { cancel: 'address no longer on the beta list' }
    if (signup.invitationLinks !== 'android' && signup.invitationLinks !== 'both')
      return { cancel: 'no Android invitation' }
    const leave = unsubscribeUrl(settings, email.unsubscribeToken)
    const { renderPlayReminderEmail } = await import('./play-reminder.tsx')
    const rendered = await renderPlayReminderEmail({
      // The language of the page they signed up on (docs/decisions/languages.md).
      locale: localeOr(email.signup?.locale),
      androidUrl: `${settings.PUBLIC_URL}${paths.store.href('android', signup.inviteToken)}`,
      unsubscribeUrl: leave,
      siteUrl: `${settings.PUBLIC_URL}/`,
    })
    return envelope(email, settings, rendered, oneClickUnsubscribe(leave))
  },
})
