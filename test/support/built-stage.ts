import { execFile, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { loadContent, REPO_ROOT, type Content } from '../../src/content/load.ts'
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

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

export async function buildStage(setup: StoreSetup): Promise<BuiltStage> {
  const contentFolder = storeContent(setup)
  const content = loadContent(contentFolder).content!
  const root = mkdtempSync(join(tmpdir(), 'stores-stage-'))
  const { stdout } = await run('git', ['ls-files', '-z'], { cwd: REPO_ROOT, maxBuffer: 64 << 20 })
  for (const file of stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(REPO_ROOT, file))) continue
    mkdirSync(dirname(join(root, file)), { recursive: true })
    cpSync(join(REPO_ROOT, file), join(root, file))
  }
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'))
  const env = { ...process.env, CONTENT_DIR: contentFolder, VITE_SITE_URL: '' }
  await run('npm', ['run', 'build'], { cwd: root, env, maxBuffer: 64 << 20, timeout: 300_000 })

  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, ['dist/node/server/index.js'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      PGLITE_DIR: join(root, 'pglite'),
      OUTBOX_DIR: join(root, 'outbox'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SIGNUP_CHALLENGE: 'off',
    },
  })
  async function stopServer() {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM')
      await new Promise((r) => server.once('exit', r))
    }
  }
  const remove = async () => {
    await stopServer()
    for (const dir of [root, contentFolder]) rmSync(dir, { recursive: true, force: true })
  }
  for (
    let i = 0;
    (await fetch(`${base}/healthz`).then(
      (r) => r.status,
      () => 0,
    )) !== 200;
    i++
  ) {
    if (i > 300) {
      await remove()
      throw new Error('the build with stores did not start')
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  const roots = () => content.locales.map((l, i) => (i === 0 ? '/' : `/${l}/`))
  return { base, root, content, roots, stopServer, remove }
}
