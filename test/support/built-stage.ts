import { execFile } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { loadContent, type Content } from '../../src/content/load.ts'
import { freePort } from '../../scripts/pg-cluster.ts'
import { copyOfRepository } from '../../scripts/repo-copy.ts'
import { startServer, waitHealthy, type ServerProcess } from './server-process.ts'
import { storeContent, type StoreSetup } from './store-content.ts'

// The repository built with a copy of the demo's content at one stage of the launch (copied and
// built with CONTENT_DIR, as test/fixture-brand.test.ts does) and served on a free port, for the
// stores' end-to-end tests. Every expected text is read back from that content.

const run = promisify(execFile)

export type BuiltStage = {
  base: string
  /** The copy of the repository the server runs in (its PGlite folder is `pglite/`). */
  root: string
  content: Content
  /** Each language's page: `/` for the first, `/<lang>/` for the others. */
  roots: () => string[]
  /** Stops the server (a test may stop it early to open its database). */
  stopServer: () => Promise<void>
  /** Stops the server and deletes both copies. */
  remove: () => Promise<void>
}

export async function buildStage(setup: StoreSetup): Promise<BuiltStage> {
  const contentFolder = storeContent(setup)
  const content = loadContent(contentFolder).content!
  const root = copyOfRepository('stores-stage-')
  let server: ServerProcess | undefined
  const stopServer = async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await server.stop()
  }
  const remove = async () => {
    await stopServer()
    for (const dir of [root, contentFolder]) rmSync(dir, { recursive: true, force: true })
  }
  try {
    const env = { CONTENT_DIR: contentFolder, VITE_SITE_URL: '' }
    await run('npm', ['run', 'build'], {
      cwd: root,
      env: { ...process.env, ...env },
      maxBuffer: 64 << 20,
      timeout: 300_000,
    })
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    server = await startServer(
      {
        ...env,
        PORT: String(port),
        PUBLIC_URL: base,
        PGLITE_DIR: join(root, 'pglite'),
        OUTBOX_DIR: join(root, 'outbox'),
        SIGNUP_CHALLENGE: 'off',
      },
      { builtIn: root },
    )
    await waitHealthy(server)
    const roots = () => content.locales.map((l, i) => (i === 0 ? '/' : `/${l}/`))
    return { base, root, content, roots, stopServer, remove }
  } catch (err) {
    await remove()
    throw err
  }
}
