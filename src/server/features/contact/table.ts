import { ContactMessage } from '../../../shared/contact-message.ts'
import type { RestTable } from '../../http/postgrest/tables.ts'

/** public.contact_messages as the PostgREST emulation serves it: the contact form's insert. */
export const CONTACT_MESSAGES: RestTable = {
  name: 'contact_messages',
  columns: ['id', 'name', 'email', 'subject', 'message', 'website', 'created_at'],
  insertable: ['name', 'email', 'subject', 'message', 'website'],
  schema: ContactMessage,
}
