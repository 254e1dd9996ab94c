import type { MailDb, QueryResult } from '../../mail-core/db.ts'

// Named here too, so that server code imports its database types from one place.
export type { Tx } from '../../mail-core/db.ts'

/**
 * The database as the rest of the server sees it: the mail core's (src/mail-core/db.ts, which it owns
 * so that it never imports the server) and what only the server does. PGlite or a PostgreSQL pool
 * sits behind it; nothing outside src/server/db knows which.
 */
export type Db = MailDb & {
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>
  /**
   * One statement as the anon role, in its own transaction: grants, row-level security and
   * triggers decide, exactly as behind PostgREST. The hot path (every sign-up), so each backend
   * does it its cheapest way (see open.ts).
   */
  asAnon<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>
  close(): Promise<void>
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (the suppression journal's copy, issue 42);
   * resolves to the way to stop. PGlite: its one session; PostgreSQL: a connection of its own.
   */
  listen?(channel: string, onNotify: () => void): Promise<() => Promise<void>>
}
