// The security headers of the Node server, for a static host serving the built page (the Supabase
// deployment, docs/deploy-supabase.md): `_headers` for Netlify and Cloudflare Pages, `vercel.json`
// for Vercel, written into dist/client when the page is built against a Supabase project
// (VITE_SUPABASE_URL). Both come from src/server/http/security-policy.ts, as the server's do.
import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { pageSecurityHeaders } from '../src/server/http/security-policy.ts'

/** Hashed build files never change; everything else is revalidated, as src/server/routes/static.ts does. */
export const IMMUTABLE_ASSETS = { path: '/assets/', cacheControl: 'public, max-age=31536000, immutable' } as const

/** The headers for every path of the page: static hosts serve it over HTTPS. */
export function staticHostHeaders(supabaseUrl: string): [string, string][] {
  return pageSecurityHeaders({ https: true, extraConnect: [new URL(supabaseUrl).origin] })
}

export function netlifyHeaders(headers: [string, string][]): string {
  const block = (path: string, lines: [string, string][]) => [path, ...lines.map(([k, v]) => `  ${k}: ${v}`)].join('\n')
  return `${block('/*', headers)}\n${block(`${IMMUTABLE_ASSETS.path}*`, [['Cache-Control', IMMUTABLE_ASSETS.cacheControl]])}\n`
}

export function vercelJson(headers: [string, string][]): string {
  const config = {
    // /unsubscribe serves unsubscribe.html, as on Netlify and Cloudflare Pages.
    cleanUrls: true,
    headers: [
      { source: '/(.*)', headers: headers.map(([key, value]) => ({ key, value })) },
      {
        source: `${IMMUTABLE_ASSETS.path}(.*)`,
        headers: [{ key: 'Cache-Control', value: IMMUTABLE_ASSETS.cacheControl }],
      },
    ],
  }
  return `${JSON.stringify(config, null, 2)}\n`
}

export async function writeStaticHostHeaders(dir: string, supabaseUrl: string): Promise<void> {
  const headers = staticHostHeaders(supabaseUrl)
  await writeFile(`${dir}/_headers`, netlifyHeaders(headers))
  await writeFile(`${dir}/vercel.json`, vercelJson(headers))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const url = process.env.VITE_SUPABASE_URL?.trim()
  const dir = fileURLToPath(new URL('../dist/client', import.meta.url))
  if (url) {
    await writeStaticHostHeaders(dir, url)
    console.log(
      `static-host headers: dist/client/_headers and dist/client/vercel.json (connect-src ${new URL(url).origin})`,
    )
  }
}
