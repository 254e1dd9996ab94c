import { isDatabaseUnavailable } from '../../shared/http/errors.ts'
import type { Logger } from '../log.ts'
import type { Db, Tx } from './db.ts'

const watched = new WeakMap<Db, Db>()

/**
 * The same database, watched for outages (a 20 s PostgreSQL outage gave 792 error lines
 * with stacks). The first call that finds the database unreachable logs the outage's start; the
 * first call that succeeds afterwards logs its end, with how long it lasted and how many calls
 * failed. In between nothing is logged: the requests answer 503 (app.ts) and the email worker
 * waits for its next poll. One watcher per database, so the app and the worker share it.
 */
export function watchOutages(db: Db, logger: Pick<Logger, 'error' | 'warn'>): Db {
  const known = watched.get(db)
  if (known) return known
  let down: { since: number; failures: number } | undefined

  const failed = (err: unknown) => {
    if (!isDatabaseUnavailable(err)) return
    if (down) {
      down.failures += 1
      return
    }
    down = { since: Date.now(), failures: 1 }
    const e = err as { code?: unknown; message?: unknown }
    logger.error(
      { event: 'db.unavailable', code: e.code, reason: String(e.message ?? '') },
      'database unavailable: answering 503 until it is back',
    )
  }
  const succeeded = () => {
    if (!down) return
    logger.warn(
      { event: 'db.available', downMs: Date.now() - down.since, failures: down.failures },
      'database available again',
    )
    down = undefined
  }
  const watch = <T>(p: Promise<T>): Promise<T> =>
    p.then(
      (v) => {
        succeeded()
        return v
      },
      (err: unknown) => {
        failed(err)
        throw err
      },
    )

  const wrapped: Db = {
    query: (sql, params) => watch(db.query(sql, params)),
    exec: (sql) => watch(db.exec(sql)),
    asAnon: (sql, params) => watch(db.asAnon(sql, params)),
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => watch(db.transaction(fn)),
    close: () => db.close(),
  }
  watched.set(db, wrapped)
  watched.set(wrapped, wrapped)
  return wrapped
}
