import type { ClaimedEmail } from '../../db/email-queue.ts'
import type { EmailBuild, EmailKindConfig } from '../email-build.ts'
import { envelope, oneClickUnsubscribe, unsubscribeUrl } from './envelope.ts'

/** The welcome email of a beta sign-up; cancelled once the address has left the list. */
export async function buildWelcomeEmail(email: ClaimedEmail, config: EmailKindConfig): Promise<EmailBuild> {
  if (email.unsubscribeToken === null) return { cancel: 'address no longer on the beta list' }
  const leave = unsubscribeUrl(config, email.unsubscribeToken)
  // Loaded on first use: React Email and its dependencies cost start-up time and resident
  // memory that an idle server should not pay (issue 7).
  const { renderWelcomeEmail } = await import('../../../emails/welcome.tsx')
  const phone = (platform: 'ios' | 'android') =>
    `${config.PUBLIC_URL}/beta/phone?platform=${platform}&token=${encodeURIComponent(email.signup?.platformToken ?? '')}`
  const rendered = await renderWelcomeEmail({
    unsubscribeUrl: leave,
    siteUrl: `${config.PUBLIC_URL}/`,
    // Issue 11: which phone, recorded by a button on /beta/phone (mail scanners fetch links).
    ...(email.signup && config.BETA_PAGES !== false
      ? { phoneUrls: { ios: phone('ios'), android: phone('android') } }
      : {}),
  })
  return envelope(email, config, rendered, oneClickUnsubscribe(leave))
}
