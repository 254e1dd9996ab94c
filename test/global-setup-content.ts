import { generateContent } from '../src/content/generate.ts'

/**
 * The generated content module (src/shared/content.ts reads it) before any test file loads, so
 * `npx vitest run some.test.ts` works on a clean clone: from the template's fixture, which
 * vitest.config.ts names in CONTENT_DIR. Afterwards it is the founder's again (a build, the
 * browser tests and `npm run dev` read it), unless their content has a problem to mend first.
 */
export function setup(): () => void {
  generateContent()
  return () => {
    try {
      generateContent(process.env.FOUNDER_CONTENT_DIR)
    } catch {
      // content:check and the build name the founder's problems; the tests' module stays
    }
  }
}
