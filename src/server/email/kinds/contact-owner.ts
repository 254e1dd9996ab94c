import { emailAddress } from '../../../shared/email-address.ts'
import type { ClaimedEmail } from '../../db/email-queue.ts'
import type { EmailBuild, EmailKindConfig } from '../email-build.ts'
import { envelope } from './envelope.ts'

/**
 * The owner's copy of a contact message. Reply-To is the sender, so answering from a mail client
 * reaches them; cancelled when the message was erased before it could be sent.
 */
export async function buildContactOwnerEmail(email: ClaimedEmail, config: EmailKindConfig): Promise<EmailBuild> {
  const m = email.contact
  if (m === null) return { cancel: 'contact message erased' }
  // The database's own check is looser than the page's schema (Supabase inserts skip ours):
  // only an address the shared schema accepts becomes a header.
  const replyTo = emailAddress.safeParse(m.email)
  const { renderContactOwnerEmail } = await import('../../../emails/contact-owner.tsx')
  const rendered = await renderContactOwnerEmail({
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
    receivedAt: `${new Date(m.created_at).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    consoleUrl: `${config.PUBLIC_URL}/admin/#/inbox`,
  })
  return envelope(email, config, rendered, replyTo.success ? { 'Reply-To': m.email } : {})
}
