// `npm test`: every part runs, whatever an earlier one did, and each is reported at the end: the
// unit and integration tests (Vitest), the build, the browser tests (Playwright) on the build, and
// a second, very different brand (test/fixtures/) built and tested in a copy of the repository: every
// browser test, and the Vitest files that depend on the content.
// Exits 1 when any part failed. The JSON reports land in test-results/ for .ci/run's summary
// (scripts/ci-summary.ts): vitest.json, playwright.json, vitest-fixture.json and playwright-fixture.json.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { contentDependentTests } from './content-dependent-tests.ts'
import { copyOfRepository } from './repo-copy.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** The second brand CI builds and tests (docs/decisions/testing-infrastructure.md). */
export const FIXTURE_BRAND = 'test/fixtures/trailmate'
/**
 * The Vitest files the second brand leaves out, though they import the content, each with its reason.
 */
export const FIXTURE_VITEST_EXCLUDED: Record<string, string> = {
  'test/fixture-brand.test.ts': 'builds test/fixtures/trailmate in its own copy and compares it with content/',
  // The copy the second brand runs in has no .git; this test copies the checkout with git ls-files.
  'test/stores-live.test.ts': 'copies the repository with git ls-files, which the copy (no .git) cannot run',
  'test/stores-launched.test.ts': 'copies the repository with git ls-files, which the copy (no .git) cannot run',
}

/** The browser specs the second brand leaves out, each with its reason. */
export const FIXTURE_PLAYWRIGHT_EXCLUDED: Record<string, string> = {
  'e2e/right-to-left.spec.ts':
    'builds test/fixtures/nabd in its own copy with git ls-files, which the copy (no .git) cannot run',
}

/** Every browser spec but those the second brand leaves out. */
export function fixturePlaywrightFiles(root: string = ROOT): string[] {
  return readdirSync(join(root, 'e2e'))
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => `e2e/${name}`)
    .filter((file) => !(file in FIXTURE_PLAYWRIGHT_EXCLUDED))
}

/**
 * The Vitest files run again on the second brand: those that import the content (the generated
 * modules or the content folder's loader), found from the import graph at run time, so a new test
 * is included without a list to keep (scripts/content-dependent-tests.ts). Every browser spec runs
 * on it: the page, the server pages, the emails and the console all show the founder's words.
 */
export function fixtureVitestFiles(root: string = ROOT): string[] {
  return contentDependentTests(root).filter((file) => !(file in FIXTURE_VITEST_EXCLUDED))
}

type Part = { name: string; status: 'passed' | 'failed' | 'not run'; seconds: number; note?: string }
/** A part of the run: its command, and the part it needs to have passed first (the build). */
export type Step = {
  name: string
  command: string
  args: string[]
  cwd?: string
  env?: NodeJS.ProcessEnv
  needs?: string
  after?: () => void
}

/**
 * Runs every step in order, each whatever the ones before it did (but a step whose `needs` did
 * not pass, which is reported "not run"), then prints one line per step. Returns whether all passed.
 */
export function runAll(steps: readonly Step[], log: (line: string) => void = console.log): boolean {
  const parts: Part[] = []
  for (const step of steps) {
    const needed = step.needs ? parts.find((p) => p.name === step.needs) : undefined
    if (needed && needed.status !== 'passed') {
      parts.push({ name: step.name, status: 'not run', seconds: 0, note: `${step.needs} did not pass` })
      continue
    }
    log(`\n=== ${step.name} ===`)
    const started = Date.now()
    const result = spawnSync(step.command, step.args, {
      stdio: 'inherit',
      cwd: step.cwd ?? ROOT,
      env: step.env ?? process.env,
    })
    step.after?.()
    parts.push({
      name: step.name,
      status: result.status === 0 ? 'passed' : 'failed',
      seconds: Math.round((Date.now() - started) / 1000),
    })
  }
  log('\n=== npm test ===')
  for (const p of parts) log(`${p.status.padEnd(7)}  ${p.name} (${p.seconds} s)${p.note ? `: ${p.note}` : ''}`)
  return parts.every((p) => p.status === 'passed')
}

function main(): void {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true })
  // A report from an earlier run must not stand in for a part that did not run this time.
  for (const report of ['vitest.json', 'playwright.json', 'vitest-fixture.json', 'playwright-fixture.json'])
    rmSync(join(ROOT, 'test-results', report), { force: true })
  // The second brand: its own build and generated content, in a copy, so this checkout's dist/
  // and src/shared/generated/ stay the demo's. The tests read what they expect from the content
  // module, so they are the same files.
  const copy = copyOfRepository('test-all-fixture-')
  const env = {
    ...process.env,
    CONTENT_DIR: join(ROOT, FIXTURE_BRAND),
    VITE_SITE_URL: '',
    // A founder's build: the document budget is reported, not a gate (docs/decisions/document-budget.md).
    DOCUMENT_BUDGET: 'warn',
  }
  const brand = `second brand (${FIXTURE_BRAND})`
  const fromCopy = (report: string, as: string) => () => {
    const path = join(copy, 'test-results', report)
    if (existsSync(path)) cpSync(path, join(ROOT, 'test-results', as))
  }
  const ok = runAll([
    { name: 'vitest', command: 'npx', args: ['vitest', 'run'] },
    { name: 'build', command: 'npm', args: ['run', 'build'] },
    { name: 'playwright', command: 'npx', args: ['playwright', 'test'], needs: 'build' },
    { name: `${brand}: build`, command: 'npm', args: ['run', 'build'], cwd: copy, env },
    {
      name: `${brand}: playwright`,
      command: 'npx',
      args: ['playwright', 'test', ...fixturePlaywrightFiles()],
      cwd: copy,
      env,
      needs: `${brand}: build`,
      after: fromCopy('playwright.json', 'playwright-fixture.json'),
    },
    {
      // After the build, so the copy's src/shared/generated/ is the brand's (Vitest's global
      // setup writes it again from CONTENT_DIR).
      name: `${brand}: vitest`,
      command: 'npx',
      args: ['vitest', 'run', ...fixtureVitestFiles(copy)],
      cwd: copy,
      env,
      after: fromCopy('vitest.json', 'vitest-fixture.json'),
    },
  ])
  rmSync(copy, { recursive: true, force: true })
  process.exitCode = ok ? 0 : 1
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
