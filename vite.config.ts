// The one build (`vite build --app`: npm run build) and the dev server's config
// (scripts/dev-server.ts). docs/decisions/dev-server.md
//
// 1. content/ becomes src/shared/generated/ when this config is made (content(): once per build,
//    and watched in dev). The plugins that read it come after, from scripts/build-steps.ts,
//    loaded then with tsx (a bundled config would read the generated module before it exists).
// 2. buildApp, in this order: the page (client), the server pages' stylesheet, the page's server
//    render (ssr); then scripts/build-steps.ts's afterBundles: the prerender into the page's
//    documents (critical CSS, CSP hashes, budgets, precompression: scripts/prerender.ts), the
//    console, the static-host and proxy header files, and last content/public/.
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import { defineConfig, type EnvironmentOptions, type Plugin, type PluginOption, type UserConfig } from 'vite'
import { content } from './scripts/vite-content.ts'

const path = (p: string) => fileURLToPath(new URL(p, import.meta.url))

/**
 * The Node server (src/server/index.ts and what it imports) into dist/node, one file per module
 * as the tsc emit had it (dist/node/server/index.js, .../db/migrate.js...): every path a module
 * finds from its own import.meta.url (the migrations, the backup's dump child) stays true, and a
 * stack trace names the source file. Dependencies stay in node_modules, imported at run time.
 */
function nodeServer(): EnvironmentOptions {
  return {
    consumer: 'server',
    build: {
      outDir: 'dist/node',
      emptyOutDir: true,
      copyPublicDir: false,
      target: 'node20',
      minify: false,
      sourcemap: true,
      rollupOptions: {
        input: {
          'server/index': path('src/server/index.ts'),
          // Not imported: spawned by path, beside snapshot.js (dumpFolderInChild).
          'server/features/backups/dump-child': path('src/server/features/backups/dump-child.ts'),
        },
        // Bare specifiers and node: builtins: every dependency, as the tsc emit left them.
        external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
        output: {
          format: 'es',
          preserveModules: true,
          preserveModulesRoot: path('src'),
          entryFileNames: '[name].js',
        },
      },
    },
  }
}

/** The page's plugins (tokens, React, Tailwind, screenshots, icons) have nothing to do in the server's build. */
function pageOnly(plugins: PluginOption[]): Plugin[] {
  const flat = (plugins as unknown[]).flat(Infinity).filter(Boolean) as Plugin[]
  for (const plugin of flat) {
    const own = plugin.applyToEnvironment
    plugin.applyToEnvironment = (environment) => (environment.name === 'node' ? false : own ? own(environment) : true)
  }
  return flat
}

export default defineConfig(async ({ command }): Promise<UserConfig> => {
  const contentPlugin = content()
  // A build never uses stale content: every problem at once, as npm run content:check words them.
  const problem = contentPlugin.api?.problem()
  if (command === 'build' && problem) throw new Error(problem)
  const steps = (await tsImport(
    './scripts/build-steps.ts',
    import.meta.url,
  )) as typeof import('./scripts/build-steps.ts')
  return {
    plugins: [contentPlugin, ...pageOnly(steps.pagePlugins())],
    build: {
      // The CSP forbids inline code, so never inline small assets as data: URLs into scripts or styles.
      assetsInlineLimit: 0,
    },
    // The dev server keeps the default two (client, ssr): it renders the page on each request.
    environments:
      command !== 'build'
        ? {}
        : {
            client: { build: { outDir: 'dist/client' } },
            // The server pages' one stylesheet (src/server/http/server-page.tsx): CSS only, into
            // dist/client/server-page.css. A stable name, so the server, the static hosts'
            // unsubscribe page and the tests link it without a manifest (docs/decisions/design-tokens.md).
            serverPage: {
              consumer: 'client',
              build: {
                outDir: 'dist/client',
                emptyOutDir: false,
                copyPublicDir: false,
                rollupOptions: {
                  input: path('src/server/http/server-page.css'),
                  output: { assetFileNames: 'server-page.css' },
                },
              },
            },
            // The page's server render, for the prerender only (which removes it).
            ssr: { build: { outDir: 'dist/ssr', rollupOptions: { input: path('src/web/entry-server.tsx') } } },
            node: nodeServer(),
          },
    builder: {
      // One config, made once: the content is generated once per build.
      sharedConfigBuild: true,
      async buildApp(builder) {
        const { client, serverPage, ssr, node } = builder.environments
        // The server shares nothing with the page's chain (its own folder, no assets), so it is
        // built alongside it; the page's chain keeps its order (client empties dist/client first).
        const page = async () => {
          await builder.build(client!)
          await builder.build(serverPage!)
          await builder.build(ssr!)
          await steps.afterBundles()
        }
        await Promise.all([page(), builder.build(node!)])
      },
    },
  }
})
