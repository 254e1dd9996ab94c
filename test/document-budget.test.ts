import { expect, test } from 'vitest'
import { checkDocumentBudget, DOCUMENT_BUDGET_BR } from '../scripts/document-budget.ts'

// The first round trip's budget holds for every language's page, not only the default's.
test('a document over the budget fails the build, whichever language it is', () => {
  const fits = { path: 'dist/client/index.html', br: DOCUMENT_BUDGET_BR }
  expect(() => checkDocumentBudget([fits])).not.toThrow()
  const de = { path: 'dist/client/de/index.html', br: DOCUMENT_BUDGET_BR + 1 }
  expect(() => checkDocumentBudget([fits, de])).toThrow(`dist/client/de/index.html is ${DOCUMENT_BUDGET_BR + 1} bytes`)
  const fr = { path: 'dist/client/fr/index.html', br: DOCUMENT_BUDGET_BR + 500 }
  expect(() => checkDocumentBudget([fits, de, fr])).toThrow(/de\/index\.html.*fr\/index\.html/)
})
