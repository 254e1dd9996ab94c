import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

/** A throwaway PostgreSQL server: one temp data directory, one free port, gone after stop(). */
export type PgCluster = {
  url: string
  port: number
  dataDir: string
  stop: () => Promise<void>
  /** Shuts the server down (fast shutdown), keeping its data: an outage. */
  pause: () => Promise<void>
  /** Starts it again on the same port and data, and waits until it accepts connections. */
  resume: () => Promise<void>
}

const ENSURE_SCRIPT = fileURLToPath(new URL('./ensure-postgres.sh', import.meta.url))

export function findPgBin(): string | undefined {
  const candidates: string[] = []
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN)
  if (existsSync('/usr/lib/postgresql')) {
    // Newest major version first.
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    candidates.push(...versions.map((v) => join('/usr/lib/postgresql', v, 'bin')))
  }
  const pgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' })
  if (pgConfig.status === 0) candidates.push(pgConfig.stdout.trim())
  return candidates.find((dir) => existsSync(join(dir, 'postgres')) && existsSync(join(dir, 'initdb')))
}

function requirePgBin(): string {
  const found = findPgBin()
  if (found) return found
  // Installs the server when we are root with apt; otherwise prints the one-line reason.
  const r = spawnSync('bash', [ENSURE_SCRIPT], { stdio: ['ignore', 'inherit', 'inherit'] })
  const after = r.status === 0 ? findPgBin() : undefined
  if (!after) throw new Error('PostgreSQL server binaries not found (see the message above)')
  return after
}

/** PostgreSQL refuses to run as root; as root we run it as `postgres` (or `nobody`). */
export function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' })
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' })
    if (uid.status === 0 && gid.status === 0) return { uid: Number(uid.stdout), gid: Number(gid.stdout) }
  }
  throw new Error('Running as root, but neither a postgres nor a nobody user exists to run PostgreSQL')
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

async function waitForConnections(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with code ${child.exitCode}:\n${log()}`)
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.end()
      return
    } catch (err) {
      await client.end().catch(() => {})
      if (Date.now() > deadline)
        throw new Error(`postgres did not accept connections in 30 s: ${String(err)}\n${log()}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

/**
 * Starts a fresh cluster and creates `database` in it. fsync stays on (the durability tests
 * rely on it); only initdb skips syncing, since a crash during set-up just fails the run.
 */
export async function startPgCluster(options: { database?: string } = {}): Promise<PgCluster> {
  const database = options.database ?? 'test'
  const bin = requirePgBin()
  const user = serverUser()
  const dir = await mkdtemp(join(tmpdir(), 'pgc-'))
  const dataDir = join(dir, 'data')
  if (user) await chown(dir, user.uid, user.gid)
  const asUser = user ? { uid: user.uid, gid: user.gid } : {}

  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'],
    {
      ...asUser,
      encoding: 'utf8',
    },
  )
  if (init.status !== 0) {
    await rm(dir, { recursive: true, force: true })
    throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`)
  }

  const port = await freePort()
  let output = ''
  let child: ChildProcess
  let exited: Promise<void>
  const launch = () => {
    child = spawn(
      join(bin, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'],
      {
        ...asUser,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
    const running = child
    exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
  }
  launch()
  // If our process dies without calling stop(), do not leave a server behind.
  const killOnExit = () => child.kill('SIGQUIT')
  process.once('exit', killOnExit)

  const shutDown = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT') // fast shutdown: disconnect clients, checkpoint, exit
      const timer = setTimeout(() => child.kill('SIGQUIT'), 10_000)
      await exited
      clearTimeout(timer)
    }
  }
  const stop = async () => {
    process.off('exit', killOnExit)
    await shutDown()
    await rm(dir, { recursive: true, force: true })
  }
  const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`
  const pause = shutDown
  const resume = async () => {
    launch()
    await waitForConnections(adminUrl, child!, () => output)
  }

  try {
    await waitForConnections(adminUrl, child!, () => output)
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${pg.escapeIdentifier(database)}`)
    await admin.end()
  } catch (err) {
    await stop()
    throw err
  }
  return { url: `postgresql://postgres@127.0.0.1:${port}/${database}`, port, dataDir, stop, pause, resume }
}

// `tsx scripts/pg-cluster.ts`: a cluster for benchmarks or manual runs, until Ctrl-C.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const cluster = await startPgCluster({ database: process.argv[2] ?? 'bench' })
  console.log(cluster.url)
  const shutdown = () => void cluster.stop().then(() => process.exit(0))
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}
