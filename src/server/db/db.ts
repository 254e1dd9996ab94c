/** Rows and count of one statement. */
export type QueryResult<T> = { rows: T[]; rowCount: number }

/** What a transaction callback gets: statements run on one connection, inside BEGIN … COMMIT. */
export type Tx = {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>
}

/**
 * The database as the rest of the server sees it. PGlite or a PostgreSQL pool sits behind it;
 * nothing outside src/server/db knows which.
 */
export type Db = Tx & {
  /**
   * One statement as the anon role, in its own transaction: grants, row-level security and
   * triggers decide, exactly as behind PostgREST. The hot path (every sign-up), so each backend
   * does it its cheapest way (see open.ts).
   */
  asAnon<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>
  close(): Promise<void>
}
