import { spawnSync } from 'node:child_process'
import { expect, test } from 'vitest'
import { ROOT } from './support/server-process.ts'

// The founder's own content (content/, or the CONTENT_DIR `npm test` ran with): every other
// Vitest file checks the template on its fixture (scripts/founder-tests.ts). The build and the
// browser specs check the rest: it renders, fits the first round trip, has no axe violation,
// its forms work.
const founderDir = process.env.FOUNDER_CONTENT_DIR!

test("the founder's content passes `npm run content:check`", () => {
  expect(founderDir).toBeTruthy()
  const check = spawnSync('npm', ['run', '--silent', 'content:check'], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: founderDir },
    encoding: 'utf8',
  })
  expect(check.status, `${check.stdout}\n${check.stderr}`).toBe(0)
  expect(check.stdout).toContain(`content: ${founderDir} is fine`)
}, 120_000)
