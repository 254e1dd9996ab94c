// The Vite side of scripts/screen-images.ts: `virtual:screen-images` gives the page the checked
// screenshots' names and sizes (every build, the SSR one and the tests included: no encoding
// needed for that), and the client build emits the encoded variants into assets/.
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { SCREENS } from '../src/shared/site.ts'
import { encodeVariant, planScreens, type ScreenPlan } from './screen-images.ts'

const ID = 'virtual:screen-images'
const RESOLVED = `\0${ID}`
const root = fileURLToPath(new URL('..', import.meta.url))

/** Where the founder's screenshots are: CONTENT_DIR (a fixture brand, a test) or content/. */
export const screensDir = (env: NodeJS.ProcessEnv = process.env): string =>
  join(resolve(root, env.CONTENT_DIR ?? 'content'), 'screens')
/** Survives between builds, and goes with `rm -rf node_modules`. */
export const SCREEN_CACHE_DIR = join(root, 'node_modules/.cache/screen-images')

export function screenImages(): Plugin {
  let plan: Promise<ScreenPlan> | undefined
  const planned = () => (plan ??= planScreens(screensDir(), SCREENS, 'assets'))
  return {
    name: 'screen-images',
    // A wrong screenshot fails every build that runs this plugin, even one that never imports them.
    async buildStart() {
      plan = undefined
      const { variants } = await planned()
      for (const input of new Set(variants.map((v) => v.input))) this.addWatchFile(input)
    },
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined
      const { images } = await planned()
      return `export const SCREEN_IMAGES = ${JSON.stringify(images)}`
    },
    async generateBundle() {
      // The browser's build ships the files; the SSR build only needs their names.
      if (this.environment.config.consumer !== 'client') return
      const { variants } = await planned()
      const files = await Promise.all(
        variants.map(async (v) => ({ v, source: await encodeVariant(v, SCREEN_CACHE_DIR) })),
      )
      for (const { v, source } of files) this.emitFile({ type: 'asset', fileName: v.fileName, source })
    },
  }
}
