import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { designTokens } from './scripts/design-tokens.ts'
import { screenImages } from './scripts/screen-images-plugin.ts'
import { defineConfig, type Plugin } from 'vite'
import { SITE } from './src/shared/site.ts'

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

// index.html carries placeholders so the head's texts have one source: src/shared/site.ts.
function siteHead(): Plugin {
  const values: Record<string, string> = {
    SITE_LANG: SITE.lang,
    SITE_TITLE: SITE.title,
    SITE_DESCRIPTION: SITE.description,
    SITE_THEME_COLOR: SITE.themeColor,
  }
  return {
    name: 'site-head',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace(/%(SITE_[A-Z_]+)%/g, (m, key: string) => escapeHtml(values[key] ?? m)),
    },
  }
}

export default defineConfig({
  plugins: [designTokens(), react(), tailwindcss(), siteHead(), screenImages()],
  build: {
    outDir: 'dist/client',
    // The CSP forbids inline code, so never inline small assets as data: URLs into scripts or styles.
    assetsInlineLimit: 0,
  },
})
