import { Hono } from 'hono'
import type { Db } from '../db/db.ts'
import { ping } from './postgrest/queries.ts'

type HealthOptions = {
  /** How old an answer may be; a flood of /healthz costs at most one query per this period. */
  maxAgeMs?: number
  /** A database that has not answered in this long counts as down. */
  timeoutMs?: number
  now?: () => number
}

/**
 * Whether the database answers, from a result at most `maxAgeMs` old. Callers that arrive while
 * a check runs share it, and a query that outlives its timeout is shared too: a hung database
 * holds one query (one pool connection), however many probes arrive.
 */
function createHealthCheck(db: Db, options: HealthOptions = {}): () => Promise<boolean> {
  const maxAgeMs = options.maxAgeMs ?? 1_000
  const timeoutMs = options.timeoutMs ?? 2_000
  const now = options.now ?? Date.now
  let last: { ok: boolean; at: number } | undefined
  let checking: Promise<boolean> | undefined
  let query: Promise<boolean> | undefined

  function startQuery(): Promise<boolean> {
    const running = ping(db).then(
      () => true,
      () => false,
    )
    // A query that settles after its timeout is still news: a database that was opening is up.
    void running.then((ok) => {
      query = undefined
      last = { ok, at: now() }
    })
    return running
  }

  async function check(): Promise<boolean> {
    query ??= startQuery()
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs)
    })
    const ok = await Promise.race([query, timeout])
    clearTimeout(timer)
    last = { ok, at: now() }
    return ok
  }

  return () => {
    if (last && now() - last.at < maxAgeMs) return Promise.resolve(last.ok)
    checking ??= check().finally(() => {
      checking = undefined
    })
    return checking
  }
}

/** For load balancers and orchestrators: 200 while the database answers, 503 otherwise. */
export function healthRoutes(db: Db, options: HealthOptions = {}): Hono {
  const healthy = createHealthCheck(db, options)
  const app = new Hono()
  app.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store')
    return (await healthy()) ? c.json({ status: 'ok' }, 200) : c.json({ status: 'unavailable' }, 503)
  })
  return app
}
