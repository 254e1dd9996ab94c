// `npm run dev` (docs/decisions/dev-server.md): the whole product on one port, live. One Node HTTP
// server holds Vite in middleware mode and the app:
//   - the landing page (`/`, `/<lang>/`), the legal pages and the console's HTML are made on each
//     request from the source (src/web/entry-server.tsx through Vite's SSR module runner), so an
//     edit shows on the next load, and Vite's client reloads the browser or swaps the module;
//   - Vite serves the modules, the stylesheets (the server pages' too, at /server-page.css), the
//     icons and screenshots made from content/;
//   - everything else goes to the app (scripts/dev-app.ts), also loaded through the runner, so a
//     change to server code makes a new one over the same open database;
//   - the server's data folders are never Vite's to serve (scripts/dev-data-guard.ts).
// Never part of the build (dist/node has no trace of it): production cannot start in this mode.
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { createServer as createViteServer, resolveConfig, type Plugin, type ViteDevServer } from 'vite'
import { contentDir } from '../src/content/load.ts'
import { consoleViewAt } from '../src/shared/console-views.ts'
import type { Config } from '../src/server/config.ts'
import type { Db } from '../src/server/db/db.ts'
import type { Logger } from '../src/server/log.ts'
import { pageCsp } from '../src/server/http/security-policy.ts'
import { escapeHtml } from './html-placeholders.ts'
import { dataFolders, denyGlobs, namesDataFile } from './dev-data-guard.ts'
import type { brandFiles } from '../src/content/brand-assets.ts'
import type { ServerPart } from './dev-app.ts'
import type { ContentPluginApi } from './vite-content.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * The dev pages' policy: the production page's, with what Vite's client needs in dev (its
 * inline React Refresh preamble and error overlay, styles injected as <style>, its websocket).
 * Only this file sends it, and the build never includes this file.
 */
export function devCsp(): string {
  return pageCsp({ https: false })
    .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
    .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
    .replace("connect-src 'self'", "connect-src 'self' ws: wss:")
}

type Modules = {
  /** src/web/entry-server.tsx (its types are the browser's, not this program's). */
  entry: { render(locale: string): string }
  content: typeof import('../src/shared/content.ts')
  locales: typeof import('../src/shared/locales.ts')
  seo: typeof import('./seo.ts')
  legal: typeof import('./legal-pages.ts')
  brand: { brandFiles: typeof brandFiles }
}

/** `address`: the one it listens on (0.0.0.0 or :: for every interface). */
export type DevServer = { url: string; address: string; close(): Promise<void> }

