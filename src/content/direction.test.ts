import { join } from 'node:path'
import { expect, test } from 'vitest'
import { FSI, PDI } from '../shared/direction.ts'
import { moduleSource } from './generate.ts'
import { loadContent, REPO_ROOT } from './load.ts'

// The right-to-left fixture founder (test/fixtures/nabd): Arabic first, English second, Latin
// names inside Arabic sentences. docs/decisions/direction.md
const FIXTURE = join(REPO_ROOT, 'test/fixtures/nabd')
const loaded = loadContent(FIXTURE)
const content = loaded.content!

test('the fixture loads without a problem', () => {
  expect(loaded.problems).toEqual([])
})

test("each language's direction is generated once, from its script", () => {
  const [rtl, ltr] = content.locales
  expect(moduleSource(content, FIXTURE)).toContain(
    `DIRECTIONS: Record<Locale, Direction> = {"${rtl}":"rtl","${ltr}":"ltr"}`,
  )
})

test("site.yaml's directions override the script's, and name only the site's languages", () => {
  const overridden = { ...content, directions: { [content.locales[1]!]: 'rtl' as const } }
  expect(moduleSource(overridden, FIXTURE)).toContain(`"${content.locales[1]}":"rtl"`)
})

test('a Latin name inside an Arabic legal sentence is isolated where it is inserted; its link target is not', () => {
  const docs = content.legalTexts[content.locales[0]!]!
  const all = JSON.stringify(docs)
  expect(all).toContain(`${FSI}${content.legal.company}${PDI}`)
  expect(all).toContain(`mailto:${content.legal.contact}"`)
  expect(all).not.toContain(`mailto:${FSI}`)
  // The English texts get the same Latin names bare.
  expect(JSON.stringify(content.legalTexts[content.locales[1]!])).not.toContain(FSI)
})
