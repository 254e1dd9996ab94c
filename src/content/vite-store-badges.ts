// The Vite side of store-badges.ts: the page's build ships each live store's badge under its
// hashed name in assets/ (the generated module names it: STORE_BADGES), and `npm run dev` serves it
// from the content folder as it is now.
import type { Plugin } from 'vite'
import { contentDir, loadContent } from './load.ts'
import { planBadges, type PlannedBadge } from './store-badges.ts'

function planned(): PlannedBadge[] {
  const dir = contentDir()
  const { content } = loadContent(dir)
  // A content problem is reported by the content plugin, which runs first and fails the build.
  return content ? Object.values(planBadges(dir, content.stores)) : []
}

export function storeBadges(): Plugin {
  return {
    name: 'store-badges',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0] ?? ''
        if (!path.startsWith('/assets/badge-')) return next()
        const badge = planned().find((b) => b.src === path)
        if (!badge) return next()
        res.setHeader('Content-Type', badge.fileName.endsWith('.svg') ? 'image/svg+xml' : 'image/png')
        res.setHeader('Cache-Control', 'no-cache')
        res.end(badge.source)
      })
    },
    generateBundle() {
      // The page's build ships the files; the SSR build only needs their names (the generated module).
      if (this.environment.config.consumer !== 'client' || this.environment.name !== 'client') return
      for (const badge of planned()) this.emitFile({ type: 'asset', fileName: badge.fileName, source: badge.source })
    },
  }
}
