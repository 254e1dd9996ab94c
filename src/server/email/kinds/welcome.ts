import type { ClaimedEmail } from '../../db/email-queue.ts'
import type { EmailBuild, EmailKindConfig } from '../kinds.ts'

/** The welcome email of a beta sign-up; cancelled once the address has left the list. */
export async function buildWelcomeEmail(email: ClaimedEmail, config: EmailKindConfig): Promise<EmailBuild> {
  if (email.unsubscribeToken === null) return { cancel: 'address no longer on the beta list' }
  const unsubscribeUrl = `${config.PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(email.unsubscribeToken)}`
  // Loaded on first use: React Email and its dependencies cost start-up time and resident
  // memory that an idle server should not pay (issue 7).
  const { renderWelcomeEmail } = await import('../../../emails/welcome.tsx')
  const phone = (platform: 'ios' | 'android') =>
    `${config.PUBLIC_URL}/beta/phone?platform=${platform}&token=${encodeURIComponent(email.signup?.platformToken ?? '')}`
  const { subject, html, text } = await renderWelcomeEmail({
    unsubscribeUrl,
    siteUrl: `${config.PUBLIC_URL}/`,
    // Issue 11: which phone, recorded by a button on /beta/phone (mail scanners fetch links).
    ...(email.signup && config.BETA_PAGES !== false
      ? { phoneUrls: { ios: phone('ios'), android: phone('android') } }
      : {}),
  })
  return {
    email: {
      id: email.id,
      from: config.EMAIL_FROM,
      to: email.toEmail,
      subject,
      html,
      text,
      // RFC 8058 one-click unsubscribe: mail clients POST to the URL with List-Unsubscribe=One-Click.
      headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
  }
}
