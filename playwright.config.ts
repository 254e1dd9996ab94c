import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { E2E_SIGNUP_CHALLENGE_SECRET } from './e2e/signup-challenge-secret.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts'

// Playwright loads this file in the runner and again in every worker. The port and the
// outbox folder are chosen once, in the runner, and handed to the workers (and the server)
// through the environment, which the workers inherit.
function pickFreePort(): string {
  const script = `const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})`
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })
}
process.env.E2E_PORT ??= pickFreePort()
process.env.E2E_OUTBOX_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-outbox-'))

const port = process.env.E2E_PORT
const outboxDir = process.env.E2E_OUTBOX_DIR
const baseURL = `http://127.0.0.1:${port}`
const ci = Boolean(process.env.CI)

export default defineConfig({
  testDir: 'e2e',
  // Playwright empties its output folder at start; keep it apart from the JSON reports.
  outputDir: 'test-results/playwright-artifacts',
  fullyParallel: true,
  forbidOnly: ci,
  workers: 2,
  retries: ci ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        headless: true,
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: {
    // The built server, as `npm start` runs it; `npm test` builds before this runs.
    command: 'node dist/node/server/index.js',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // A first start migrates a new database: over a minute at a load average of 26.
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      PGLITE_DIR: 'memory://',
      OUTBOX_DIR: outboxDir,
      EMAIL_TRANSPORT: 'outbox',
      // Warnings and errors still reach the test output; request logs would drown it.
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Every browser test comes from 127.0.0.1: per-address limits would turn the suite away.
      // The limits themselves are tested in src/server/http/rate-limit.test.ts.
      RATE_LIMIT_SIGNUP_PER_MINUTE: '0',
      RATE_LIMIT_SIGNUP_PER_HOUR: '0',
      RATE_LIMIT_EMAIL_PER_MINUTE: '0',
      RATE_LIMIT_EMAIL_PER_HOUR: '0',
      RATE_LIMIT_CONTACT_PER_MINUTE: '0',
      RATE_LIMIT_CONTACT_PER_HOUR: '0',
      // The console's specs sign in as this owner (e2e/console-*.spec.ts).
      // One owner per parallel worker, so two tests never take each other's emailed link.
      OWNER_EMAILS: 'owner@example.com,owner-0@example.com,owner-1@example.com,owner-2@example.com,owner-3@example.com',
      // Invitations (e2e/invitations.spec.ts): the iPhone link set, the Android one not, so the
      // console's note about it shows.
      BETA_IOS_URL: 'https://testflight.apple.com/join/E2ETEST1',
      // Apple's join page is out of reach here; the check is tested against a stand-in
      // (src/server/features/invitations/testflight.test.ts).
      TESTFLIGHT_CHECK: 'off',
      RATE_LIMIT_BETA_PER_MINUTE: '0',
      RATE_LIMIT_BETA_PER_HOUR: '0',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '0',
      RATE_LIMIT_SIGN_IN_PER_HOUR: '0',
      RATE_LIMIT_CONSOLE_PER_MINUTE: '0',
      RATE_LIMIT_CONSOLE_PER_HOUR: '0',
      // A worker's owner signs in by email once per test, more than the default 3 in 15 minutes,
      // and the whole suite signs in from 127.0.0.1 more often than the default 20 attempts per
      // address in 15 minutes (tested in features/contact/owner-flood.test.ts and features/console/routes.test.ts).
      OWNER_SIGN_IN_EMAILS: '1000',
      OWNER_SIGN_IN_ATTEMPTS: '1000',
      INVITATION_INTERVAL_MS: '50',
      // A known key, so e2e/launch-day.spec.ts can check the page's proof itself. Specs that
      // call resend-email bare (no page) stay within the unverified budget, which is tested in
      // src/server/features/signup-proof/signup-proof.test.ts.
      SIGNUP_CHALLENGE_SECRET: E2E_SIGNUP_CHALLENGE_SECRET,
      UNVERIFIED_EMAILS_PER_HOUR: '1000',
    },
  },
})
