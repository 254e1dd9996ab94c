import { spawnSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import { DENO, denoArgs, FUNCTION_DIR, FUNCTION_ENTRY, REPO_ROOT, startFunction } from './support/supabase-function.ts'

// CI's checks of the edge function with the real Deno binary (npm package `deno`).

function deno(command: 'check' | 'lint', mode: 'deployed' | 'interface', args: string[]) {
  const { args: full, env } = denoArgs(command, mode, args)
  const r = spawnSync(DENO, full, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: 240_000,
  })
  return { status: r.status, output: `${r.stdout}${r.stderr}` }
}

describe('deno', () => {
  test(
    'deno check: the function and everything it imports type-check, with its deno.json as deployed',
    { timeout: 240_000 },
    () => {
      const r = deno('check', 'deployed', [FUNCTION_ENTRY])
      expect(r.output).not.toMatch(/error/i)
      expect(r.status).toBe(0)
    },
  )

  test('deno lint: the function is clean', { timeout: 120_000 }, () => {
    const r = deno('lint', 'deployed', [FUNCTION_DIR])
    expect(r.output).toMatch(/Checked \d+ files/)
    expect(r.status).toBe(0)
  })
})

test('deno.json pins each npm package at the version package-lock.json gives the Node server', async () => {
  const denoJson = JSON.parse(await readFile(`${REPO_ROOT}/${FUNCTION_DIR}/deno.json`, 'utf8')) as {
    imports: Record<string, string>
  }
  const lock = JSON.parse(await readFile(`${REPO_ROOT}/package-lock.json`, 'utf8')) as {
    packages: Record<string, { version: string }>
  }
  const pins = Object.values(denoJson.imports).map((s) => /^npm:\/?(@?[^@]+)@([^/]+)/.exec(s)!)
  expect(pins.length).toBeGreaterThan(5)
  for (const [, name, version] of pins) {
    expect({ name, version }).toEqual({ name, version: lock.packages[`node_modules/${name}`]?.version })
  }
})

test('the interface command, from the repository root, starts the function on PORT', { timeout: 180_000 }, async () => {
  const fn = await startFunction(
    {
      SUPABASE_DB_URL: 'postgresql://postgres@127.0.0.1:1/none',
      RESEND_API_KEY: 're_x',
      EMAIL_FROM: 'Beta Team <hello@example.com>',
      SITE_URL: 'https://beta.example.com',
      RESEND_API_URL: 'http://127.0.0.1:1',
      SUPABASE_SERVICE_ROLE_KEY: 'service-role-key-for-the-interface-test',
    },
    { mode: 'interface' },
  )
  try {
    const res = await fetch(`${fn.url}/resend-email`, { method: 'OPTIONS' })
    expect(res.status).toBe(204)
  } finally {
    await fn.stop()
  }
})

test('a missing setting stops the function at start, naming every problem', { timeout: 120_000 }, () => {
  const { args, env } = denoArgs('run', 'deployed', [FUNCTION_ENTRY])
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(SUPABASE_DB_URL|RESEND_API_KEY|EMAIL_FROM|SITE_URL|SUPABASE_SERVICE_ROLE_KEY)$/.test(k),
    ),
  )
  const r = spawnSync(DENO, args, {
    cwd: REPO_ROOT,
    env: { ...clean, ...env, NO_COLOR: '1', SITE_URL: 'ftp://x' },
    encoding: 'utf8',
    timeout: 60_000,
  })
  expect(r.status).not.toBe(0)
  for (const name of ['SUPABASE_DB_URL', 'RESEND_API_KEY', 'EMAIL_FROM', 'SITE_URL', 'SUPABASE_SERVICE_ROLE_KEY'])
    expect(r.stderr).toContain(name)
})
