import { budgetReport, overBudget, type BudgetMode, type DocumentSize } from '../src/content/document-budget.ts'

// The build's side of the first round trip's budget (src/content/document-budget.ts has the
// budget, the report and the levers; docs/decisions/document-budget.md).

/**
 * Prints each language's page against the budget. A page over it throws in `gate` mode (the
 * repository's CI, for its demo) and is a warning otherwise (a founder's content): a heavier page
 * costs its visitors a round trip, it does not break. Returns the warnings printed.
 */
export function checkDocumentBudget(
  documents: readonly DocumentSize[],
  mode: BudgetMode,
  log: (line: string) => void = console.log,
): string[] {
  log(budgetReport(documents))
  const over = overBudget(documents)
  if (!over.length) return []
  if (mode === 'gate')
    throw new Error(
      `${over.join('\n')}\n(DOCUMENT_BUDGET=gate: the repository's CI holds the demo to the budget; unset, the build warns)`,
    )
  for (const line of over) log(line)
  return over
}
