import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { designTokens } from './scripts/design-tokens.ts'

// The server pages' one stylesheet (src/server/http/server-page.tsx): a CSS-only build, after the
// page's, into dist/client/server-page.css. A stable name, so the server, the static hosts'
// unsubscribe page and the tests link it without a manifest; it is served like the build's other
// unhashed files (src/server/http/static.ts). docs/decisions/design-tokens.md
export default defineConfig({
  plugins: [designTokens(), tailwindcss()],
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('dist/client', import.meta.url)),
    emptyOutDir: false,
    copyPublicDir: false,
    assetsInlineLimit: 0,
    rollupOptions: {
      input: fileURLToPath(new URL('src/server/http/server-page.css', import.meta.url)),
      output: { assetFileNames: 'server-page.css' },
    },
  },
})
