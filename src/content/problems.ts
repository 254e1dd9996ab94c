/**
 * One thing wrong with the content, named by its file (relative to the content folder) and key.
 * A summary (many texts of one kind) carries each of them in `details`, printed with `--verbose`.
 */
export type Problem = { file: string; key: string; message: string; details?: readonly Problem[] }

const line = (p: Problem, indent = '  ') => `${indent}content/${p.file}${p.key ? `: ${p.key}` : ''}: ${p.message}`

export function formatProblems(problems: readonly Problem[]): string {
  return `The content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => line(p)).join('\n')}`
}

/** Warnings (an untranslated text) in the problems' words; they never fail a check or a build. */
export function formatWarnings(warnings: readonly Problem[], verbose = false): string {
  const lines = warnings.flatMap((w) => [line(w), ...(verbose ? (w.details ?? []).map((d) => line(d, '      ')) : [])])
  return `The content has ${warnings.length} warning${warnings.length === 1 ? '' : 's'} (nothing fails):\n${lines.join('\n')}`
}

/**
 * Texts of one kind in one file as one warning: each named when there are at most `few`, else one
 * line whose `details` name them all (`content:check --verbose`), so they never bury the others.
 */
export function summarised(file: string, each: readonly Problem[], summary: string, few = 0): Problem[] {
  if (each.length <= few) return [...each]
  return [{ file, key: '', message: `${summary}: list with \`content:check --verbose\``, details: each }]
}

/** Thrown when content cannot be used; its message lists every problem at once. */
export class ContentError extends Error {
  problems: readonly Problem[]
  constructor(problems: readonly Problem[]) {
    super(formatProblems(problems))
    this.problems = problems
  }
}
