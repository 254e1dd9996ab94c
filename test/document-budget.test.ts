import { expect, test } from 'vitest'
import { budgetMode, DOCUMENT_BUDGET_BR, estimateDocuments, budgetRecord } from '../src/content/document-budget.ts'
import { checkDocumentBudget } from '../scripts/document-budget.ts'
import { contentDir, loadContent } from '../src/content/load.ts'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const fits = { locale: 'en', page: '/', br: DOCUMENT_BUDGET_BR }
const de = { locale: 'de', page: '/de/', br: DOCUMENT_BUDGET_BR + 1 }
const fr = { locale: 'fr', page: '/fr/', br: DOCUMENT_BUDGET_BR + 500 }

// The first round trip's budget holds for every language's page, not only the default's: in the
// repository's CI (DOCUMENT_BUDGET=gate) a page over it fails the build.
test('in gate mode a document over the budget fails the build, whichever language it is', () => {
  const quiet = () => {}
  expect(() => checkDocumentBudget([fits], 'gate', quiet)).not.toThrow()
  expect(() => checkDocumentBudget([fits, de], 'gate', quiet)).toThrow('/de/ (de) is 1 bytes over')
  expect(() => checkDocumentBudget([fits, de, fr], 'gate', quiet)).toThrow(
    /\/de\/.*\n.*\/fr\/ \(fr\) is 500 bytes over/,
  )
})

// A founder's build does not set DOCUMENT_BUDGET: it reports every page and warns, with the
// levers, and goes on.
test("for a founder's content a page over the budget is a warning with the levers, never a failure", () => {
  const lines: string[] = []
  const warnings = checkDocumentBudget([fits, de, fr], 'warn', (l) => lines.push(l))
  const report = lines.join('\n')
  expect(report).toMatch(new RegExp(`^ +/ +${DOCUMENT_BUDGET_BR} bytes +0 left$`, 'm'))
  expect(report).toMatch(new RegExp(`/de/ +${DOCUMENT_BUDGET_BR + 1} bytes +1 OVER`))
  expect(warnings.filter((w) => w.startsWith('warning:'))).toHaveLength(2)
  expect(report).toContain('What makes a page lighter:')
  expect(report).toContain('texts.hero')
  expect(checkDocumentBudget([fits], 'warn', () => {})).toEqual([])
})

test('the gate is on only where CI asks for it', () => {
  expect(budgetMode({ DOCUMENT_BUDGET: 'gate' })).toBe('gate')
  expect(budgetMode({})).toBe('warn')
  expect(budgetMode({ DOCUMENT_BUDGET: 'warn' })).toBe('warn')
})

// content:check's estimate: the last build's size, moved by the change in the page's own words.
test("content:check's estimate follows the content's words from the last build's measure", () => {
  const content = loadContent(contentDir()).content!
  const measured = content.locales.map((locale, i) => ({ locale, page: i ? `/${locale}/` : '/', br: 10_000 + i }))
  const file = join(mkdtempSync(join(tmpdir(), 'budget-')), 'record.json')
  writeFileSync(file, JSON.stringify(budgetRecord(content, measured)))
  expect(estimateDocuments(content, file)).toEqual(measured)
  const first = content.locales[0]!
  const longer = structuredClone(content)
  longer.texts[first]!.hero.subline += ' A much longer subline, with words that compress poorly: qzx vkj wpf 7319.'
  const [estimate] = estimateDocuments(longer, file)!
  expect(estimate!.br).toBeGreaterThan(10_000 + 20)
  expect(estimateDocuments(content, join(file, '..', 'none.json'))).toBeNull()
})
