// Which tests check the template and which check the founder's own content
// (docs/decisions/testing-infrastructure.md, "Template tests and the founder's tests").
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Step } from './run-steps.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * The content every Vitest file of the template runs on: a copy of the demo, so a founder's
 * content/ never changes what those tests see. `vitest.config.ts` points CONTENT_DIR at it.
 */
export const TEMPLATE_CONTENT = join(ROOT, 'test', 'fixtures', 'demo')

/**
 * The Vitest files that check the founder's own content (FOUNDER_CONTENT_DIR), reading every
 * expectation from it; the only ones that may read content/ by path.
 */
export const FOUNDER_VITEST = ['test/founder-content.test.ts']

/**
 * The browser specs that check the founder's page as built from their content: it renders, fits
 * the first round trip, has no axe violation, its forms and dialogs work, in every language and
 * at every width. `npm run test:content` and the second brand run these; `npm test` runs every
 * spec on content/'s build.
 */
export const FOUNDER_SPECS = [
  'e2e/a11y.spec.ts',
  'e2e/beta-signup.spec.ts',
  'e2e/budget.spec.ts',
  'e2e/contact.spec.ts',
  'e2e/dialogs.spec.ts',
  'e2e/landing.spec.ts',
  'e2e/languages.spec.ts',
  'e2e/legal-pages.spec.ts',
  'e2e/narrow-screens.spec.ts',
]

/**
 * The founder's part of `npm test`, on the content a build in `cwd` reads (CONTENT_DIR in
 * `env`, else content/): their Vitest checks, the build, and the founder's browser specs on it.
 * `after` copies a part's report where the run wants it.
 */
export function founderSteps(
  label: string,
  {
    cwd = ROOT,
    env = process.env,
    after,
  }: { cwd?: string; env?: NodeJS.ProcessEnv; after?: (report: string) => () => void } = {},
): Step[] {
  return [
    {
      name: `${label}: vitest`,
      command: 'npx',
      args: ['vitest', 'run', ...FOUNDER_VITEST],
      cwd,
      env,
      ...(after ? { after: after('vitest.json') } : {}),
    },
    { name: `${label}: build`, command: 'npm', args: ['run', 'build'], cwd, env },
    {
      name: `${label}: playwright`,
      command: 'npx',
      args: ['playwright', 'test', ...FOUNDER_SPECS],
      cwd,
      env,
      needs: `${label}: build`,
      ...(after ? { after: after('playwright.json') } : {}),
    },
  ]
}
