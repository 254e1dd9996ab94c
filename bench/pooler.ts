// Sign-ups through PgBouncer in transaction mode against the same server direct (issue 52):
// two built servers on one PostgreSQL, measured in turns so that both see the same machine.
// Part of `npm run bench`; alone (after `npm run build`): `tsx bench/pooler.ts`.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startPgCluster } from '../scripts/pg-cluster.ts'
import { pgBouncerVersion, startPgBouncer } from '../scripts/pgbouncer.ts'
import { loadSignups, type LoadResult } from './load.ts'
import { startServer, type RunningServer } from './server.ts'
import { markdown, ms, pct, row, type Row } from './table.ts'

const ROUNDS = 3
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/**
 * `rounds` turns of `seconds` of sign-ups at `connections`, direct then through PgBouncer, each
 * after a 2 s warm-up; the median of each side. `start` starts a server with the given settings.
 */
export async function measurePooler(
  clusterUrl: string,
  start: (env: Record<string, string>) => Promise<RunningServer>,
  opts: { seconds: number; connections: number; scratch: string; rounds?: number },
): Promise<Row[]> {
  const pooler = await startPgBouncer(clusterUrl, { poolSize: 20 })
  try {
    const direct = await start({ DATABASE_URL: clusterUrl, OUTBOX_DIR: join(opts.scratch, 'direct-outbox') })
    const pooled = await start({
      DATABASE_URL: pooler.url,
      DATABASE_DIRECT_URL: clusterUrl,
      DATABASE_POOL_MODE: 'transaction',
      OUTBOX_DIR: join(opts.scratch, 'pooled-outbox'),
    })
    const runs: { direct: LoadResult[]; pooled: LoadResult[] } = { direct: [], pooled: [] }
    for (let i = 0; i < (opts.rounds ?? ROUNDS); i++)
      for (const [side, srv] of [
        ['direct', direct],
        ['pooled', pooled],
      ] as const) {
        await loadSignups(srv.url, { connections: opts.connections, seconds: 2 })
        runs[side].push(await loadSignups(srv.url, { connections: opts.connections, seconds: opts.seconds }))
      }
    await direct.stop()
    await pooled.stop()
    const clean = (rs: LoadResult[]) => rs.every((r) => r.non2xx === 0 && r.errors === 0)
    const rps = { direct: median(runs.direct.map((r) => r.rps)), pooled: median(runs.pooled.map((r) => r.rps)) }
    const p99 = { direct: median(runs.direct.map((r) => r.p99Ms)), pooled: median(runs.pooled.map((r) => r.p99Ms)) }
    const ratio = rps.pooled / rps.direct
    const statuses = runs.pooled.map((r) => r.statuses).join(', ')
    return [
      row(
        `sign-ups/s, ${opts.connections} conns, through PgBouncer (transaction) / direct, median of ${runs.pooled.length} (statuses ${statuses})`,
        `${rps.pooled.toFixed(0)} / ${rps.direct.toFixed(0)} req/s`,
        '≥ 85% of direct',
        ratio >= 0.85 && clean(runs.pooled) && clean(runs.direct),
        pct(ratio),
      ),
      row(
        `sign-up p99 at ${opts.connections} conns, through PgBouncer / direct`,
        `${ms(p99.pooled)} / ${ms(p99.direct)}`,
        '(info)',
        null,
      ),
    ]
  } finally {
    await pooler.stop()
  }
}

// Alone: a cluster of its own, the built servers, the two rows.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const scratch = await mkdtemp(join(tmpdir(), 'bench-pooler-'))
  const cluster = await startPgCluster({ database: 'bench' })
  const servers: RunningServer[] = []
  try {
    const rows = await measurePooler(
      cluster.url,
      async (env) => {
        const srv = await startServer({ TRUST_PROXY: '1', ...env })
        servers.push(srv)
        return srv
      },
      { seconds: Number(process.env.BENCH_SECONDS ?? 15), connections: 64, scratch },
    )
    console.log(`${pgBouncerVersion()}, PostgreSQL at ${cluster.url}`)
    console.log(markdown(rows))
  } finally {
    for (const s of servers) await s.stop().catch(() => {})
    await cluster.stop()
    await rm(scratch, { recursive: true, force: true })
  }
}
