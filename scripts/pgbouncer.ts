import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort, serverUser } from './pg-cluster.ts'

/** A throwaway PgBouncer in transaction mode in front of one PostgreSQL (scripts/pg-cluster.ts). */
export type PgBouncer = {
  /** `url` with its host and port replaced by the pooler's. */
  url: string
  port: number
  stop: () => Promise<void>
}

const CANDIDATES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer']

function findPgBouncer(): string {
  const found = CANDIDATES.find((p) => existsSync(p))
  if (found) return found
  throw new Error(
    "pgbouncer not found: install Debian's pgbouncer package (bash scripts/ensure-postgres.sh installs it as root)",
  )
}

/**
 * Starts PgBouncer as PostgreSQL's user (it refuses root), with every database of the cluster
 * behind it (`*`), in transaction mode, trusting the cluster's `postgres` user as the cluster
 * does. `url` is the cluster's (any of its databases).
 */
export async function startPgBouncer(url: string, options: { poolSize?: number } = {}): Promise<PgBouncer> {
  const bin = findPgBouncer()
  const target = new URL(url)
  const user = serverUser()
  const dir = await mkdtemp(join(tmpdir(), 'pgbouncer-'))
  if (user) await chown(dir, user.uid, user.gid)
  const port = await freePort()
  const config = join(dir, 'pgbouncer.ini')
  await writeFile(join(dir, 'users.txt'), `"${decodeURIComponent(target.username) || 'postgres'}" ""\n`)
  await writeFile(
    config,
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 2000',
      `default_pool_size = ${options.poolSize ?? 20}`,
      // The cluster's databases come and go (one per test file): their pools go with them.
      'autodb_idle_timeout = 30',
      'server_login_retry = 1',
      '',
    ].join('\n'),
  )
  if (user) for (const f of ['users.txt', 'pgbouncer.ini']) await chown(join(dir, f), user.uid, user.gid)

  let output = ''
  const child: ChildProcess = spawn(bin, [config], {
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  const stop = async () => {
    process.off('exit', killOnExit)
    if (child.exitCode === null && child.signalCode === null) {
      // SIGINT: PgBouncer's "safe shutdown" waits for clients; SIGTERM closes at once.
      child.kill('SIGTERM')
      await exited
    }
    await rm(dir, { recursive: true, force: true })
  }

  const pooled = new URL(url)
  pooled.hostname = '127.0.0.1'
  pooled.port = String(port)
  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`pgbouncer exited with code ${child.exitCode}:\n${output}`)
    }
    const client = new pg.Client({ connectionString: pooled.toString() })
    try {
      await client.connect()
      await client.query('select 1')
      await client.end()
      break
    } catch (err) {
      await client.end().catch(() => {})
      if (Date.now() > deadline) {
        await stop()
        throw new Error(`pgbouncer did not accept connections in 15 s: ${String(err)}\n${output}`)
      }
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return { url: pooled.toString(), port, stop }
}

/** The pgbouncer binary's version line, for the bench's notes. */
export function pgBouncerVersion(): string {
  const r = spawnSync(findPgBouncer(), ['--version'], { encoding: 'utf8' })
  return (r.stdout || r.stderr).split('\n')[0]?.trim() ?? 'unknown'
}
