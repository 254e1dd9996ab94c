// pgbench running the same single-row insert the sign-up route makes, into the same table of the
// same PostgreSQL, at the same concurrency: the ceiling the server's throughput is compared with.
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { findPgBin } from '../scripts/pg-cluster.ts'

// Unique addresses: repeats would be turned away by the table's trigger, not inserted.
const SCRIPT = `insert into public.beta_signups (email) values ('pgbench-' || nextval('bench_email_seq') || '@example.com');\n`

export type PgbenchResult = { tps: number; latencyAvgMs: number; transactions: number }

export async function pgbench(url: string, clients: number, seconds: number): Promise<PgbenchResult> {
  const bin = findPgBin()
  if (!bin) throw new Error('pgbench not found (install Debian postgresql or postgresql-contrib)')
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query('create sequence if not exists bench_email_seq')
  await admin.end()
  const dir = await mkdtemp(join(tmpdir(), 'pgbench-'))
  try {
    const file = join(dir, 'insert.sql')
    await writeFile(file, SCRIPT)
    const u = new URL(url)
    const args = [
      '-n',
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-f',
      file,
      '-h',
      u.hostname,
      '-p',
      u.port,
      '-U',
      decodeURIComponent(u.username),
      u.pathname.slice(1),
    ]
    const out = await run(join(bin, 'pgbench'), args)
    const tps = /tps = ([\d.]+)/.exec(out)?.[1]
    const lat = /latency average = ([\d.]+) ms/.exec(out)?.[1]
    const tx = /number of transactions actually processed: (\d+)/.exec(out)?.[1]
    const failed = /number of failed transactions: (\d+)/.exec(out)?.[1]
    if (!tps || !lat || !tx) throw new Error(`unexpected pgbench output:\n${out}`)
    if (failed && Number(failed) > 0) throw new Error(`pgbench: ${failed} transactions failed:\n${out}`)
    return { tps: Number(tps), latencyAvgMs: Number(lat), transactions: Number(tx) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`pgbench exited ${code}:\n${out}`))))
  })
}
