import { z } from 'zod'
import { defineKind } from './define-kind.ts'
import { envelope, oneClickUnsubscribe, unsubscribeUrl } from './envelope.ts'
import { localeOr } from '../shared/locales.ts'

/**
 * Double opt-in's first email: a link to the confirmation page (/confirm, whose button POSTs).
 * The sign-up's token serves both the confirmation and the unsubscribe link. One per mailbox
 * ever (key: the canonical mailbox); cancelled once the address has left the list (or expired
 * unconfirmed).
 */
export const confirmSignup = defineKind({
  kind: 'confirm-signup',
  priority: 1,
  payload: z.null(),
  dedupeKey: (mailbox: string) => mailbox,
  example: { key: 'tester@example.com', payload: null },
  async build(email, _payload, settings) {
    if (email.unsubscribeToken === null) return { cancel: 'address no longer on the beta list' }
    const leave = unsubscribeUrl(settings, email.unsubscribeToken)
    const { renderConfirmSignupEmail } = await import('./confirm-signup.tsx')
    const rendered = await renderConfirmSignupEmail({
      // The language of the page they signed up on (docs/decisions/languages.md).
      locale: localeOr(email.signup?.locale),
      confirmUrl: `${settings.PUBLIC_URL}/confirm?token=${encodeURIComponent(email.unsubscribeToken)}`,
      unsubscribeUrl: leave,
      siteUrl: `${settings.PUBLIC_URL}/`,
    })
    return envelope(email, settings, rendered, oneClickUnsubscribe(leave))
  },
})
