import { z } from 'zod'
import { defineKind } from './define-kind.ts'
import { envelope, feedbackUrl, oneClickUnsubscribe, unsubscribeUrl } from './envelope.ts'
import { paths } from '../shared/paths.ts'
import { DEFAULT_LOCALE, localeOr, type Locale } from '../shared/locales.ts'
import type { QueuedGroupMessage } from './define-kind.ts'

/**
 * The text a person gets, and the language of its email: their sign-up's language when the
 * owner wrote one for it; otherwise (no language stored, one text for everyone, a language added
 * since) the default language's text in the default language's frame.
 * docs/decisions/tester-messages-per-language.md
 */
function messageFor(
  stored: QueuedGroupMessage | null,
  payload: { subject?: string | undefined; body?: string | undefined },
  signupLocale: string | null,
): { locale: Locale; text: { subject: string; body: string } } | null {
  // Rows queued before the texts were stored once carry their one text in the payload.
  const base =
    stored ??
    (payload.subject && payload.body ? { subject: payload.subject, body: payload.body, translations: null } : null)
  if (base === null) return null
  const locale = localeOr(signupLocale)
  const own = locale === DEFAULT_LOCALE ? undefined : base.translations?.[locale]
  if (own) return { locale, text: { subject: own.subject, body: own.body } }
  return { locale: DEFAULT_LOCALE, text: { subject: base.subject, body: base.body } }
}

/**
 * A message from the owner to a group of the beta list, one per person and message
 * (key: `<message id>:<sign-up id>`). The payload names the message; its text is read from the
 * message's row (app_private.group_messages, stored once for the whole group, with a text per
 * language when the owner wrote one), so the email is the one the owner previewed; rows queued before that carry the text in their payload.
 * The person's links come from their sign-up at send time. Paced as invitations
 * (trigger email_queue_pace_messages); cancelled once the address has left the list.
 */
export const testerMessage = defineKind({
  kind: 'message',
  payload: z.object({
    messageId: z.number().int().positive(),
    subject: z.string().min(1).optional(),
    body: z.string().min(1).optional(),
    storeLinks: z.boolean(),
    /** Each person's own /app link (absent in rows queued before it existed). */
    appLink: z.boolean().optional(),
    paceMs: z.number().nonnegative(),
  }),
  dedupeKey: (key: { messageId: number; signupId: string }) => `${key.messageId}:${key.signupId}`,
  example: {
    key: { messageId: 3, signupId: '42' },
    payload: {
      messageId: 3,
      subject: 'A new build',
      body: 'Hi,\n\nSee https://example.com/notes.',
      storeLinks: true,
      paceMs: 0,
    },
  },
  async build(email, payload, settings) {
    const signup = email.signup
    if (email.unsubscribeToken === null || signup === null) return { cancel: 'address no longer on the beta list' }
    const chosen = messageFor(email.message, payload, signup.locale)
    if (chosen === null) return { cancel: 'message no longer stored' }
    const message = { ...payload, ...chosen.text }
    const store = (platform: 'ios' | 'android') =>
      message.storeLinks && (signup.invitationLinks === platform || signup.invitationLinks === 'both')
        ? `${settings.PUBLIC_URL}${paths.store.href(platform, signup.inviteToken)}`
        : undefined
    const iosUrl = store('ios')
    const androidUrl = store('android')
    // /app is the Node server's (the Supabase deployment has no server pages: no link there).
    const appUrl =
      message.appLink && settings.BETA_PAGES !== false
        ? `${settings.PUBLIC_URL}${paths.app.href(signup.appToken)}`
        : undefined
    const feedback = feedbackUrl(settings, signup.feedbackToken)
    const leave = unsubscribeUrl(settings, email.unsubscribeToken)
    const { renderTesterMessageEmail } = await import('./tester-message.tsx')
    const rendered = await renderTesterMessageEmail({
      // The language of the text they get: the frame never mixes two.
      locale: chosen.locale,
      subject: message.subject,
      body: message.body,
      ...(iosUrl ? { iosUrl } : {}),
      ...(androidUrl ? { androidUrl } : {}),
      ...(appUrl ? { appUrl } : {}),
      ...(feedback ? { feedbackUrl: feedback } : {}),
      unsubscribeUrl: leave,
      siteUrl: `${settings.PUBLIC_URL}/`,
    })
    return envelope(email, settings, rendered, oneClickUnsubscribe(leave))
  },
})
