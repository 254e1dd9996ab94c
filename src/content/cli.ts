// npm run content:check (check only), npm run content:build (check, then write the generated
// module), and `public <dir>` (the build's last step: content/public/ into the built site).
// Every problem is printed at once, and the exit code is 1 when there is any.
import { assetLinksNote } from './app-links.ts'
import { checkContent } from './checks.ts'
import { generateContent } from './generate.ts'
import { contentDir, loadContent } from './load.ts'
import { copyPublicFiles } from './public-files.ts'
import { ContentError, formatProblems } from './problems.ts'
import { screenshotProblems } from './screen-images.ts'

const command = process.argv[2]
const dir = contentDir()

if (command === 'check') {
  const loaded = loadContent(dir)
  const problems = loaded.content
    ? [
        ...loaded.problems,
        ...checkContent(loaded.content, dir),
        // The screenshots' shape and size, which the build checks too (docs/decisions/screenshots.md).
        ...(await screenshotProblems(dir, loaded.content.screens)),
      ]
    : loaded.problems
  if (problems.length) {
    console.error(formatProblems(problems))
    process.exit(1)
  }
  console.log(`content: ${dir} is fine`)
  const note = assetLinksNote(dir)
  if (note) console.log(`note: ${note}`)
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
} else {
  console.error('usage: tsx src/content/cli.ts check | build | public <built site folder>')
  process.exit(2)
}
