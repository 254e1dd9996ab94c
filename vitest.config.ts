import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { TEMPLATE_CONTENT } from './scripts/founder-tests.ts'
import { contentDir } from './src/content/load.ts'
import { screenImages } from './src/content/vite-screen-images.ts'

// The template's tests run on a copy of the demo, never on the founder's content/, so they pass
// whatever content/ holds; the founder's folder stays known to the tests that check it
// (scripts/founder-tests.ts). Set here, before the global setup generates the content module,
// so the workers and every process a test starts inherit it.
process.env.FOUNDER_CONTENT_DIR ||= contentDir()
// eslint-disable-next-line no-restricted-syntax -- the one place the tests' content folder is chosen
process.env.CONTENT_DIR = TEMPLATE_CONTENT

/**
 * `npm run test:fast` (TEST_FAST=1): the inner loop, unit and component tests only. Left out: test/
 * (whole processes, crashes, the deployments, lint probes), and the tests under src/ that run
 * on a database (`DB_KINDS`, `testDb`, `testApp`: PGlite and the PostgreSQL cluster), fuzz the server
 * with many requests (fast-check's async properties), or start a process.
 */
const FAST = process.env.TEST_FAST === '1'
const SLOW_MARKS =
  /\bDB_KINDS\b|\b(testDb|testApp|openPglite|openDb)\(|fc\.asyncProperty|\b(spawn|execFile|execFileSync|fork)\(/
function slowTests(): string[] {
  return (readdirSync('src', { recursive: true }) as string[])
    .filter((f) => /\.test\.tsx?$/.test(f) && SLOW_MARKS.test(readFileSync(`src/${f}`, 'utf8')))
    .map((f) => `src/${f}`)
}

// Two projects: Node-side code (shared, server, emails, mail) and, in jsdom, the page's and the
// console's components.
// Browser tests live in e2e/ and run under Playwright, not here.
export default defineConfig({
  test: {
    // The JSON report feeds .ci/run's one-line summary (scripts/ci-summary.ts).
    reporters: ['default', 'json'],
    // Two workers on two cores (Vitest's default would be one): measured on a quiet machine, the
    // files that took 744 s one at a time took 485 s two at a time (docs/BENCHMARKS.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/{shared,server,emails,mail-core,content}/**/*.test.{ts,tsx}',
            ...(FAST ? [] : ['test/**/*.test.ts']),
          ],
          exclude: FAST ? slowTests() : [],
          globalSetup: ['test/global-setup-content.ts', ...(FAST ? [] : ['test/global-setup-pg.ts'])],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The hero imports its screenshots' names and sizes (nothing is encoded for that).
        plugins: [react(), screenImages()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}', 'src/console/**/*.test.{ts,tsx}'],
          globalSetup: ['test/global-setup-content.ts'],
          setupFiles: ['src/web/test-setup.ts'],
          // Rendering the whole page in jsdom took over 5 s (the default) at a load average of 24.
          testTimeout: 20_000,
        },
      },
    ],
  },
})
