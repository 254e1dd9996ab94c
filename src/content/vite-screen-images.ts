// The Vite side of screen-images.ts: `virtual:screen-images` gives the page the checked
// screenshots' names and sizes (every build, the SSR one and the tests included: no encoding
// needed for that), and the client build emits the encoded variants into assets/.
import { join } from 'node:path'
import type { Environment, Plugin } from 'vite'
import { contentDir, loadContent, REPO_ROOT } from './load.ts'
import { ContentError } from './problems.ts'
import { encodeVariant, planScreens, type ScreenPlan, type Variant } from './screen-images.ts'

const ID = 'virtual:screen-images'
const RESOLVED = `\0${ID}`
/** The virtual module's id, for the dev server's content plugin, which reloads it on a change (scripts/vite-content.ts). */
export const SCREEN_IMAGES_MODULE = RESOLVED

/** Survives between builds, and goes with `rm -rf node_modules`. */
export const SCREEN_CACHE_DIR = join(REPO_ROOT, 'node_modules/.cache/screen-images')

/** The content folder's screenshots, planned: CONTENT_DIR or content/. */
export async function planContentScreens(dir: string = contentDir()): Promise<ScreenPlan> {
  const { content, problems } = loadContent(dir)
  if (!content || problems.length) throw new ContentError(problems)
  return planScreens(dir, content.screens, 'assets', content.locales)
}

/** The page's build ships the files; the SSR build (and the server pages' stylesheet) only needs their names. */
const shipsFiles = (environment: Environment) =>
  environment.config.consumer === 'client' && environment.name === 'client'

export function screenImages(): Plugin {
  let plan: Promise<ScreenPlan> | undefined
  let serving = false
  let encoding: Promise<{ v: Variant; source: Buffer }[]> | undefined
  // The dev server plans on every load of the module (a screenshot may have changed), the
  // requests at one moment (a page's images) sharing one plan; a build plans once.
  const planned = () =>
    serving ? (plan ??= planContentScreens().finally(() => (plan = undefined))) : (plan ??= planContentScreens())
  return {
    name: 'screen-images',
    // `npm run dev`: each variant encoded when the browser asks for it (cached as the build's are).
    configureServer(server) {
      serving = true
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0] ?? ''
        if (!path.startsWith('/assets/')) return next()
        // A problem (a screenshot's, or its encoding's) goes to Vite's error handler: the terminal
        // and the overlay say it, and the server goes on.
        planned()
          .then(async ({ variants }) => {
            const variant = variants.find((v) => `/${v.fileName}` === path)
            if (!variant) return next()
            const body = await encodeVariant(variant, SCREEN_CACHE_DIR)
            res.setHeader('Content-Type', `image/${variant.format}`)
            res.setHeader('Cache-Control', 'no-cache')
            res.end(body)
          })
          .catch((error: unknown) => next(error))
      })
    },
    // A wrong screenshot fails every build that runs this plugin, even one that never imports them.
    async buildStart() {
      plan = undefined
      encoding = undefined
      const { variants } = await planned()
      for (const input of new Set(variants.map((v) => v.input))) this.addWatchFile(input)
      // The page's build starts encoding now, not in generateBundle: sharp works in its own
      // threads while the page, its server render and the server are bundled, instead of after.
      if (!serving && shipsFiles(this.environment)) {
        encoding = Promise.all(variants.map(async (v) => ({ v, source: await encodeVariant(v, SCREEN_CACHE_DIR) })))
        // Awaited in generateBundle; a failure is reported there, not as an unhandled rejection.
        encoding.catch(() => {})
      }
    },
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined
      const { byLocale } = await planned()
      return `export const SCREEN_IMAGES = ${JSON.stringify(byLocale)}`
    },
    async generateBundle() {
      if (!shipsFiles(this.environment) || !encoding) return
      for (const { v, source } of await encoding) this.emitFile({ type: 'asset', fileName: v.fileName, source })
    },
  }
}
