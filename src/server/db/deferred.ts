import type { Db } from './db.ts'

/**
 * A Db whose calls wait until `ready` settles. Lets the server listen (and serve the page)
 * while the database opens and migrates, which keeps start-up quick.
 */
export function deferredDb(ready: Promise<Db>): Db {
  // Callers handle a failed open through their own calls; this avoids an unhandled rejection meanwhile.
  ready.catch(() => {})
  return {
    query: async (sql, params) => (await ready).query(sql, params),
    exec: async (sql) => (await ready).exec(sql),
    asAnon: async (sql, params) => (await ready).asAnon(sql, params),
    transaction: async (fn) => (await ready).transaction(fn),
    close: async () => (await ready).close(),
  }
}
