import type { Context } from 'hono'
import type { z } from 'zod'

/**
 * A table the PostgREST emulation serves at /rest/v1/<name>, declared by the feature that owns it
 * (beta_signups: features/signups/table.ts; contact_messages: features/contact/table.ts). The
 * emulation checks columns and the schema and inserts as anon; the database's grants decide the rest.
 */
export type RestTable = {
  /** The table in schema public, and its path under /rest/v1. */
  name: string
  /** Every column, as PostgREST's schema cache would list it (a test compares it with the database). */
  columns: readonly string[]
  /** The columns anon may insert; the same list as the GRANT in the migration. */
  insertable: readonly string[]
  schema: z.ZodType<Record<string, unknown>>
}

/**
 * A table as a feature registers it with the emulation: the table, and the columns the feature
 * adds to a valid row from the request (a sign-up's source). Absent: the row as sent.
 */
export type RestRegistration = {
  table: RestTable
  enrich?: (c: Context, valid: Record<string, unknown>) => Promise<Record<string, unknown>>
}
