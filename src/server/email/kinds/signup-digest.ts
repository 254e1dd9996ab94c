import type { ClaimedEmail } from '../../db/email-queue.ts'
import type { EmailBuild, EmailKindConfig } from '../email-build.ts'
import { envelope } from './envelope.ts'

/** The daily sign-up summary (payload: {day, count, total}), written when the digest was due. */
export async function buildSignupDigestEmail(email: ClaimedEmail, config: EmailKindConfig): Promise<EmailBuild> {
  const p = email.payload ?? {}
  const { renderSignupDigestEmail } = await import('../../../emails/signup-digest.tsx')
  const rendered = await renderSignupDigestEmail({
    day: String(p.day),
    count: Number(p.count),
    total: Number(p.total),
    consoleUrl: `${config.PUBLIC_URL}/admin/`,
  })
  return envelope(email, config, rendered)
}
