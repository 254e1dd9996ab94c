// What vite.config.ts needs once the content is generated: the plugins and the build's steps that
// read src/shared/generated/. vite.config.ts loads this module with tsx's tsImport after content()
// has written the generated module, so a fresh clone (no generated module yet) builds, and every
// build reads the content it just generated (docs/decisions/dev-server.md).
import { fileURLToPath } from 'node:url'
import { build, type InlineConfig } from 'vite'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { brandAssets } from './brand-assets.ts'
import { designTokens } from './design-tokens.ts'
import { htmlPlaceholders } from './html-placeholders.ts'
import { buildProxyHost } from './proxy-host.ts'
import { buildStaticHost } from './static-host.ts'
import { copyContentPublicFiles } from './vite-content.ts'
import { screenImages } from '../src/content/vite-screen-images.ts'
import { storeBadges } from '../src/content/vite-store-badges.ts'
import { DEFAULT_LOCALE, DIRECTIONS, PRODUCT, SITE_TEXTS, themeColour } from '../src/shared/content.ts'

const path = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url))

/** The plugins of the page, its server render and the server pages' stylesheet (and of the dev server). */
export function pagePlugins() {
  // index.html carries placeholders so the head's texts have one source: content/ (src/shared/content.ts).
  const siteHead = htmlPlaceholders({
    SITE_LANG: DEFAULT_LOCALE,
    SITE_DIR: DIRECTIONS[DEFAULT_LOCALE],
    SITE_TITLE: SITE_TEXTS[DEFAULT_LOCALE].title,
    SITE_DESCRIPTION: SITE_TEXTS[DEFAULT_LOCALE].description,
    SITE_THEME_COLOR: themeColour(),
  })
  return [designTokens(), react(), tailwindcss(), siteHead, screenImages(), storeBadges(), brandAssets()]
}

/**
 * The owner's console: built on its own, with its own root and base (/admin/, which Vite's
 * environments cannot vary), after the page and into dist/client/admin, so it shares no chunk
 * with the public page and the page's bundle cannot change when the console does
 * (docs/decisions/owner-console.md).
 */
export async function buildConsole(): Promise<void> {
  const config: InlineConfig = {
    configFile: false,
    root: path('src/console'),
    base: '/admin/',
    plugins: [designTokens(), react(), tailwindcss(), htmlPlaceholders({ PRODUCT_NAME: PRODUCT.name })],
    build: {
      outDir: path('dist/client/admin'),
      emptyOutDir: true,
      // The console's CSP forbids inline code, as the page's does.
      assetsInlineLimit: 0,
    },
  }
  await build(config)
}

/** Everything after the bundles, in order (vite.config.ts's buildApp). */
export async function afterBundles(): Promise<void> {
  // The page's documents: critical CSS, CSP hashes, budgets, precompression (runs on import).
  await import('./prerender.ts')
  await buildConsole()
  await buildStaticHost()
  await buildProxyHost()
  // Last, as before: content/public/ is copied as it is (not precompressed).
  copyContentPublicFiles(path('dist/client'))
}
