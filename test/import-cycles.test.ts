import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, test } from 'vitest'

// No import cycles. ESLint's import/no-cycle skips `import type`, so two cycles made
// only of types (src/server/mail-transports's transports and email kinds) passed it. This graph counts
// every relative import, types included.

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const FOLDERS = ['src', 'supabase/functions', 'e2e', 'bench', 'scripts', 'test']

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path)
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** Every relative import, `import type` and `export ... from` included, as file → files. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files)
  return new Map(
    files.map((file) => {
      const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
      const targets = info.importedFiles
        .map((f) => f.fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => resolve(dirname(file), name))
        .filter((target) => known.has(target))
      return [file, targets]
    }),
  )
}

/** The strongly connected components with more than one file, or a file importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

test('a cycle made only of type imports is found', () => {
  const graph = new Map([
    ['transport.ts', ['outbox.ts']],
    ['outbox.ts', ['transport.ts']],
    ['queue.ts', ['transport.ts']],
  ])
  expect(cycles(graph)).toEqual([['outbox.ts', 'transport.ts']])
})

test('no module imports itself through others, types included', () => {
  const files = FOLDERS.flatMap((f) => sourceFiles(join(ROOT, f)))
  expect(files.length).toBeGreaterThan(100)
  const found = cycles(importGraph(files)).map((c) => c.map((f) => relative(ROOT, f)))
  expect(found).toEqual([])
})
