import type { ClaimedEmail } from '../../db/email-queue.ts'
import type { EmailBuild, EmailKindConfig } from '../email-build.ts'
import { envelope, oneClickUnsubscribe, unsubscribeUrl } from './envelope.ts'

/**
 * Double opt-in's first email: a link to the confirmation page (/confirm, whose button POSTs).
 * The sign-up's token serves both the confirmation and the unsubscribe link. Cancelled once the
 * address has left the list (or expired unconfirmed).
 */
export async function buildConfirmSignupEmail(email: ClaimedEmail, config: EmailKindConfig): Promise<EmailBuild> {
  if (email.unsubscribeToken === null) return { cancel: 'address no longer on the beta list' }
  const leave = unsubscribeUrl(config, email.unsubscribeToken)
  const { renderConfirmSignupEmail } = await import('../../../emails/confirm-signup.tsx')
  const rendered = await renderConfirmSignupEmail({
    confirmUrl: `${config.PUBLIC_URL}/confirm?token=${encodeURIComponent(email.unsubscribeToken)}`,
    unsubscribeUrl: leave,
    siteUrl: `${config.PUBLIC_URL}/`,
  })
  return envelope(email, config, rendered, oneClickUnsubscribe(leave))
}
