import type { z } from 'zod'
import { BetaSignup } from '../../../shared/beta-signup.ts'
import { ContactMessage } from '../../../shared/contact-message.ts'

export type TableName = 'beta_signups' | 'contact_messages'

type TableInfo = {
  /** Every column, as PostgREST's schema cache would list it (a test compares it with the database). */
  columns: readonly string[]
  /** The columns anon may insert; the same list as the GRANT in the migration. */
  insertable: readonly string[]
  schema: z.ZodType<Record<string, unknown>>
}

/** The tables the REST interface knows, in schema public. */
export const TABLES: Record<TableName, TableInfo> = {
  beta_signups: {
    columns: [
      'id',
      'email',
      'website',
      'unsubscribe_token',
      'created_at',
      'confirmed_at',
      'platform',
      'status',
      'platform_token',
      'invite_token',
      'invited_at',
      'invitation_links',
      'opened_at',
      'feedback_token',
      // The suppression flag, and a welcome the unverified budget withheld.
      'suppressed',
      'welcome_withheld_at',
      'source',
      'source_medium',
      'source_campaign',
      'source_device',
      'source_os',
      'locale',
      // Each person's own /app link and its first opening (issue 43).
      'app_token',
      'app_opened_at',
    ],
    insertable: [
      'email',
      'website',
      'source',
      'source_medium',
      'source_campaign',
      'source_device',
      'source_os',
      'locale',
      'platform',
    ],
    schema: BetaSignup,
  },
  contact_messages: {
    columns: ['id', 'name', 'email', 'subject', 'message', 'website', 'created_at'],
    insertable: ['name', 'email', 'subject', 'message', 'website'],
    schema: ContactMessage,
  },
}

export function isTableName(name: string): name is TableName {
  return Object.hasOwn(TABLES, name)
}