export async function startDevServer(deps: { config: Config; db: Db; logger: Logger }): Promise<DevServer> {
  const { config, logger } = deps
  const httpServer = createServer()
  const folders = dataFolders(config)
  const deny = denyGlobs(folders)
  const vite = await createViteServer({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    appType: 'custom',
    server: {
      middlewareMode: true,
      hmr: { server: httpServer },
      // What the server writes under the root is data, not source: an email landing in ./data/outbox
      // (an .html file) would otherwise reload the page that just signed up.
      watch: {
        ignored: [
          ...folders.map((f) => f.dir),
          ...['dist', 'test-results', 'playwright-report'].map((d) => resolve(d)),
        ].map((d) => `${d}/**`),
      },
      // Vite's own defaults (a deny list replaces them), and the data folders.
      fs: { strict: true, deny: [...(await viteDefaults()).server.fs.deny, ...deny] },
    },
    // Every dependency the page's islands and the console import, bundled before the first visit:
    // one found later makes Vite reload the page (a half-typed sign-up would be lost).
    plugins: [reloadServerRendered()],
    optimizeDeps: {
      entries: [
        'index.html',
        'src/console/index.html',
        'src/{web,console}/**/*.{ts,tsx}',
        '!**/*.test.*',
        '!**/test-*',
      ],
    },
  })
  // A config file that loosened this would open the data folders to Vite's file serving.
  const { fs } = vite.config.server
  if (!fs.strict || deny.some((glob) => !fs.deny.includes(glob)))
    throw new Error('the dev server needs server.fs.strict and its data folders in server.fs.deny')
  const contentPlugin = vite.config.plugins.find((p) => p.name === 'content') as Plugin<ContentPluginApi> | undefined
  const problem = () => contentPlugin?.api?.problem() ?? null
  const load = async <K extends keyof Modules>(key: K, path: string) => (await vite.ssrLoadModule(path)) as Modules[K]
  const modules = async (): Promise<Modules> => {
    const [entry, content, locales, seo, legal, brand] = await Promise.all([
      load('entry', '/src/web/entry-server.tsx'),
      load('content', '/src/shared/content.ts'),
      load('locales', '/src/shared/locales.ts'),
      load('seo', '/scripts/seo.ts'),
      load('legal', '/scripts/legal-pages.ts'),
      // eslint-disable-next-line no-restricted-syntax -- a module's path (src/content/), not a read of content/
      load('brand', '/src/content/brand-assets.ts'),
    ])
    return { entry, content, locales, seo, legal, brand }
  }

  // The server part: remade when Vite has invalidated its module (a server file or the content changed).
  let part: { module: object; part: Promise<ServerPart> } | undefined
  let switching = Promise.resolve()
  const serverPart = async (): Promise<ServerPart> => {
    await switching
    const module = (await vite.ssrLoadModule('/scripts/dev-app.ts')) as typeof import('./dev-app.ts')
    if (part?.module === module) return part.part
    const old = part
    const fresh = module.startServerPart(deps)
    part = { module, part: fresh }
    if (old) {
      logger.info({ event: 'dev.server_reloaded' }, 'server code changed: new app, same database')
      switching = old.part.then((p) => p.stop()).catch((err: unknown) => logger.error({ err }, 'old app did not stop'))
    }
    return fresh
  }
  const appListener = getRequestListener(async (req, env) => (await serverPart()).fetch(req, env))

  // The icons and share image, made from content/brand/ for each new content (a module's identity).
  const brandCache = new WeakMap<object, Promise<Record<string, Buffer | string>>>()
  const brandFilesOf = (brand: Modules['brand']) => {
    let files = brandCache.get(brand)
    if (!files) brandCache.set(brand, (files = brand.brandFiles(contentDir())))
    return files
  }

  const origin = config.PUBLIC_URL
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://dev')
    const path = url.pathname
    if (req.method === 'GET' || req.method === 'HEAD') {
      if (path === '/server-page.css') req.url = '/src/server/http/server-page.css'
      else if (!isModuleRequest(path)) {
        const answered = await page(path, url, res)
        if (answered) return
      }
    }
    // Whatever names a data folder, however spelled, never reaches Vite: the app answers it, and
    // the app (production's own) serves no file from those folders.
    if (namesDataFile(req.url ?? '/', ROOT, folders)) {
      logger.info({ event: 'dev.data_folder_kept' }, 'a request naming a data folder: not served')
      return void appListener(req, res)
    }
    vite.middlewares(req, res, () => void appListener(req, res))
  }

  /** The documents the build would have written, made now; false when `path` is not one. */
  const page = async (path: string, url: URL, res: ServerResponse): Promise<boolean> => {
    const m = await modules()
    const locale = m.content.LOCALES.find((l) => path === m.locales.localeRoot(l))
    if (locale === undefined && m.content.LOCALES.some((l) => `${path}/` === m.locales.localeRoot(l))) {
      res.writeHead(308, { Location: `${path}/` }).end()
      return true
    }
    if (locale !== undefined) {
      const broken = problem()
      if (broken) return send(res, 500, await errorPage(path, broken))
      const texts = m.content.SITE_TEXTS[locale]
      const template = (await readFile(join(ROOT, 'index.html'), 'utf8'))
        .replace('%SITE_LANG%', locale)
        .replace('%SITE_DIR%', m.content.DIRECTIONS[locale])
        .replace('%SITE_TITLE%', escapeHtml(texts.title))
        .replace('%SITE_DESCRIPTION%', escapeHtml(texts.description))
        .replace('%SITE_THEME_COLOR%', escapeHtml(m.content.themeColour()))
        .replace('<!--seo-->', m.seo.headTags(origin, locale))
        .replace('<!--app-->', m.entry.render(locale))
      return send(res, 200, await vite.transformIndexHtml(path, template))
    }
    const legal = (await m.legal.legalDocuments(origin)).find((d) => path === d.path || path === `${d.path}/`)
    if (legal) return send(res, 200, legal.html)
    if (
      path === '/admin' ||
      path === '/admin/' ||
      path === '/admin/index.html' ||
      consoleViewAt(path) ||
      isConsoleSignIn(url)
    ) {
      const html = (await readFile(join(ROOT, 'src/console/index.html'), 'utf8'))
        .replace('%PRODUCT_NAME%', escapeHtml(m.content.PRODUCT.name))
        .replace('src="./main.tsx"', 'src="/src/console/main.tsx"')
      return send(res, 200, await vite.transformIndexHtml('/admin/', html))
    }
    const brand = (await brandFilesOf(m.brand))[path.slice(1)]
    if (brand !== undefined) {
      res.writeHead(200, { 'Content-Type': contentType(path), 'Cache-Control': 'no-cache' }).end(brand)
      return true
    }
    const publicFile = await readPublicFile(path)
    if (publicFile) {
      res.writeHead(200, { 'Content-Type': contentType(path), 'Cache-Control': 'no-cache' }).end(publicFile)
      return true
    }
    return false
  }

  /** While content/ has a problem: the problem, in Vite's overlay; the page reloads once it is mended. */
  const errorPage = async (path: string, message: string) =>
    vite.transformIndexHtml(
      path,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Content problem</title></head><body>
<pre id="content-problem">${escapeHtml(message)}</pre>
<script type="module">
import { ErrorOverlay } from '/@vite/client'
document.body.appendChild(new ErrorOverlay(${JSON.stringify({ message, stack: '', plugin: 'content' }).replace(/</g, '\\u003c')}))
</script></body></html>`,
    )

  httpServer.on('request', (req, res) => {
    handle(req, res).catch((err: unknown) => {
      const error = report(vite, logger, err, 'dev request failed')
      if (!res.headersSent) send(res, 500, `<pre>${escapeHtml(error.stack ?? error.message)}</pre>`)
    })
  })
  // A promise of a request's work that fails with nobody waiting (a plugin's, a module's) is told
  // like any other problem; it does not end the dev server.
  const unhandled = (err: unknown) => void report(vite, logger, err, 'dev: a promise failed unhandled')
  process.on('unhandledRejection', unhandled)

  await new Promise<void>((done) => httpServer.listen(config.PORT, config.HOST, done))
  const info = httpServer.address() as AddressInfo
  const host = info.address === '0.0.0.0' || info.address === '::' ? 'localhost' : info.address
  return {
    url: `http://${host}:${info.port}`,
    address: info.address,
    async close() {
      process.off('unhandledRejection', unhandled)
      await new Promise<void>((done) => {
        httpServer.close(() => done())
        httpServer.closeAllConnections()
      })
      await vite.close()
      if (part) await (await part.part).stop()
    },
  }
}

