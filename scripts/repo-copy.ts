import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * The repository's tracked files in a fresh folder named `<prefix>…` under the temp dir, with
 * this checkout's node_modules linked in: a build there (another CONTENT_DIR) writes its own
 * dist/ and generated files, never this checkout's. Needs a git checkout (git ls-files).
 */
export function copyOfRepository(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 })
  if (listed.status !== 0) throw new Error('git ls-files failed: copying the repository needs a git checkout')
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(ROOT, file))) continue
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    cpSync(join(ROOT, file), join(dir, file))
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
  return dir
}
