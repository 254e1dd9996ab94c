import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import type { Problem } from './problems.ts'

/** Files a build writes into the site's root only sometimes (the static-host outputs): never the founder's. */
const RESERVED_PUBLIC_FILES = ['_headers', 'vercel.json', 'unsubscribe.html']

/** Every file under `dir`, as paths relative to it; `.gitkeep` (which keeps an empty folder in git) left out. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== '.gitkeep')
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort()
}

/**
 * Copies content/public/ into the built site's root (`outDir`, dist/client), for app-ads.txt,
 * .well-known/ and the like. A file the build made already (or may make) is never overwritten:
 * every clash is a problem, and nothing is copied when there is one.
 */
export function copyPublicFiles(contentDir: string, outDir: string): { copied: string[]; problems: Problem[] } {
  const from = join(contentDir, 'public')
  const files = filesUnder(from)
  const problems: Problem[] = files
    .filter((file) => existsSync(join(outDir, file)) || RESERVED_PUBLIC_FILES.includes(file))
    .map((file) => ({
      file: `public/${file}`,
      key: '',
      message: `the build makes /${file} itself: rename or remove this file`,
    }))
  if (problems.length) return { copied: [], problems }
  for (const file of files) {
    mkdirSync(dirname(join(outDir, file)), { recursive: true })
    copyFileSync(join(from, file), join(outDir, file))
  }
  return { copied: files, problems }
}
