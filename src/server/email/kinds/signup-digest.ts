import type { ClaimedEmail } from '../../db/email-queue.ts'
import type { EmailBuild, EmailKindConfig } from '../kinds.ts'

/** The daily sign-up summary (payload: {day, count, total}), written when the digest was due. */
export async function buildSignupDigestEmail(email: ClaimedEmail, config: EmailKindConfig): Promise<EmailBuild> {
  const p = email.payload ?? {}
  const { renderSignupDigestEmail } = await import('../../../emails/signup-digest.tsx')
  const { subject, html, text } = await renderSignupDigestEmail({
    day: String(p.day),
    count: Number(p.count),
    total: Number(p.total),
    consoleUrl: `${config.PUBLIC_URL}/admin/`,
  })
  return { email: { id: email.id, from: config.EMAIL_FROM, to: email.toEmail, subject, html, text, headers: {} } }
}
