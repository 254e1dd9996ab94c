/** One thing wrong with the content, named by its file (relative to the content folder) and key. */
export type Problem = { file: string; key: string; message: string }

const line = (p: Problem) => `  content/${p.file}${p.key ? `: ${p.key}` : ''}: ${p.message}`

export function formatProblems(problems: readonly Problem[]): string {
  return `The content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map(line).join('\n')}`
}

/** Warnings (an untranslated text) in the problems' words; they never fail a check or a build. */
export function formatWarnings(warnings: readonly Problem[]): string {
  return `The content has ${warnings.length} warning${warnings.length === 1 ? '' : 's'} (nothing fails):\n${warnings.map(line).join('\n')}`
}

/** Thrown when content cannot be used; its message lists every problem at once. */
export class ContentError extends Error {
  problems: readonly Problem[]
  constructor(problems: readonly Problem[]) {
    super(formatProblems(problems))
    this.problems = problems
  }
}
