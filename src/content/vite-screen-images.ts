// The Vite side of screen-images.ts: `virtual:screen-images` gives the page the checked
// screenshots' names and sizes (every build, the SSR one and the tests included: no encoding
// needed for that), and the client build emits the encoded variants into assets/.
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { contentDir, loadContent, REPO_ROOT } from './load.ts'
import { ContentError } from './problems.ts'
import { encodeVariant, planScreens, type ScreenPlan } from './screen-images.ts'

const ID = 'virtual:screen-images'
const RESOLVED = `\0${ID}`

/** Survives between builds, and goes with `rm -rf node_modules`. */
export const SCREEN_CACHE_DIR = join(REPO_ROOT, 'node_modules/.cache/screen-images')

/** The content folder's screenshots, planned: CONTENT_DIR or content/. */
export async function planContentScreens(dir: string = contentDir()): Promise<ScreenPlan> {
  const { content, problems } = loadContent(dir)
  if (!content || problems.length) throw new ContentError(problems)
  return planScreens(dir, content.screens, 'assets')
}

export function screenImages(): Plugin {
  let plan: Promise<ScreenPlan> | undefined
  const planned = () => (plan ??= planContentScreens())
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
