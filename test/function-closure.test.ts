import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { DENO, denoArgs, FUNCTION_DIR, FUNCTION_ENTRY, REPO_ROOT } from './support/supabase-function.ts'

// The edge function is a thin entry around the mail core. Its runtime import closure,
// as Deno itself resolves it for deployment, holds nothing of the Node server.
test('the function imports nothing under src/server, directly or through another file', { timeout: 240_000 }, () => {
  const { args, env } = denoArgs('info', 'deployed', ['--json', FUNCTION_ENTRY])
  const r = spawnSync(DENO, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, NO_COLOR: '1' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 240_000,
  })
  expect(r.status, r.stderr).toBe(0)
  const graph = JSON.parse(r.stdout) as { modules: { specifier: string; dependencies?: { specifier: string }[] }[] }
  const ours = graph.modules.map((m) => m.specifier).filter((s) => s.startsWith('file://'))
  expect(ours.filter((s) => s.includes('/src/server/'))).toEqual([])
  // The closure is the real one: it reaches the mail core's handler and a template.
  expect(ours).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/\/src\/mail-core\/resend-email-handler\.ts$/),
      expect.stringMatching(/\/src\/emails\/welcome\.tsx$/),
      // The founder's content reaches the function as the generated module, not as files it reads.
      expect.stringMatching(/\/src\/shared\/generated\/content\.ts$/),
    ]),
  )
})

// Every pin in the function's deno.json is imported by its closure: a pin nothing imports is a
// version to keep up to date for nothing (and one more package Supabase downloads).
test('deno.json pins only what the function imports', { timeout: 240_000 }, () => {
  const { args, env } = denoArgs('info', 'deployed', ['--json', FUNCTION_ENTRY])
  const r = spawnSync(DENO, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, NO_COLOR: '1' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 240_000,
  })
  expect(r.status, r.stderr).toBe(0)
  const graph = JSON.parse(r.stdout) as { modules: { specifier: string; dependencies?: { specifier: string }[] }[] }
  const imported = graph.modules
    .filter((m) => m.specifier.startsWith('file://'))
    .flatMap((m) => (m.dependencies ?? []).map((d) => d.specifier))
  const config = JSON.parse(readFileSync(join(REPO_ROOT, FUNCTION_DIR, 'deno.json'), 'utf8')) as {
    imports: Record<string, string>
    compilerOptions: { jsxImportSourceTypes?: string }
  }
  const unused = Object.keys(config.imports).filter(
    (pin) =>
      pin !== config.compilerOptions.jsxImportSourceTypes &&
      !imported.some((s) => s === pin || (pin.endsWith('/') && s.startsWith(pin))),
  )
  expect(unused).toEqual([])
})
