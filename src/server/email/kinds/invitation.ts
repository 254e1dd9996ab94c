import type { ClaimedEmail } from '../../db/email-queue.ts'
import type { EmailBuild, EmailKindConfig } from '../email-build.ts'
import { envelope, oneClickUnsubscribe, unsubscribeUrl } from './envelope.ts'

/**
 * The beta invitation (issue 11): links through our /beta/ios and /beta/android redirects, which
 * record the opening; cancelled once the address has left the list.
 */
export async function buildInvitationEmail(email: ClaimedEmail, config: EmailKindConfig): Promise<EmailBuild> {
  const signup = email.signup
  if (email.unsubscribeToken === null || signup === null) return { cancel: 'address no longer on the beta list' }
  if (signup.invitationLinks === null) return { cancel: 'sign-up not invited' }
  const leave = unsubscribeUrl(config, email.unsubscribeToken)
  const link = (platform: 'ios' | 'android') =>
    signup.invitationLinks === platform || signup.invitationLinks === 'both'
      ? `${config.PUBLIC_URL}/beta/${platform}?token=${encodeURIComponent(signup.inviteToken)}`
      : undefined
  const iosUrl = link('ios')
  const androidUrl = link('android')
  // Loaded on first use, as the welcome email (issue 7).
  const { renderInvitationEmail } = await import('../../../emails/invitation.tsx')
  const rendered = await renderInvitationEmail({
    ...(iosUrl ? { iosUrl } : {}),
    ...(androidUrl ? { androidUrl } : {}),
    unsubscribeUrl: leave,
    siteUrl: `${config.PUBLIC_URL}/`,
  })
  // One-click unsubscribe, as on the welcome email.
  return envelope(email, config, rendered, oneClickUnsubscribe(leave))
}
