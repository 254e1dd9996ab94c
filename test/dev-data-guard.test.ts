import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isFileLoadingAllowed, resolveConfig } from 'vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dataFolders, denyGlobs, namesDataFile } from '../scripts/dev-data-guard.ts'

// The two locks `npm run dev` puts on the server's data folders (scripts/dev-data-guard.ts), on a
// root of their own with folders named as a founder may name them. e2e/dev-server.spec.ts asks the
// running dev server the same, over HTTP.

let root: string
let config: { PGLITE_DIR: string; OUTBOX_DIR: string; BACKUP_DIR: string }

beforeAll(async () => {
  // Glob characters in the path, which the deny globs must take literally.
  root = await mkdtemp(join(tmpdir(), 'dev-guard-[x]{y}-'))
  config = {
    PGLITE_DIR: join(root, 'state/db'),
    OUTBOX_DIR: join(root, 'mail (sent)'),
    BACKUP_DIR: join(tmpdir(), 'elsewhere-backups'),
  }
  await mkdir(config.PGLITE_DIR, { recursive: true })
  await mkdir(join(root, 'src'), { recursive: true })
  await writeFile(`${config.PGLITE_DIR}.owner-secret`, 'secret')
  await writeFile(join(root, 'src/data.ts'), 'export {}')
  await symlink(`${config.PGLITE_DIR}.owner-secret`, join(root, 'src/innocent.txt'))
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('the guard in front of Vite', () => {
  const rel = (path: string) => path.slice(root.length)
  test('names a data file however the path is spelled', () => {
    const folders = dataFolders(config)
    const secret = `${config.PGLITE_DIR}.owner-secret`
    const spelled = [
      rel(secret),
      `${rel(secret)}?raw`,
      `/@fs${secret}?import&raw`,
      `/@id${secret}`,
      `/@id/@fs${secret}`,
      `//${rel(secret).slice(1)}`,
      rel(secret).replaceAll('/', '//'),
      `/src/..${rel(secret)}`,
      `/src/%2e%2e${rel(secret)}`,
      `/${rel(secret).slice(1).replaceAll('/', '%2F')}`,
      `/${rel(secret).slice(1).replaceAll('/', '%252F')}`,
      `/${encodeURIComponent(encodeURIComponent(rel(secret).slice(1)))}`,
      rel(secret).toUpperCase(),
      `/${rel(secret).slice(1).replaceAll('/', '\\')}`,
      `http://example.com${rel(secret)}`,
      `${rel(config.PGLITE_DIR)}/global/pg_control?url`,
      `${rel(config.PGLITE_DIR)}.lock/holder.json`,
      `/${encodeURIComponent(rel(config.OUTBOX_DIR).slice(1))}/1.json`,
      `/@fs${config.BACKUP_DIR}/suppression-journal.jsonl`,
      // A link elsewhere in the tree, to the secret.
      '/src/innocent.txt?raw',
    ]
    expect(spelled.filter((url) => !namesDataFile(url, root, folders))).toEqual([])
  })

  test("lets Vite's own requests through", () => {
    const folders = dataFolders(config)
    const vites = [
      '/',
      '/src/data.ts',
      '/src/data.ts?import',
      '/@vite/client',
      '/@react-refresh',
      '/@id/__x00__virtual:screen-images',
      '/node_modules/.vite/deps/react.js?v=1234',
      `/@fs${root}/src/data.ts`,
      '/assets/shot-240-abc.avif',
    ]
    expect(vites.filter((url) => namesDataFile(url, root, folders))).toEqual([])
  })
})

test("Vite's server.fs.deny refuses the data folders by itself", async () => {
  const vite = await resolveConfig(
    { root, configFile: false, logLevel: 'silent', server: { fs: { deny: denyGlobs(dataFolders(config)) } } },
    'serve',
  )
  const refused = [
    `${config.PGLITE_DIR}.owner-secret`,
    `${config.PGLITE_DIR}/global/pg_control`,
    join(config.OUTBOX_DIR, '1.json'),
    join(config.BACKUP_DIR, 'x.jsonl'),
  ]
  expect(refused.filter((file) => isFileLoadingAllowed(vite, file))).toEqual([])
  expect(isFileLoadingAllowed(vite, join(root, 'src/data.ts'))).toBe(true)
})
