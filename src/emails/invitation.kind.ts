import { z } from 'zod'
import { defineKind } from './define-kind.ts'
import { envelope, feedbackUrl, oneClickUnsubscribe, unsubscribeUrl } from './envelope.ts'
import { paths } from '../shared/paths.ts'
import { localeOr } from '../shared/locales.ts'

/**
 * The beta invitation, one per sign-up (key: its id): links through our /beta/ios and
 * /beta/android redirects, which record the opening; cancelled once the address has left the
 * list. The payload's pace keeps the emails apart after downtime (trigger
 * email_queue_pace_invitations).
 */
export const invitation = defineKind({
  kind: 'invitation',
  payload: z.object({ paceMs: z.number().nonnegative() }),
  dedupeKey: (signupId: string) => signupId,
  example: { key: '42', payload: { paceMs: 0 } },
  async build(email, _payload, settings) {
    const signup = email.signup
    if (email.unsubscribeToken === null || signup === null) return { cancel: 'address no longer on the beta list' }
    if (signup.invitationLinks === null) return { cancel: 'sign-up not invited' }
    const leave = unsubscribeUrl(settings, email.unsubscribeToken)
    const link = (platform: 'ios' | 'android') =>
      signup.invitationLinks === platform || signup.invitationLinks === 'both'
        ? `${settings.PUBLIC_URL}${paths.store.href(platform, signup.inviteToken)}`
        : undefined
    const iosUrl = link('ios')
    const androidUrl = link('android')
    const feedback = feedbackUrl(settings, signup.feedbackToken)
    // Loaded on first use, as the welcome email.
    const { renderInvitationEmail } = await import('./invitation.tsx')
    const rendered = await renderInvitationEmail({
      // The language of the page they signed up on (docs/decisions/languages.md).
      locale: localeOr(email.signup?.locale),
      ...(iosUrl ? { iosUrl } : {}),
      ...(androidUrl ? { androidUrl } : {}),
      ...(feedback ? { feedbackUrl: feedback } : {}),
      unsubscribeUrl: leave,
      siteUrl: `${settings.PUBLIC_URL}/`,
    })
    // One-click unsubscribe, as on the welcome email.
    return envelope(email, settings, rendered, oneClickUnsubscribe(leave))
  },
})
