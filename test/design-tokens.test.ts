import { readFile } from 'node:fs/promises'
import { expect, test } from 'vitest'
import { PAGE_SCHEME, TOKEN_NAMES, TOKENS } from '../src/shared/design-tokens.ts'
import { themeColour } from '../src/shared/content.ts'
import { TOKEN_FILES } from '../scripts/design-tokens.ts'

// The design tokens have one source (src/shared/design-tokens.ts); the stylesheets the page, the
// console and the server pages import are generated from it at build. These hold them equal.

const read = (file: string) => readFile(new URL(`../${file}`, import.meta.url), 'utf8')

test('the committed token stylesheets are what the module generates', async () => {
  for (const [file, generate] of Object.entries(TOKEN_FILES)) expect(await read(file), file).toBe(generate())
})

test('every token has a value in both schemes, as a CSS variable in each stylesheet', async () => {
  const scheme = await read('src/ui/tokens.css')
  const page = await read('src/ui/tokens-dark.css')
  const [light, dark] = scheme.split('@media (prefers-color-scheme: dark)')
  for (const name of TOKEN_NAMES) {
    expect(light).toContain(`--color-${name}: ${TOKENS.light[name]};`)
    expect(dark).toContain(`--color-${name}: ${TOKENS.dark[name]};`)
    expect(page).toContain(`--color-${name}: ${TOKENS[PAGE_SCHEME][name]};`)
  }
})

test('each surface imports the tokens: the page its scheme, the console and the server pages both', async () => {
  expect(await read('src/web/styles.css')).toContain("@import '../ui/tokens-dark.css';")
  expect(await read('src/console/console.css')).toContain("@import '../ui/tokens.css';")
  expect(await read('src/server/http/server-page.css')).toContain("@import '../../ui/tokens.css';")
})

test("the browser's theme colour is the page's background", () => {
  expect(themeColour()).toBe(TOKENS[PAGE_SCHEME].page)
})
