import type { ClaimedEmail } from '../../db/email-queue.ts'
import type { EmailBuild, EmailKindConfig } from '../kinds.ts'

/**
 * Double opt-in's first email: a link to the confirmation page (/confirm, whose button POSTs).
 * The sign-up's token serves both the confirmation and the unsubscribe link. Cancelled once the
 * address has left the list (or expired unconfirmed).
 */
export async function buildConfirmSignupEmail(email: ClaimedEmail, config: EmailKindConfig): Promise<EmailBuild> {
  if (email.unsubscribeToken === null) return { cancel: 'address no longer on the beta list' }
  const token = encodeURIComponent(email.unsubscribeToken)
  const unsubscribeUrl = `${config.PUBLIC_URL}/unsubscribe?token=${token}`
  const { renderConfirmSignupEmail } = await import('../../../emails/confirm-signup.tsx')
  const { subject, html, text } = await renderConfirmSignupEmail({
    confirmUrl: `${config.PUBLIC_URL}/confirm?token=${token}`,
    unsubscribeUrl,
    siteUrl: `${config.PUBLIC_URL}/`,
  })
  return {
    email: {
      id: email.id,
      from: config.EMAIL_FROM,
      to: email.toEmail,
      subject,
      html,
      text,
      headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
  }
}
