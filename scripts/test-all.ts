// `npm test`: every part runs, whatever an earlier one did, and each is reported at the end: the
// unit and integration tests (Vitest: the template's on its fixture, the founder's on content/),
// the build, the browser tests (Playwright) on the build, and a second, very different brand
// (test/fixtures/) through the founder's part (scripts/founder-tests.ts) in a copy of the
// repository. Exits 1 when any part failed, 130 or 143 when Ctrl-C or SIGTERM stopped it
// (scripts/run-steps.ts). The JSON reports land in test-results/ for .ci/run's summary
// (scripts/ci-summary.ts): vitest.json, playwright.json, vitest-fixture.json and playwright-fixture.json.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { founderSteps } from './founder-tests.ts'
import { copyOfRepository } from './repo-copy.ts'
import { runAll } from './run-steps.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** The second brand CI builds and tests (docs/decisions/testing-infrastructure.md). */
export const FIXTURE_BRAND = 'test/fixtures/trailmate'

async function main(): Promise<void> {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true })
  // A report from an earlier run must not stand in for a part that did not run this time.
  for (const report of ['vitest.json', 'playwright.json', 'vitest-fixture.json', 'playwright-fixture.json'])
    rmSync(join(ROOT, 'test-results', report), { force: true })
  // The second brand: its own build and generated content, in a copy, so this checkout's dist/
  // and src/shared/generated/ stay content/'s.
  const copy = copyOfRepository('test-all-fixture-')
  const env = {
    ...process.env,
    CONTENT_DIR: join(ROOT, FIXTURE_BRAND),
    VITE_SITE_URL: '',
    // A founder's build: the document budget is reported, not a gate (docs/decisions/document-budget.md).
    DOCUMENT_BUDGET: 'warn',
  }
  const fromCopy = (report: string) => () => {
    const path = join(copy, 'test-results', report)
    if (existsSync(path)) cpSync(path, join(ROOT, 'test-results', report.replace('.json', '-fixture.json')))
  }
  const code = await runAll(
    [
      { name: 'vitest', command: 'npx', args: ['vitest', 'run'], cwd: ROOT },
      { name: 'build', command: 'npm', args: ['run', 'build'], cwd: ROOT },
      { name: 'playwright', command: 'npx', args: ['playwright', 'test'], cwd: ROOT, needs: 'build' },
      ...founderSteps(`second brand (${FIXTURE_BRAND})`, { cwd: copy, env, after: fromCopy }),
    ],
    { stopOnSignals: true },
  )
  rmSync(copy, { recursive: true, force: true })
  process.exit(code)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
