// The document must arrive in the first round trip: TCP's first window is 10 segments of 1460
// bytes (what Lighthouse's simulation assumes too), and the response's headers take about 1 KB.
export const DOCUMENT_BUDGET_BR = 10 * 1460 - 1024

/**
 * Throws, naming every page over the budget, when any language's document is: the default's or
 * not, a page over it costs its visitors a second round trip before the first paint
 * (docs/decisions/languages.md).
 */
export function checkDocumentBudget(documents: readonly { path: string; br: number }[]): void {
  const over = documents.filter((d) => d.br > DOCUMENT_BUDGET_BR).map((d) => `${d.path} is ${d.br} bytes brotli`)
  if (over.length) throw new Error(`${over.join('; ')}: over ${DOCUMENT_BUDGET_BR}, the first round trip's budget`)
}
