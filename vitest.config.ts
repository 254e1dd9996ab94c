import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { screenImages } from './src/content/vite-screen-images.ts'

// Two projects: Node-side code (shared, server, emails, mail) and, in jsdom, the page's and the
// console's components.
// Browser tests live in e2e/ and run under Playwright, not here.
export default defineConfig({
  test: {
    // The JSON report feeds .ci/run's one-line summary (scripts/ci-summary.ts).
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/{shared,server,emails,mail-core,content}/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup-content.ts', 'test/global-setup-pg.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The hero imports its screenshots' names and sizes (nothing is encoded for that).
        plugins: [react(), screenImages()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}', 'src/console/**/*.test.{ts,tsx}'],
          globalSetup: ['test/global-setup-content.ts'],
          setupFiles: ['src/web/test-setup.ts'],
        },
      },
    ],
  },
})
