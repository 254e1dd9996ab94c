// The founder's content as a Vite plugin (docs/decisions/dev-server.md): `content/` (or CONTENT_DIR)
// becomes src/shared/generated/ once when the config is made, before any other plugin reads it, and
// in `npm run dev` again on every change to the folder. A change regenerates the module, the
// design tokens' stylesheets and the screenshots' list, then reloads the browser; a problem goes
// to the terminal and to Vite's error overlay, worded as `npm run content:check` words it, and
// the last good module stays until the content is mended.
import { dirname, join, relative, resolve, sep } from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import { generateContent, GENERATED_MODULE } from '../src/content/generate.ts'
import { contentDir, type Content } from '../src/content/load.ts'
import { ContentError, formatProblems } from '../src/content/problems.ts'
import { copyPublicFiles } from '../src/content/public-files.ts'
import { SCREEN_IMAGES_MODULE } from '../src/content/vite-screen-images.ts'

const DEFAULT_OUT = dirname(GENERATED_MODULE)
/** Files the generation itself writes into the content folder (the editors' schemas). */
const WRITTEN_INTO_CONTENT = /\.schema\.json$/
/** Edits come in bursts (an editor's save writes a file and renames it): one regeneration for each. */
const SETTLE_MS = 30

export type ContentPluginApi = {
  /** What is wrong with the content now, worded as `npm run content:check` words it; null when fine. */
  problem(): string | null
}

export type ContentPluginOptions = {
  /** The content folder; CONTENT_DIR or content/ by default. */
  dir?: string
  /**
   * Where the generated modules go; src/shared/generated/ by default. Another folder (a test's
   * dev server on a copy of content/) is swapped in for src/shared/generated/ in every import,
   * so the worktree's own generated module is left alone.
   */
  out?: string
}

/** Generates now (throws a ContentError listing every problem), and returns the content. */
export function generate(options: ContentPluginOptions = {}): Content {
  const out = options.out ?? DEFAULT_OUT
  return generateContent(options.dir ?? contentDir(), join(out, 'content.ts'))
}

export function content(options: ContentPluginOptions = {}): Plugin<ContentPluginApi> {
  const dir = resolve(options.dir ?? contentDir())
  const out = resolve(options.out ?? process.env.DEV_GENERATED_DIR ?? DEFAULT_OUT)
  let problem: string | null = null
  // Once per build: the config is made once (`builder.sharedConfigBuild`), so is this.
  try {
    generate({ dir, out })
  } catch (error) {
    if (!(error instanceof ContentError)) throw error
    problem = error.message
  }

  return {
    name: 'content',
    enforce: 'pre',
    api: { problem: () => problem },
    resolveId(source, importer) {
      if (out === DEFAULT_OUT || !importer || !source.startsWith('.')) return undefined
      const target = resolve(dirname(importer), source)
      if (target.startsWith(DEFAULT_OUT + sep)) return join(out, relative(DEFAULT_OUT, target))
      return undefined
    },
    configureServer(server) {
      server.watcher.add(dir)
      let timer: NodeJS.Timeout | undefined
      const changed = (file: string) => {
        if (!resolve(file).startsWith(dir + sep) || WRITTEN_INTO_CONTENT.test(file)) return
        clearTimeout(timer)
        timer = setTimeout(() => void regenerate(server), SETTLE_MS)
      }
      server.watcher.on('add', changed)
      server.watcher.on('change', changed)
      server.watcher.on('unlink', changed)
      if (problem) server.config.logger.error(problem, { timestamp: true })
    },
  }

  async function regenerate(server: ViteDevServer): Promise<void> {
    const { logger } = server.config
    try {
      const fresh = generate({ dir, out })
      const was = problem
      problem = null
      if (was) logger.info('content: mended', { timestamp: true })
      invalidate(server)
      // The design tokens' stylesheets, from the new theme (through Vite, so the fresh module).
      const tokens = (await server.ssrLoadModule('/scripts/design-tokens.ts')) as typeof import('./design-tokens.ts')
      await tokens.writeTokenFiles()
      logger.info(`content: ${relative(process.cwd(), dir) || dir} regenerated (${fresh.locales.join(', ')})`, {
        timestamp: true,
      })
      server.ws.send({ type: 'full-reload', path: '*' })
    } catch (error) {
      if (!(error instanceof ContentError)) {
        logger.error(`content: ${(error as Error).stack ?? String(error)}`, { timestamp: true })
        return
      }
      problem = error.message
      logger.error(problem, { timestamp: true })
      const first = error.problems[0]
      server.ws.send({
        type: 'error',
        err: {
          message: formatProblems(error.problems),
          stack: '',
          plugin: 'content',
          ...(first ? { id: join(dir, first.file) } : {}),
        },
      })
    }
  }

  /**
   * The generated modules and the screenshots' list, and everything that imports them, in
   * every environment: the next request renders the new content, whether or not Vite's own
   * watcher has seen the new files yet.
   */
  function invalidate(server: ViteDevServer): void {
    const now = Date.now()
    for (const environment of Object.values(server.environments)) {
      const graph = environment.moduleGraph
      const seen = new Set<import('vite').EnvironmentModuleNode>()
      const modules = [...graph.idToModuleMap.values()].filter(
        (m) => m.id === SCREEN_IMAGES_MODULE || (m.file !== null && m.file.startsWith(out + sep)),
      )
      for (const m of modules) graph.invalidateModule(m, seen, now, true)
    }
  }
}

/** The build's last step: content/public/ into the built site (after precompression, as before). */
export function copyContentPublicFiles(outDir: string, dir: string = contentDir()): void {
  const { copied, problems } = copyPublicFiles(dir, outDir)
  if (problems.length) throw new ContentError(problems)
  console.log(`public files: ${copied.length} copied from ${join(dir, 'public')} to ${outDir}`)
}
