// The one build (`vite build --app`: npm run build:web) and the dev server's config
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
import { defineConfig, type UserConfig } from 'vite'
import { content } from './scripts/vite-content.ts'

const path = (p: string) => fileURLToPath(new URL(p, import.meta.url))

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
    plugins: [contentPlugin, ...steps.pagePlugins()],
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
          },
    builder: {
      // One config, made once: the content is generated once per build.
      sharedConfigBuild: true,
      async buildApp(builder) {
        const { client, serverPage, ssr } = builder.environments
        await builder.build(client!)
        await builder.build(serverPage!)
        await builder.build(ssr!)
        await steps.afterBundles()
      },
    },
  }
})
