// The server half of `npm run bench` alone, for trying a change: pgbench, sign-ups on PostgreSQL
// (full and half load), then PGlite (10,000 sign-ups, RSS). Needs `npm run build` first.
//   npx tsx bench/quick.ts [pg|pglite]   (both by default); BENCH_SECONDS as for run.ts
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startPgCluster } from '../scripts/pg-cluster.ts'
import { loadSignups } from './load.ts'
import { pgbench } from './pgbench.ts'
import { startServer } from './server.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const which = process.argv[2] ?? 'both'
const scratch = await mkdtemp(join(tmpdir(), 'bench-quick-'))
const extra = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => k.startsWith('DATABASE_') && k !== 'DATABASE_URL'),
) as Record<string, string>
const mb = (b: number) => `${(b / 1048576).toFixed(0)} MB`
try {
  if (which !== 'pglite') {
    const pg = await startPgCluster({ database: 'bench' })
    try {
      const srv = await startServer({
        TRUST_PROXY: '1',
        DATABASE_URL: pg.url,
        OUTBOX_DIR: join(scratch, 'o1'),
        ...extra,
      })
      console.log(`start-up (PostgreSQL) ${srv.startupMs.toFixed(0)} ms`)
      const ceiling = await pgbench(pg.url, 64, SECONDS)
      await loadSignups(srv.url, { connections: 64, seconds: 3 })
      const full = await loadSignups(srv.url, { connections: 64, seconds: SECONDS })
      const half = await loadSignups(srv.url, { connections: 64, seconds: SECONDS, rate: full.rps / 2 })
      console.log(
        `pgbench ${ceiling.tps.toFixed(0)} tps; server ${full.rps.toFixed(0)}/s (${((100 * full.rps) / ceiling.tps).toFixed(0)}%, ${full.statuses}, ${full.errors} errors), p99 ${full.p99Ms} ms; half load p99 ${half.p99Ms} ms p50 ${half.p50Ms}; RSS ${mb(await srv.rssBytes())}`,
      )
      await srv.stop()
    } finally {
      await pg.stop()
    }
  }
  if (which !== 'pg') {
    const srv = await startServer({
      TRUST_PROXY: '1',
      PGLITE_DIR: join(scratch, 'lite'),
      OUTBOX_DIR: join(scratch, 'o2'),
    })
    console.log(`start-up (PGlite, fresh dir) ${srv.startupMs.toFixed(0)} ms, RSS ${mb(await srv.rssBytes())}`)
    const tenK = await loadSignups(srv.url, { connections: 64, amount: 10_000 })
    const rss = await srv.rssBytes()
    const half = await loadSignups(srv.url, { connections: 64, seconds: SECONDS, rate: tenK.rps / 2 })
    console.log(
      `PGlite ${tenK.rps.toFixed(0)}/s (${tenK.statuses}), RSS after 10k ${mb(rss)}; half load p99 ${half.p99Ms} ms`,
    )
    await srv.stop()
  }
} finally {
  await rm(scratch, { recursive: true, force: true })
}
