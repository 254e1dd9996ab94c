import type { ClaimedEmail } from '../../db/email-queue.ts'
import type { EmailBuild, EmailKindConfig } from '../email-build.ts'
import { envelope } from './envelope.ts'

/**
 * The end-of-hour summary of contact messages past the owner's cap (payload: {count, hourStart});
 * queued by the contact_messages trigger, due when its hour ends (issue 15).
 */
export async function buildContactOwnerSummaryEmail(email: ClaimedEmail, config: EmailKindConfig): Promise<EmailBuild> {
  const count = Number(email.payload?.count)
  if (!Number.isInteger(count) || count < 1) return { cancel: 'no messages past the cap' }
  const { renderContactOwnerSummaryEmail } = await import('../../../emails/contact-owner-summary.tsx')
  const rendered = await renderContactOwnerSummaryEmail({ count, consoleUrl: `${config.PUBLIC_URL}/admin/#/inbox` })
  return envelope(email, config, rendered)
}
