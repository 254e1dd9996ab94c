import { Hono } from 'hono'
import type { Db } from '../db/db.ts'
import { ping } from '../db/queries.ts'

const TIMEOUT_MS = 2_000

/** For load balancers and orchestrators: 200 while the database answers, 503 otherwise. */
export function healthRoutes(db: Db): Hono {
  const app = new Hono()
  app.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store')
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database did not answer in time')), TIMEOUT_MS)
    })
    try {
      await Promise.race([ping(db), timeout])
      return c.json({ status: 'ok' }, 200)
    } catch {
      return c.json({ status: 'unavailable' }, 503)
    } finally {
      clearTimeout(timer)
    }
  })
  return app
}