/** Vite's defaults, as its version has them (its fs.deny list among them). */
const viteDefaults = () => resolveConfig({ root: ROOT, configFile: false, logLevel: 'silent' }, 'serve')

/** A problem while serving: in the terminal and in the browser's overlay, as Vite shows its own. */
function report(vite: ViteDevServer, logger: Logger, err: unknown, what: string): Error {
  const error = err instanceof Error ? err : new Error(String(err))
  vite.ssrFixStacktrace(error)
  logger.error({ err: error }, what)
  vite.environments.client.hot.send({ type: 'error', err: { message: error.message, stack: error.stack ?? '' } })
  return error
}

/**
 * The landing page's sections and the server's pages exist only in the server's module graph:
 * the browser has no module of theirs to swap, so an edit to one reloads the page (an island's
 * module is the browser's too, and React Refresh swaps it in place).
 */
function reloadServerRendered(): Plugin {
  return {
    name: 'dev-reload-server-rendered',
    hotUpdate({ file, modules, server }) {
      if (this.environment.name !== 'ssr' || modules.length === 0) return
      // A stylesheet's source scan makes a file-only entry (no id) in the browser's graph: not a module.
      const inBrowser = [...(server.environments.client.moduleGraph.getModulesByFile(file) ?? [])].some((m) => m.id)
      if (inBrowser) return
      server.environments.client.hot.send({ type: 'full-reload', path: '*' })
    },
  }
}

function send(res: ServerResponse, status: number, html: string): true {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': devCsp(),
    'Cache-Control': 'no-store',
  })
  res.end(html)
  return true
}

/** Vite's own requests (modules, its client, dependencies): never a page. */
function isModuleRequest(path: string): boolean {
  return /^\/(@|src\/|node_modules\/|scripts\/)/.test(path) || path.includes('/@')
}

/** The console's sign-in screen; with a token it is the one-time link's page, which the app makes. */
function isConsoleSignIn(url: URL): boolean {
  return url.pathname === '/admin/sign-in' && !url.searchParams.has('token')
}

async function readPublicFile(path: string): Promise<Buffer | undefined> {
  const dir = resolve(contentDir(), 'public')
  const file = resolve(dir, `.${decodeURIComponent(path)}`)
  if (!file.startsWith(`${dir}/`)) return undefined
  return readFile(file).catch(() => undefined)
}

const TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  webmanifest: 'application/manifest+json',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml',
  html: 'text/html; charset=utf-8',
  css: 'text/css',
  js: 'text/javascript',
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
}
function contentType(path: string): string {
  return TYPES[path.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream'
}
