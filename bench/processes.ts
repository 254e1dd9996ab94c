// Issue 52: sign-ups per second and p99 with three server processes on one PostgreSQL, against one
// process on the same database, and where the machine's CPU went in each (the servers, PostgreSQL,
// the load generator), so a ratio below the target can be explained. The built server as
// `npm run serve` runs it (bench/server.ts); the load is bench/load.ts's sign-ups, split evenly
// over the processes (a proxy would hash one loopback client to one process; its own cost is
// bench/throughput.ts's). Part of `npm run bench` (bench/run.ts); alone, after `npm run build`:
//   npx tsx bench/processes.ts
import { readdir, readFile } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startPgCluster, type PgCluster } from '../scripts/pg-cluster.ts'
import { loadSignups, type LoadResult } from './load.ts'
import { startServer, untilHealthy, type RunningServer } from './server.ts'
import { ms, pct, row, type Row } from './table.ts'

const CLOCK_TICKS = 100
const CONNECTIONS = 64
// Three processes hold three pools: sized so 3 × (pool + anon pool) stays under PostgreSQL's
// default max_connections of 100 (the default 4 + 32 would be 108). The one-process run uses the
// same sizes, so only the number of processes differs.
const POOLS = { DATABASE_POOL_SIZE: '4', DATABASE_ANON_POOL_SIZE: '24' }

export type ProcessesRun = {
  processes: number
  rps: number
  p99Ms: number
  statuses: string
  errors: number
  /** Per cent of one core over the measured window. */
  cpu: { servers: number[]; postgres: number; generator: number }
}

/** CPU ticks of PostgreSQL: the postmaster, its live children, and the children it reaped. */
async function postgresMs(dataDir: string): Promise<number> {
  const pid = Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0])
  let ticks = 0
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // Fields 4 (ppid), 14–17 (utime, stime, cutime, cstime), counted from 1 with the pid and name taken off.
    const ppid = Number(fields[1])
    if (Number(entry) === pid)
      ticks += fields
        .slice(11, 15)
        .map(Number)
        .reduce((a, b) => a + b, 0)
    else if (ppid === pid) ticks += Number(fields[11]) + Number(fields[12])
  }
  return (ticks * 1000) / CLOCK_TICKS
}

const generatorMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

/** `count` processes on `cluster`'s database; `seconds` of sign-ups split over them after a warm-up. */
async function run(
  cluster: PgCluster,
  count: number,
  seconds: number,
  env: Record<string, string>,
): Promise<ProcessesRun> {
  const servers: RunningServer[] = []
  try {
    for (let i = 0; i < count; i++) {
      const server = await startServer({ TRUST_PROXY: '1', DATABASE_URL: cluster.url, ...POOLS, ...env })
      servers.push(server)
      await untilHealthy(server.url)
    }
    const split = (n: number) => Math.floor(n / count) + (n % count ? 1 : 0)
    await Promise.all(servers.map((s) => loadSignups(s.url, { connections: split(CONNECTIONS), seconds: 3 })))
    const before = {
      servers: await Promise.all(servers.map((s) => s.cpuMs())),
      postgres: await postgresMs(cluster.dataDir),
      generator: generatorMs(),
    }
    const started = performance.now()
    const results: LoadResult[] = await Promise.all(
      servers.map((s) => loadSignups(s.url, { connections: split(CONNECTIONS), seconds })),
    )
    const wallMs = performance.now() - started
    const share = (used: number) => (used / wallMs) * 100
    const cpu = {
      servers: await Promise.all(servers.map(async (s, i) => share((await s.cpuMs()) - before.servers[i]!))),
      postgres: share((await postgresMs(cluster.dataDir)) - before.postgres),
      generator: share(generatorMs() - before.generator),
    }
    return {
      processes: count,
      rps: results.reduce((sum, r) => sum + r.rps, 0),
      // The slowest process's p99: the tail a visitor behind the balancer may meet.
      p99Ms: Math.max(...results.map((r) => r.p99Ms)),
      statuses: results.map((r) => r.statuses).join(' | '),
      errors: results.reduce((sum, r) => sum + r.errors, 0),
      cpu,
    }
  } finally {
    for (const s of servers) await s.stop()
  }
}

/** One process, then three, on the same PostgreSQL; rows for the bench table and a line of CPU shares. */
export async function measureProcesses(
  cluster: PgCluster,
  seconds: number,
  env: Record<string, string>,
): Promise<{ rows: Row[]; one: ProcessesRun; three: ProcessesRun; cpuLine: string }> {
  const one = await run(cluster, 1, seconds, env)
  const three = await run(cluster, 3, seconds, env)
  const ratio = three.rps / one.rps
  const clean = (r: ProcessesRun) => r.errors === 0 && !/\b(?!201x)\d{3}x/.test(r.statuses)
  const cpuOf = (r: ProcessesRun) =>
    `servers ${r.cpu.servers.map((c) => `${c.toFixed(0)}%`).join(' + ')}, PostgreSQL ${r.cpu.postgres.toFixed(0)}%, load generator ${r.cpu.generator.toFixed(0)}%`
  const rows = [
    row(
      `sign-ups/s, ${CONNECTIONS} conns, 1 process on PostgreSQL (p99 ${ms(one.p99Ms)}; ${one.statuses})`,
      `${one.rps.toFixed(0)} req/s`,
      '(baseline)',
      null,
    ),
    row(
      `sign-ups/s, ${CONNECTIONS} conns, 3 processes on one PostgreSQL (p99 ${ms(three.p99Ms)}; ${three.statuses})`,
      `${three.rps.toFixed(0)} req/s`,
      '≥ 1.8 × one process',
      ratio >= 1.8 && clean(one) && clean(three),
      pct(ratio),
    ),
  ]
  const cpuLine =
    `CPU per part, % of one core (${cpus().length} cores): one process: ${cpuOf(one)}; three processes: ${cpuOf(three)}; ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`
  return { rows, one, three, cpuLine }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const cluster = await startPgCluster({ database: 'processes' })
  try {
    const { rows, cpuLine } = await measureProcesses(cluster, Number(process.env.BENCH_SECONDS ?? 15), {
      EMAIL_TRANSPORT: 'outbox',
      OUTBOX_DIR: join(cluster.dataDir, '..', 'outbox'),
    })
    for (const r of rows)
      console.log(`${r.target}: ${r.measured} ${r.ratio ?? ''} ${r.met === null ? '' : r.met ? 'met' : 'NOT met'}`)
    console.log(cpuLine)
  } finally {
    await cluster.stop()
  }
}
