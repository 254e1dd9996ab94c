// Emits the icons and the share image made from content/brand/ into the page's build
// (src/content/brand-assets.ts; docs/decisions/brand.md).
import type { Plugin } from 'vite'
import { brandFiles } from '../src/content/brand-assets.ts'

export function brandAssets(): Plugin {
  return {
    name: 'brand-assets',
    apply: 'build',
    // The page's build only (vite.config.ts builds other environments with the same plugins).
    applyToEnvironment: (environment) => environment.name === 'client',
    async generateBundle() {
      for (const [fileName, source] of Object.entries(await brandFiles()))
        this.emitFile({ type: 'asset', fileName, source })
    },
  }
}
