import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from 'vitest'

const run = promisify(execFile)
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ci-summary-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const vitest = (over: Record<string, unknown> = {}) => ({
  numPassedTests: 10,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  numFailedTestSuites: 0,
  success: true,
  ...over,
})
const playwright = (stats: Record<string, number> = {}, errors: unknown[] = []) => ({
  stats: { expected: 5, unexpected: 0, flaky: 0, skipped: 0, ...stats },
  errors,
})

async function summarise(v: unknown, p: unknown): Promise<{ code: number; last: string; stderr: string }> {
  const vPath = join(dir, `v-${Math.random()}.json`)
  const pPath = join(dir, `p-${Math.random()}.json`)
  if (v !== undefined) await writeFile(vPath, JSON.stringify(v))
  if (p !== undefined) await writeFile(pPath, JSON.stringify(p))
  const script = join(import.meta.dirname, '../scripts/ci-summary.ts')
  const tsx = join(import.meta.dirname, '../node_modules/.bin/tsx')
  try {
    const { stdout, stderr } = await run(tsx, [script, vPath, pPath])
    return { code: 0, last: stdout.trim().split('\n').at(-1) ?? '', stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, last: e.stdout.trim().split('\n').at(-1) ?? '', stderr: e.stderr }
  }
}

test('sums both reports into one line and passes when nothing failed', { timeout: 60_000 }, async () => {
  expect(await summarise(vitest(), playwright())).toMatchObject({ code: 0, last: '15 passed, 0 failed' })
})

test('fails when a test failed on either side, and reports skips', { timeout: 60_000 }, async () => {
  expect(await summarise(vitest({ numFailedTests: 2, success: false }), playwright())).toMatchObject({
    code: 1,
    last: '15 passed, 2 failed',
  })
  expect(await summarise(vitest(), playwright({ unexpected: 1, skipped: 3 }))).toMatchObject({
    code: 1,
    last: '15 passed, 1 failed, 3 skipped',
  })
})

test('a test file that failed to load counts as a failure', { timeout: 60_000 }, async () => {
  const r = await summarise(vitest({ success: false, numFailedTestSuites: 1 }), playwright())
  expect(r).toMatchObject({ code: 1, last: '15 passed, 1 failed' })
})

test(
  'a Playwright error outside any test (the web server did not start) counts as a failure',
  { timeout: 60_000 },
  async () => {
    const r = await summarise(vitest(), playwright({ expected: 0 }, [{ message: 'Timed out waiting for webServer' }]))
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('Timed out waiting for webServer')
  },
)

test('a missing report, or one in which no test ran, fails the run', { timeout: 60_000 }, async () => {
  expect((await summarise(vitest(), undefined)).code).toBe(1)
  expect((await summarise(undefined, playwright())).code).toBe(1)
  expect((await summarise(vitest(), playwright({ expected: 0, skipped: 50 }))).code).toBe(1)
  expect((await summarise(vitest({ numPassedTests: 0 }), playwright())).code).toBe(1)
})

test('a test that passed only on retry counts as passed', { timeout: 60_000 }, async () => {
  const r = await summarise(vitest(), playwright({ expected: 4, flaky: 1 }))
  expect(r).toMatchObject({ code: 0, last: '15 passed, 0 failed' })
  expect(r.stderr).toContain('passed only on retry')
})

// npm test writes a second Playwright report, the second brand's (scripts/test-all.ts): all are summed.
test("sums the second brand's browser report too, and fails when it is missing", { timeout: 60_000 }, async () => {
  const paths = await Promise.all(
    [vitest(), playwright(), playwright({ expected: 3, unexpected: 1 })].map(async (r, i) => {
      const path = join(dir, `three-${i}.json`)
      await writeFile(path, JSON.stringify(r))
      return path
    }),
  )
  const script = join(import.meta.dirname, '../scripts/ci-summary.ts')
  const tsx = join(import.meta.dirname, '../node_modules/.bin/tsx')
  const failed = await run(tsx, [script, ...paths]).catch((e: { code: number; stdout: string }) => e)
  expect(failed).toMatchObject({ code: 1, stdout: expect.stringContaining('18 passed, 1 failed') })
  const missing = await run(tsx, [script, paths[0]!, paths[1]!, join(dir, 'none.json')]).catch(
    (e: { code: number; stdout: string; stderr: string }) => e,
  )
  expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('no report') })
})

// npm test also writes the second brand's Vitest report (scripts/test-all.ts): each report is
// known by its shape, whatever its place on the command line.
test("sums the second brand's Vitest report too, in any order", { timeout: 60_000 }, async () => {
  const reports = [playwright(), vitest({ numPassedTests: 7 }), vitest(), playwright({ expected: 3 })]
  const paths = await Promise.all(
    reports.map(async (r, i) => {
      const path = join(dir, `four-${i}.json`)
      await writeFile(path, JSON.stringify(r))
      return path
    }),
  )
  const script = join(import.meta.dirname, '../scripts/ci-summary.ts')
  const tsx = join(import.meta.dirname, '../node_modules/.bin/tsx')
  const { stdout } = await run(tsx, [script, ...paths])
  expect(stdout.trim()).toBe('25 passed, 0 failed')
  const three = await run(tsx, [script, paths[0]!, paths[1]!, paths[2]!])
  expect(three.stdout.trim()).toBe('22 passed, 0 failed')
  await writeFile(paths[1]!, JSON.stringify(vitest({ numFailedTests: 1, success: false })))
  const failed = await run(tsx, [script, ...paths]).catch((e: { code: number; stdout: string }) => e)
  expect(failed).toMatchObject({ code: 1, stdout: expect.stringContaining('1 failed') })
})
