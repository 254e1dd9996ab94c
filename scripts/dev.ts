// `npm run dev`: the landing page, the console, the server pages and the API on one port, each
// edit shown at once (docs/decisions/dev-server.md; scripts/dev-server.ts). On the embedded
// defaults: PGlite in ./data, emails as files in ./data/outbox. The database is opened once, here,
// and outlives every reload of the server's code.
import { existsSync } from 'node:fs'
import { ContentError } from '../src/content/problems.ts'
import { GENERATED_MODULE } from '../src/content/generate.ts'
import { generate } from './vite-content.ts'

// The server's modules read the generated content when they load: it must exist first. A
// problem with a module already there is only reported (the page shows it until it is mended).
const out = process.env.DEV_GENERATED_DIR
try {
  generate({ ...(out ? { out } : {}) })
} catch (error) {
  if (!(error instanceof ContentError)) throw error
  console.error(error.message)
  if (!existsSync(out ? `${out}/content.ts` : GENERATED_MODULE)) process.exit(1)
}
// A test's dev server on a copy of content/ writes its own generated folder (DEV_GENERATED_DIR);
// this process's own modules still need the worktree's.
if (!existsSync(GENERATED_MODULE)) generate({ dir: 'content' })

const { runDev } = await import('./dev-boot.ts')
await runDev()
