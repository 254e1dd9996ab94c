import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { brandAssets } from './scripts/brand-assets.ts'
import { designTokens } from './scripts/design-tokens.ts'
import { htmlPlaceholders } from './scripts/html-placeholders.ts'
import { content } from './scripts/vite-content.ts'
import { screenImages } from './src/content/vite-screen-images.ts'
import { defineConfig } from 'vite'
import { DEFAULT_LOCALE, SITE_TEXTS, themeColour } from './src/shared/content.ts'

// index.html carries placeholders so the head's texts have one source: content/ (src/shared/content.ts).
const siteHead = htmlPlaceholders({
  SITE_LANG: DEFAULT_LOCALE,
  SITE_TITLE: SITE_TEXTS[DEFAULT_LOCALE].title,
  SITE_DESCRIPTION: SITE_TEXTS[DEFAULT_LOCALE].description,
  SITE_THEME_COLOR: themeColour(),
})

export default defineConfig({
  plugins: [content(), designTokens(), react(), tailwindcss(), siteHead, screenImages(), brandAssets()],
  build: {
    outDir: 'dist/client',
    // The CSP forbids inline code, so never inline small assets as data: URLs into scripts or styles.
    assetsInlineLimit: 0,
  },
})
