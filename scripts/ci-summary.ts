import { readFile } from 'node:fs/promises'

/**
 * Reads the Vitest and Playwright JSON reports named on the command line (any number, in any
 * order) and prints ONE final line,
 * `N passed, N failed, N skipped`. Exits non-zero when anything failed, when a report is
 * missing, or when no test ran in one of them (a run that tested nothing is no pass).
 */
type Counts = { passed: number; failed: number; skipped: number }
type VitestReport = {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  numFailedTestSuites: number
  success: boolean
}
type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
  errors?: { message?: string }[]
}

const problems: string[] = []

async function readJson<T>(label: string, path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T
  } catch (err) {
    problems.push(`${label}: no report at ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
    return undefined
  }
}

function fromVitest(r: VitestReport): Counts {
  // A file that fails to load fails no test, yet fails the run.
  const brokenFiles = r.numFailedTests === 0 && !r.success ? Math.max(r.numFailedTestSuites, 1) : 0
  if (brokenFiles) problems.push(`vitest: ${brokenFiles} test file(s) failed outside any test`)
  if (r.numPassedTests + r.numFailedTests === 0) problems.push('vitest: no test ran')
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + brokenFiles,
    skipped: r.numPendingTests + r.numTodoTests,
  }
}

function fromPlaywright(r: PlaywrightReport): Counts {
  const { expected, unexpected, flaky, skipped } = r.stats
  const globalErrors = r.errors?.length ?? 0
  if (globalErrors)
    problems.push(
      `playwright: ${globalErrors} error(s) outside any test, e.g. ${r.errors?.[0]?.message?.split('\n')[0] ?? '?'}`,
    )
  if (flaky) problems.push(`playwright: ${flaky} test(s) passed only on retry (counted as passed)`)
  if (expected + unexpected + flaky === 0) problems.push('playwright: no test ran')
  return { passed: expected + flaky, failed: unexpected + globalErrors, skipped }
}

// The reports, Vitest's and Playwright's, the demo's and the second brand's (scripts/test-all.ts),
// each known by its shape: Playwright's has `stats`.
const paths = process.argv.slice(2)
if (!paths.length) paths.push('test-results/vitest.json', 'test-results/playwright.json')
const parts: Counts[] = []
for (const path of paths) {
  const report = await readJson<VitestReport | PlaywrightReport>(path, path)
  if (report) parts.push('stats' in report ? fromPlaywright(report) : fromVitest(report))
}
const total = parts.reduce(
  (a, c) => ({ passed: a.passed + c.passed, failed: a.failed + c.failed, skipped: a.skipped + c.skipped }),
  {
    passed: 0,
    failed: 0,
    skipped: 0,
  },
)

for (const problem of problems) console.error(problem)
const hardProblem = problems.some((p) => !p.includes('passed only on retry'))
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`)
process.exitCode = total.failed > 0 || hardProblem ? 1 : 0
