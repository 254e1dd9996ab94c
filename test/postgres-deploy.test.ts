import { spawnSync } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { findPgBin, startPgCluster, type PgCluster } from '../scripts/pg-cluster.ts'
import { MIGRATIONS_DIR } from '../src/server/db/migrate.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { ROOT, startServer, waitHealthy, type ServerProcess } from './support/server-process.ts'

// docs/deploy.md's PostgreSQL steps, read from the document and run as written on a throwaway
// cluster of our own (roles are cluster-wide: the shared test cluster's superuser-made ones would
// hide a missing step). `sudo -u postgres` becomes a connection as the cluster's superuser; the
// apt-get line is the cluster itself. Then the real server starts as the role they made.

const PASSWORD = 'a-long-test-password'
let cluster: PgCluster
let dir: string
let server: ServerProcess | undefined

beforeAll(async () => {
  cluster = await startPgCluster({ database: 'unused' })
  dir = await mkdtemp(join(tmpdir(), 'pg-deploy-'))
})
afterAll(async () => {
  await server?.stop()
  await cluster?.stop()
  await rm(dir, { recursive: true, force: true })
})

/** The first `sh` block of step 2, and the `DATABASE_URL=` the text after it gives. */
async function deployStep(): Promise<{ commands: string[]; databaseUrl: string }> {
  const doc = await readFile(join(ROOT, 'docs/deploy.md'), 'utf8')
  const start = doc.indexOf('\n## 2. PostgreSQL')
  expect(start, 'docs/deploy.md has a "## 2. PostgreSQL" step').toBeGreaterThan(0)
  const step = doc.slice(start, doc.indexOf('\n## ', start + 1))
  const block = /```sh\n([\s\S]*?)```/.exec(step)
  expect(block, 'step 2 shows its commands in a sh block').not.toBeNull()
  const commands = block![1]!.split('\n').filter((l) => l.trim() !== '')
  const url = /`DATABASE_URL=(postgres:\/\/[^`]+)`/.exec(step)
  expect(url, 'step 2 gives the DATABASE_URL').not.toBeNull()
  return { commands, databaseUrl: url![1]! }
}

/** A line of the block as the cluster's superuser, as `sudo -u postgres` is on a real server. */
function runAsPostgres(line: string): { status: number | null; output: string } {
  const bin = findPgBin()!
  // --pwprompt reads the terminal, or stdin when there is none: setsid leaves it none.
  const r = spawnSync('setsid', ['--wait', 'bash', '-c', line], {
    cwd: ROOT,
    input: `${PASSWORD}\n${PASSWORD}\n`,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${bin}:${process.env.PATH}`,
      PGHOST: '127.0.0.1',
      PGPORT: String(cluster.port),
      PGUSER: 'postgres',
      PGDATABASE: 'postgres',
    },
  })
  return { status: r.status, output: `${r.stdout}${r.stderr}` }
}

test(
  "docs/deploy.md's PostgreSQL steps, run as written, start the server as a role that is neither superuser nor CREATEROLE",
  { timeout: 180_000 },
  async () => {
    const { commands, databaseUrl } = await deployStep()
    expect(commands[0]).toMatch(/^sudo apt-get install postgresql\b/)
    const asPostgres = commands.slice(1)
    // Every other line is the database superuser's, and one of them runs the set-up file.
    for (const line of asPostgres) expect(line).toMatch(/^sudo -u postgres /)
    expect(asPostgres.some((l) => l.includes('--file deploy/postgres-setup.sql'))).toBe(true)
    for (const line of asPostgres) {
      const r = runAsPostgres(line.slice('sudo -u postgres '.length))
      expect(r.status, `${line}\n${r.output}`).toBe(0)
    }

    const url = new URL(databaseUrl)
    const role = decodeURIComponent(url.username)
    url.password = PASSWORD
    url.port = String(cluster.port)
    const admin = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${cluster.port}/postgres` })
    await admin.connect()
    try {
      const r = await admin.query<{ rolsuper: boolean; rolcreaterole: boolean; has_password: boolean }>(
        'select rolsuper, rolcreaterole, rolpassword is not null as has_password from pg_authid where rolname = $1',
        [role],
      )
      expect(r.rows).toEqual([{ rolsuper: false, rolcreaterole: false, has_password: true }])
    } finally {
      await admin.end()
    }

    server = await startServer({
      DATABASE_URL: url.toString(),
      OUTBOX_DIR: join(dir, 'outbox'),
      STATIC_DIR: join(dir, 'static'),
    })
    await waitHealthy(server)
    const signUp = await fetch(`${server.url}/rest/v1/beta_signups`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'founder@example.com' }),
    })
    expect(signUp.status).toBe(201)
    expect(await server.stop()).toBe(0)
    server = undefined

    const app = new pg.Client({ connectionString: url.toString() })
    await app.connect()
    try {
      const rows = await app.query('select email from public.beta_signups')
      expect(rows.rows).toEqual([{ email: 'founder@example.com' }])
      const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort()
      const applied = await app.query<{ name: string }>('select name from app_private.schema_migrations order by name')
      expect(applied.rows.map((r) => r.name)).toEqual(files)
      // What the superuser did ahead holds: pg_trgm in extensions, its functions out of anon's reach.
      const trgm = await app.query<{ schema: string; anon: boolean }>(
        `select n.nspname as schema, has_function_privilege('anon', 'extensions.similarity(text, text)', 'execute') as anon
         from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`,
      )
      expect(trgm.rows).toEqual([{ schema: 'extensions', anon: false }])
    } finally {
      await app.end()
    }

    // Once more, as after an update: the file changes nothing and fails nothing.
    const again = asPostgres.find((l) => l.includes('postgres-setup.sql'))!
    const r = runAsPostgres(again.slice('sudo -u postgres '.length))
    expect(r.status, r.output).toBe(0)
  },
)

test(
  'without the set-up file, the start fails naming the migration and the file to run, and keeps nothing of it',
  {
    timeout: 120_000,
  },
  async () => {
    // The first test made the roles: what this role lacks is the membership the file grants.
    const role = 'no-setup'
    for (const line of [`createuser ${role}`, `createdb --owner ${role} ${role}`]) {
      const r = runAsPostgres(line)
      expect(r.status, r.output).toBe(0)
    }
    const url = `postgresql://${role}@127.0.0.1:${cluster.port}/${role}`
    // It may fail before or after it listens: either way it exits 1, with the reason in its log.
    const log = await startServer({
      DATABASE_URL: url,
      OUTBOX_DIR: join(dir, 'outbox-2'),
      STATIC_DIR: join(dir, 'static'),
    }).then(
      async (s) => {
        expect(await s.exited).toBe(1)
        return s.log()
      },
      (err: Error) => err.message,
    )
    expect(log).toContain('20250601120000_create_beta_signups.sql')
    expect(log).toContain('deploy/postgres-setup.sql')
    const app = new pg.Client({ connectionString: url })
    await app.connect()
    try {
      const tables = await app.query("select 1 from pg_class where relname = 'beta_signups'")
      expect(tables.rows).toEqual([])
    } finally {
      await app.end()
    }
  },
)
