import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { noisyClient } from '../bench/noisy-screens.ts'
import { startServer } from '../bench/server.ts'
import { expect, test } from './fixtures.ts'
import { expectWithinPhoneBudget, phoneFirstView } from './phone-budget.ts'

// The template's image pipeline on screenshots far larger than the demo's: the build's page with
// three noisy 1179x2556 PNGs in their place still fits the phone's first-view budget. Not one of
// the founder's specs (scripts/founder-tests.ts): it replaces their screenshots.

const KB = 1024
const CLIENT = fileURLToPath(new URL('../dist/client/', import.meta.url))

test('the same budget holds for three 1179x2556 screenshots of about 2.5 MB each', async ({ browser }) => {
  // Encoding them the first time takes a while on two cores; later runs read sharp's output from
  // the build's cache (src/content/screen-images.ts).
  test.setTimeout(240_000)
  const noisy = await noisyClient(CLIENT)
  const scratch = await mkdtemp(join(tmpdir(), 'noisy-server-'))
  try {
    for (const bytes of noisy.pngBytes) expect(bytes).toBeGreaterThan(2 * 1024 * KB)
    const server = await startServer({
      STATIC_DIR: noisy.dir,
      PGLITE_DIR: join(scratch, 'db'),
      OUTBOX_DIR: join(scratch, 'outbox'),
    })
    try {
      const view = await phoneFirstView(browser, `${server.url}/`)
      expectWithinPhoneBudget(view)
      // They are the noisy ones, not the demo's.
      const html = await readFile(join(noisy.dir, 'index.html'), 'utf8')
      for (const image of view.images) expect(html).toContain(image.url)
    } finally {
      await server.stop()
    }
  } finally {
    await noisy.remove()
    // The stopped server's database folder may still be closing its last files on a busy machine.
    await rm(scratch, { recursive: true, force: true, maxRetries: 5 })
  }
})
