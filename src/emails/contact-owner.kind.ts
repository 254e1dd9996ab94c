import { z } from 'zod'
import { paths } from '../shared/paths.ts'
import { emailAddress } from '../shared/email-address.ts'
import { defineKind } from './define-kind.ts'
import { envelope } from './envelope.ts'
import { ownerTime } from './owner-format.ts'

/**
 * The owner's copy of a contact message. Queued in SQL, by the contact_messages trigger
 * (key: `<message id>:<owner>`), so that the message and its email commit together. Reply-To is
 * the sender, so answering from a mail client reaches them; cancelled when the message was erased
 * before it could be sent.
 */
export const contactOwner = defineKind({
  kind: 'contact-owner',
  payload: z.null(),
  dedupeKey: (key: { messageId: string; owner: string }) => `${key.messageId}:${key.owner}`,
  example: { key: { messageId: '7', owner: 'owner@example.com' }, payload: null },
  async build(email, _payload, settings) {
    const m = email.contact
    if (m === null) return { cancel: 'contact message erased' }
    // The database's own check is looser than the page's schema (Supabase inserts skip ours):
    // only an address the shared schema accepts becomes a header.
    const replyTo = emailAddress.safeParse(m.email)
    const { renderContactOwnerEmail } = await import('./contact-owner.tsx')
    const rendered = await renderContactOwnerEmail({
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      receivedAt: ownerTime(m.created_at),
      consoleUrl: `${settings.PUBLIC_URL}${paths.console.href('inbox')}`,
    })
    return envelope(email, settings, rendered, replyTo.success ? { 'Reply-To': m.email } : {})
  },
})
