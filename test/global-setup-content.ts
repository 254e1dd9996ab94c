import { generateContent } from '../src/content/generate.ts'

/**
 * The generated content module (src/shared/content.ts reads it) before any test file loads, so
 * `npx vitest run some.test.ts` works on a clean clone and after an edit of content/.
 */
export function setup(): void {
  generateContent()
}
