// The Vitest files that depend on the founder's content, found at run time from the import graph
// (docs/decisions/testing-infrastructure.md): `npm test` runs them again on the second brand.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

/** Where test files and the code they import live. */
const FOLDERS = ['src', 'test', 'scripts', 'bench', 'supabase/functions']

/**
 * What the content reaches code through: the generated modules and src/shared/content.ts, which
 * reads them (and is there before any build), and the content folder's loader, which reads CONTENT_DIR.
 */
const isContentSource = (file: string) =>
  file.startsWith(`src${sep}shared${sep}generated${sep}`) ||
  file === join('src', 'shared', 'content.ts') ||
  // eslint-disable-next-line no-restricted-syntax -- names the loader's file, reads no content
  file === join('src', 'content', 'load.ts')

function sourceFiles(root: string, dir: string): string[] {
  let names: string[]
  try {
    names = readdirSync(join(root, dir))
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(root, path)).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(root, path)
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/**
 * Every `*.test.ts(x)` file under `root` that imports, directly or through other files (type-only
 * imports and `import()` included), the generated content or the content loader; relative to
 * `root`, sorted.
 */
export function contentDependentTests(root: string): string[] {
  const files = FOLDERS.flatMap((dir) => sourceFiles(root, dir))
  const known = new Set(files)
  const importers = new Map<string, string[]>()
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true)
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue
      const target = relative(root, resolve(root, dirname(file), fileName))
      if (known.has(target)) importers.set(target, [...(importers.get(target) ?? []), file])
    }
  }
  const reached = new Set(files.filter(isContentSource))
  const queue = [...reached]
  while (queue.length)
    for (const importer of importers.get(queue.pop()!) ?? []) {
      if (reached.has(importer)) continue
      reached.add(importer)
      queue.push(importer)
    }
  return [...reached].filter((f) => /\.test\.tsx?$/.test(f)).sort()
}
