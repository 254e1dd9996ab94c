/** One thing wrong with the content, named by its file (relative to the content folder) and key. */
export type Problem = { file: string; key: string; message: string }

export function formatProblems(problems: readonly Problem[]): string {
  const lines = problems.map((p) => `  content/${p.file}${p.key ? `: ${p.key}` : ''}: ${p.message}`)
  return `The content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${lines.join('\n')}`
}

/** Thrown when content cannot be used; its message lists every problem at once. */
export class ContentError extends Error {
  problems: readonly Problem[]
  constructor(problems: readonly Problem[]) {
    super(formatProblems(problems))
    this.problems = problems
  }
}
