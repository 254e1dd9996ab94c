import { z } from 'zod'
import { count, id, iso, PageQuery } from './console-common.ts'

// The Inbox view: the contact form's messages (table contact_messages).

export const InboxFilter = z.enum(['new', 'handled', 'all'])
export type InboxFilter = z.infer<typeof InboxFilter>

/** GET /inbox: a page of the contact inbox. */
export const InboxQuery = PageQuery.extend({ filter: InboxFilter.default('all') })

/** The :id of /inbox/:id/handled and /inbox/:id/reopen. */
export const ContactMessageId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)

export const ContactMessage = z.strictObject({
  id,
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: iso,
  handledAt: iso.nullable(),
  handledBy: z.string().nullable(),
})
export type ContactMessage = z.infer<typeof ContactMessage>

export const InboxPage = z.strictObject({
  rows: z.array(ContactMessage),
  counts: z.strictObject({ all: count, new: count, handled: count }),
  page: id,
  size: id,
})
export type InboxPage = z.infer<typeof InboxPage>
