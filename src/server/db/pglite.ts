import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { Db, Tx } from './db.ts'

/**
 * PostgreSQL's memory settings for a database this small (a few tables, one session). The
 * defaults (128 MB shared_buffers, 4 MB work_mem …) are sized for a server; inside one Node
 * process every page they touch stays resident, because a WebAssembly heap is never given back.
 * Measured in docs/decisions/perf-server.md.
 */
const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'wal_buffers=1MB',
  'work_mem=1MB',
  'maintenance_work_mem=8MB',
  'temp_buffers=1MB',
]

const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])]

/** Each open database's PGlite, for dumpPglite. */
const instances = new WeakMap<Db, PGlite>()

/**
 * The embedded database in `dir` ('memory://…' keeps it in memory), or, in memory, a copy of an
 * archive dumpPglite made (`from`: the tests start each database from one migrated copy).
 */
export async function openPglite(dir: string, options: { from?: Blob } = {}): Promise<Db> {
  if (!dir.startsWith('memory://') && !existsSync(join(dir, 'PG_VERSION'))) await initdbInChild(dir)
  // relaxedDurability: false (the default, spelled out) makes each query wait until its
  // writes reach the files, so a row the API acknowledged survives a killed process.
  // pg_trgm: the console's search by part of an address uses a trigram index.
  const lite = await PGlite.create(dir, {
    relaxedDurability: false,
    startParams,
    extensions: { pg_trgm },
    ...(options.from ? { loadDataDir: options.from } : {}),
  })
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Tx => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await q.query<T>(sql, params)
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length }
    },
    async exec(sql: string) {
      await q.exec(sql)
    },
  })
  const db: Db = {
    ...wrap(lite),
    // In-process, so the extra statements cost no round trip.
    asAnon: (sql, params) =>
      lite.transaction(async (tx) => {
        await tx.query('set local role anon')
        return wrap(tx).query(sql, params)
      }),
    transaction: (fn) => lite.transaction((tx) => fn(wrap(tx))),
    listen: async (channel, onNotify) => {
      const stop = await lite.listen(channel, () => onNotify())
      return async () => {
        if (!lite.closed) await stop()
      }
    },
    close: () => lite.close(),
  }
  instances.set(db, lite)
  return db
}

/** An open PGlite database's files as an archive (a tarball) that openPglite can start from. */
export async function dumpPglite(db: Db): Promise<Blob> {
  const lite = instances.get(db)
  if (!lite) throw new Error('not a PGlite database')
  return lite.dumpDataDir('none')
}

/**
 * Creates a new data directory in a short-lived child process. PGlite's initdb runs a second
 * PostgreSQL and the initdb program in the same WebAssembly runtime, which leaves the process
 * at about 800 MB resident for good; in a child, that memory goes when it exits, and the
 * server opens the finished directory like any later start. The child also keeps the event
 * loop free, so the page is served during the 2–3 s initdb takes.
 */
async function initdbInChild(dir: string): Promise<void> {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href
  const code = `const { PGlite } = await import(${JSON.stringify(pglite)})
const db = await PGlite.create(process.argv[1], { relaxedDurability: false })
await db.close()`
  const child = spawn(process.execPath, ['--input-type=module', '-e', code, dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (exitCode !== 0) throw new Error(`Creating the PGlite database in ${dir} failed (exit ${exitCode}):\n${stderr}`)
}
