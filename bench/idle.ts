// What a started server costs while nobody visits ("idle is free"): the CPU it uses over
// a quiet window, and on PostgreSQL the statements it runs, read from the server's own counters.
import pg from 'pg'
import { untilHealthy, type RunningServer } from './server.ts'

export type Idle = { cpuPctOfCore: number; queriesPerSecond?: number }

// Longer than PostgreSQL 15's 10 s at which an idle backend publishes its counters, so the
// start-up's migrations are counted before the window opens, not in it.
const SETTLE_MS = 12_000

/** Waits until the database answers and start-up work has settled, then watches for `seconds`. */
export async function measureIdle(srv: RunningServer, seconds: number, databaseUrl?: string): Promise<Idle> {
  await untilHealthy(srv.url)
  await new Promise((r) => setTimeout(r, SETTLE_MS))
  const before = { cpu: await srv.cpuMs(), tx: databaseUrl ? await transactions(databaseUrl) : 0 }
  await new Promise((r) => setTimeout(r, seconds * 1000))
  const cpuPctOfCore = ((await srv.cpuMs()) - before.cpu) / (seconds * 10)
  if (!databaseUrl) return { cpuPctOfCore }
  const queriesPerSecond = ((await transactions(databaseUrl)) - before.tx) / seconds
  return { cpuPctOfCore, queriesPerSecond }
}

/**
 * Every statement the server runs is a transaction of its own or inside one, so committed plus
 * rolled-back transactions of its database count its queries. Read from the cluster's `postgres`
 * database, so reading does not count itself. Backends publish these counters when they go idle
 * (at most about 10 s late in PostgreSQL 15), which a 30 s window absorbs.
 */
async function transactions(databaseUrl: string): Promise<number> {
  const url = new URL(databaseUrl)
  const database = decodeURIComponent(url.pathname.slice(1))
  url.pathname = '/postgres'
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    const r = await client.query<{ n: string }>(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
      [database],
    )
    return Number(r.rows[0]!.n)
  } finally {
    await client.end()
  }
}
