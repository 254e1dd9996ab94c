// `npm test`: every part runs, whatever an earlier one did, and each is reported at the end: the
// unit and integration tests (Vitest), the build, the browser tests (Playwright) on the build, and
// a second, very different brand (test/fixtures/) built and tested in a copy of the repository.
// Exits 1 when any part failed. The JSON reports land in test-results/ for .ci/run's summary
// (scripts/ci-summary.ts): vitest.json, playwright.json and playwright-fixture.json.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** The second brand CI builds and tests (docs/decisions/testing-infrastructure.md). */
export const FIXTURE_BRAND = 'test/fixtures/trailmate'
/**
 * The browser tests run on the second brand: every spec that reads what it expects from the
 * content module. The page, its dialogs and legal pages, its languages (share images, screenshots,
 * 320 px screens), the sign-up and the contact form, its accessibility, the pages without
 * JavaScript, and the pages a tester's links open (feedback, Play's answers). The console's own
 * specs, the benchmarks' budget and the deployment checks do not depend on the content and run
 * once, on the demo.
 */
export const FIXTURE_SPECS = [
  'e2e/landing.spec.ts',
  'e2e/dialogs.spec.ts',
  'e2e/legal-pages.spec.ts',
  'e2e/languages.spec.ts',
  'e2e/narrow-screens.spec.ts',
  'e2e/beta-signup.spec.ts',
  'e2e/contact.spec.ts',
  'e2e/islands.spec.ts',
  'e2e/a11y.spec.ts',
  'e2e/no-script.spec.ts',
  'e2e/tester-messages.spec.ts',
  'e2e/play-testing.spec.ts',
]

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

/** The repository's tracked files in a fresh folder, with this one's node_modules linked in. */
function copyOfRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'test-all-fixture-'))
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 })
  if (listed.status !== 0) throw new Error('git ls-files failed: the second brand needs a git checkout')
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(ROOT, file))) continue
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    cpSync(join(ROOT, file), join(dir, file))
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
  return dir
}

function main(): void {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true })
  // A report from an earlier run must not stand in for a part that did not run this time.
  for (const report of ['vitest.json', 'playwright.json', 'playwright-fixture.json'])
    rmSync(join(ROOT, 'test-results', report), { force: true })
  // The second brand: its own build and generated content, in a copy, so this checkout's dist/
  // and src/shared/generated/ stay the demo's. The tests read what they expect from the content
  // module, so they are the same files.
  const copy = copyOfRepository()
  const env = {
    ...process.env,
    CONTENT_DIR: join(ROOT, FIXTURE_BRAND),
    VITE_SITE_URL: '',
    // A founder's build: the document budget is reported, not a gate (docs/decisions/document-budget.md).
    DOCUMENT_BUDGET: 'warn',
  }
  const brand = `second brand (${FIXTURE_BRAND})`
  const ok = runAll([
    { name: 'vitest', command: 'npx', args: ['vitest', 'run'] },
    { name: 'build', command: 'npm', args: ['run', 'build'] },
    { name: 'playwright', command: 'npx', args: ['playwright', 'test'], needs: 'build' },
    { name: `${brand}: build`, command: 'npm', args: ['run', 'build'], cwd: copy, env },
    {
      name: `${brand}: playwright`,
      command: 'npx',
      args: ['playwright', 'test', ...FIXTURE_SPECS],
      cwd: copy,
      env,
      needs: `${brand}: build`,
      after: () => {
        const report = join(copy, 'test-results/playwright.json')
        if (existsSync(report)) cpSync(report, join(ROOT, 'test-results/playwright-fixture.json'))
      },
    },
  ])
  rmSync(copy, { recursive: true, force: true })
  process.exitCode = ok ? 0 : 1
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
