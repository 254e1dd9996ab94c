// The built server (dist/node, the `node` environment of vite.config.ts) runs what the sources
// run: the paths a module finds from its own file (the migrations, the backup's dump child,
// spawned by path beside snapshot.js, a second entry of the build) hold in dist/node, where a
// bundle would lose them. No browser: the server's modules are loaded from dist/node directly.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { expect, test } from '@playwright/test'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const built = (file: string) => import(pathToFileURL(join(ROOT, 'dist/node', file)).href)

test('dist/node migrates a new database from supabase/migrations and dumps a backup through its child process', async () => {
  // A new PGlite database (initdb in a child), every migration, then a second PGlite in the dump's child.
  test.setTimeout(180_000)
  const scratch = await mkdtemp(join(tmpdir(), 'built-server-'))
  try {
    const { openDb } = await built('server/db/open.js')
    const { migrate } = await built('server/db/migrate.js')
    const { dumpFolderInChild } = await built('server/features/backups/snapshot.js')
    const folder = join(scratch, 'pglite')
    const db = await openDb({ PGLITE_DIR: folder })
    try {
      await migrate(db)
      await db.query("insert into public.beta_signups (email) values ('built-server@example.com')")
    } finally {
      await db.close()
    }
    const out = join(scratch, 'backup')
    const takenAt = new Date().toISOString()
    const header = await dumpFolderInChild(folder, out, takenAt)
    const migrations = (await readdir(join(ROOT, 'supabase/migrations'))).filter((f) => f.endsWith('.sql')).sort()
    expect(header).toMatchObject({ takenAt, database: 'pglite', migration: migrations.at(-1) })
    expect((await stat(out)).size).toBeGreaterThan(0)
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
})
