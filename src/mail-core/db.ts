// What the mail core needs of a database. It owns this type, so that it never imports the Node
// server's: src/server/db implements it over PGlite or a PostgreSQL pool, and the edge function
// over Supabase's database (supabase/functions/resend-email/db.ts).

/** Rows and count of one statement. */
export type QueryResult<T> = { rows: T[]; rowCount: number }

/** One statement at a time, on a pool or inside a transaction. */
export type Queryable = {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>
}

/** What a transaction callback gets: statements run on one connection, inside BEGIN … COMMIT. */
export type Tx = Queryable & {
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>
}

/** The database as the mail core sees it: statements, and transactions of several. */
export type MailDb = Queryable & {
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>
}
