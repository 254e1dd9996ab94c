import type { Db } from '../../db/db.ts'
import { audit } from '../../owner/audit.ts'
import { csvRecord } from '../../owner/csv.ts'
import { allSignups } from './console-queries.ts'

export type ExportFormat = 'csv' | 'json'

/**
 * The whole list for `npm run owner -- export`, one line at a time (no line ending): as the
 * console's "Export CSV" gives it (email, signed_up_at, welcome_email), or as JSON lines. The
 * CLI writes them itself when it holds the database, and the running server streams the same
 * lines when it does (export-cli-route.ts). Audited once, as the owner CLI's export.
 */
export async function* exportLines(db: Db, format: ExportFormat): AsyncGenerator<string> {
  await audit(db, 'owner-cli', 'signups.export', { format })
  if (format === 'csv') yield csvRecord(['email', 'signed_up_at', 'welcome_email']).replace(/\n$/, '')
  for await (const batch of allSignups(db, '')) {
    for (const r of batch)
      yield format === 'json'
        ? JSON.stringify({ email: r.email, signed_up_at: r.createdAt, welcome_email: r.welcome })
        : csvRecord([r.email, r.createdAt, r.welcome]).replace(/\n$/, '')
  }
}
