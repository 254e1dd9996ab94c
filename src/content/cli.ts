// npm run content:check (check only; `-- --verbose` names each text a warning counts),
// npm run content:build (check, then write the generated
// module), npm run content:slim (hands the shipped texts back: src/content/slim.ts), and
// `public <dir>` (the build's last step: content/public/ into the built site).
// Every problem is printed at once, and the exit code is 1 when there is any.
import { join } from 'node:path'
import { assetLinksNote } from './app-links.ts'
import { checkContent } from './checks.ts'
import { budgetReport, BUDGET_RECORD, estimateDocuments, overBudget } from './document-budget.ts'
import { generateContent } from './generate.ts'
import { logoNote } from './brand.ts'
import { contentDir, loadContent, REPO_ROOT } from './load.ts'
import { copyPublicFiles } from './public-files.ts'
import { ContentError, formatProblems, formatWarnings } from './problems.ts'
import { screenshotProblems } from './screen-images.ts'
import { shareProblems } from './share-problems.ts'
import { slimContent } from './slim.ts'

const command = process.argv[2]
const dir = contentDir()

if (command === 'check') {
  const note = logoNote(dir)
  if (note) console.log(note)
  const loaded = loadContent(dir)
  const problems = loaded.content
    ? [
        ...loaded.problems,
        ...checkContent(loaded.content, dir),
        // The screenshots' shape and size, which the build checks too (docs/decisions/screenshots.md).
        ...(await screenshotProblems(dir, loaded.content.screens, loaded.content.locales)),
        // Each language's share image, fitted as the build will draw it.
        ...(await shareProblems(loaded.content)),
      ]
    : loaded.problems
  // Each page's size against the first round trip's budget, as the build reports it: estimated
  // from the last build's measure (a warning when over, never a problem: docs/decisions/document-budget.md).
  if (loaded.content) {
    const estimate = estimateDocuments(loaded.content, join(REPO_ROOT, BUDGET_RECORD))
    if (estimate) {
      console.log(budgetReport(estimate, true))
      for (const line of overBudget(estimate)) console.warn(line)
    } else
      console.log("Each page's size against the first round trip's budget: run `npm run build` once to measure it.")
  }
  if (loaded.warnings.length) console.warn(formatWarnings(loaded.warnings, process.argv.includes('--verbose')))
  if (problems.length) {
    console.error(formatProblems(problems))
    process.exit(1)
  }
  console.log(`content: ${dir} is fine`)
  const linksNote = assetLinksNote(dir)
  if (linksNote) console.log(`note: ${linksNote}`)
} else if (command === 'build') {
  try {
    generateContent(dir)
  } catch (error) {
    if (!(error instanceof ContentError)) throw error
    console.error(error.message)
    process.exit(1)
  }
} else if (command === 'public' && process.argv[3]) {
  const { copied, problems } = copyPublicFiles(dir, process.argv[3])
  if (problems.length) {
    console.error(formatProblems(problems))
    process.exit(1)
  }
  console.log(`content/public: ${copied.length} file${copied.length === 1 ? '' : 's'} copied to ${process.argv[3]}`)
} else if (command === 'slim') {
  for (const { file, removed } of slimContent(dir))
    console.log(
      `content/${file}: ${removed} text${removed === 1 ? '' : 's'} equal to the shipped default${removed === 1 ? '' : 's'} taken out`,
    )
} else {
  console.error('usage: tsx src/content/cli.ts check | build | slim | public <built site folder>')
  process.exit(2)
}
