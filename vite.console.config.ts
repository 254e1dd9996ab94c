import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { designTokens } from './scripts/design-tokens.ts'
import { htmlPlaceholders } from './scripts/html-placeholders.ts'
import { PRODUCT } from './src/shared/content.ts'

// The owner's console: a second Vite entry, built on its own (after the page, into
// dist/client/admin) so it shares no chunk with the public page and the page's bundle cannot
// change when the console does (docs/decisions/owner-console.md).
export default defineConfig({
  root: fileURLToPath(new URL('src/console', import.meta.url)),
  base: '/admin/',
  plugins: [designTokens(), react(), tailwindcss(), htmlPlaceholders({ PRODUCT_NAME: PRODUCT.name })],
  build: {
    outDir: fileURLToPath(new URL('dist/client/admin', import.meta.url)),
    emptyOutDir: true,
    // The console's CSP forbids inline code, as the page's does.
    assetsInlineLimit: 0,
  },
})
