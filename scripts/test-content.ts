// `npm run test:content`: only the founder's part of `npm test`, in a few minutes: their content
// passes content:check (test/founder-content.test.ts), builds, and the founder's browser specs
// pass on the build (scripts/founder-tests.ts). Ctrl-C stops it as it stops `npm test`.
import { founderSteps } from './founder-tests.ts'
import { runAll } from './run-steps.ts'

process.exit(await runAll(founderSteps('your content'), { stopOnSignals: true }))
