import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { startPgCluster } from '../scripts/pg-cluster.ts'
import { startPgBouncer } from '../scripts/pgbouncer.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { openDb } from '../src/server/db/open.ts'
import { dumpPglite, openPglite } from '../src/server/db/pglite.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    TEST_DATABASE_URL: string
    /**
     * The same cluster through PgBouncer in transaction mode: testDb('postgres') connects
     * through it (docs/decisions/postgres-poolers.md); the process tests stay on the cluster's URL.
     */
    TEST_POOLER_URL: string
    /** A database of the cluster with every migration applied, that testDb copies (`template`). */
    TEST_DATABASE_TEMPLATE: string
    /** The same for PGlite: an archive of a migrated database (dumpPglite), that testDb starts from. */
    TEST_PGLITE_ARCHIVE: string
    /** And a migrated PGlite folder, that the servers the process tests start get a copy of. */
    TEST_PGLITE_FOLDER: string
  }
}

/** The migrated database every testDb('postgres') and serverDatabase('postgres') is a copy of. */
const TEMPLATE = 'migrated_template'

/**
 * One throwaway PostgreSQL per `vitest run`. Tests read the URL with inject(); it is also put
 * in process.env before the workers start, so code that only knows the env var finds it too.
 *
 * The migrations are applied once here, to a template database and to a PGlite folder (and its
 * archive), and each test database is a copy of one: a new PGlite costs about 1.3 s to create
 * and migrate and 0.3 s to load, on two cores, and a server's first start on a new folder 2 to 3 s
 * more. The tests of
 * the migrations and of a first start (`beforeMigrate`, src/server/db/migrate.test.ts,
 * test/server-process.test.ts) still start from nothing.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPgCluster()
  project.provide('TEST_DATABASE_URL', cluster.url)
  process.env.TEST_DATABASE_URL = cluster.url

  const pooler = await startPgBouncer(cluster.url, { poolSize: 10 }).catch(async (err: unknown) => {
    await cluster.stop()
    throw err
  })
  project.provide('TEST_POOLER_URL', pooler.url)

  const admin = new pg.Client({ connectionString: cluster.url })
  await admin.connect()
  await admin.query(`create database ${TEMPLATE}`)
  await admin.end()
  const url = new URL(cluster.url)
  url.pathname = `/${TEMPLATE}`
  const template = await openDb({ DATABASE_URL: url.toString(), PGLITE_DIR: 'memory://' })
  await migrate(template)
  await template.close()
  project.provide('TEST_DATABASE_TEMPLATE', TEMPLATE)

  // One migrated folder: the process tests' servers get copies of it, testDb an archive of it.
  const dir = await mkdtemp(join(tmpdir(), 'pglite-template-'))
  const folder = join(dir, 'pglite')
  const lite = await openPglite(folder)
  await migrate(lite)
  const archive = join(dir, 'migrated.tar')
  await writeFile(archive, Buffer.from(await (await dumpPglite(lite)).arrayBuffer()))
  await lite.close()
  project.provide('TEST_PGLITE_FOLDER', folder)
  project.provide('TEST_PGLITE_ARCHIVE', archive)

  return async () => {
    delete process.env.TEST_DATABASE_URL
    await pooler.stop()
    await cluster.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
