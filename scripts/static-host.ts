// What a static host needs beside the built page for the Supabase deployment
// (docs/deploy-supabase.md), written into dist/client when the page is built against a Supabase
// project (VITE_SUPABASE_URL):
// - the Node server's security headers: `_headers` for Netlify and Cloudflare Pages, `vercel.json`
//   for Vercel, both from src/server/http/security-policy.ts as the server's own;
// - the page behind the email's "Leave the beta" link, `/unsubscribe`: the Node server's texts
//   (src/server/routes/unsubscribe-page.ts); its button POSTs the token to the edge function.
//   A GET never removes anyone.
import { createHash } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { pageSecurityHeaders } from '../src/server/http/security-policy.ts'
import { PAGE_CSS } from '../src/server/http/page-shell.ts'
import { confirmPage, donePage, unknownTokenPage } from '../src/server/routes/unsubscribe-page.ts'
import { SIGNUP } from '../src/shared/site.ts'

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

const mainOf = (html: string) => {
  const m = /<main>\n([\s\S]*)\n<\/main>/.exec(html)
  if (!m) throw new Error('unsubscribe-page.ts: a page without its <main> element')
  return m[1]!
}

/** The script of the static /unsubscribe page: no inline code, the page CSP allows only 'self'. */
export function unsubscribeScript(options: { supabaseUrl: string; anonKey: string }): string {
  const endpoint = `${options.supabaseUrl.replace(/\/+$/, '')}/functions/v1/resend-email/unsubscribe`
  return `const endpoint = ${JSON.stringify(endpoint)}
const key = ${JSON.stringify(options.anonKey)}
const done = ${JSON.stringify(mainOf(donePage()))}
const unknown = ${JSON.stringify(mainOf(unknownTokenPage()))}
const form = document.getElementById('leave')
const status = document.getElementById('status')
form.addEventListener('submit', async (event) => {
  event.preventDefault()
  const button = form.querySelector('button')
  button.disabled = true
  status.textContent = ''
  const token = new URLSearchParams(location.search).get('token') || ''
  try {
    const res = await fetch(endpoint + '?token=' + encodeURIComponent(token), {
      method: 'POST',
      headers: { apikey: key, authorization: 'Bearer ' + key },
    })
    if (res.status !== 200 && res.status !== 404) throw new Error('status ' + res.status)
    document.querySelector('main').innerHTML = res.status === 200 ? done : unknown
  } catch {
    status.textContent = ${JSON.stringify(SIGNUP.errorGeneric)}
    button.disabled = false
  }
})
`
}

/** /unsubscribe for a static host: the Node server's confirmation page, its button wired to the function. */
export async function writeUnsubscribePage(
  dir: string,
  options: { supabaseUrl: string; anonKey: string },
): Promise<void> {
  const script = unsubscribeScript(options)
  const scriptPath = `/assets/unsubscribe-${createHash('sha256').update(script).digest('hex').slice(0, 8)}.js`
  const placeholder = '00000000-0000-0000-0000-000000000000'
  const confirm = confirmPage(placeholder)
  const form = `<form method="post" action="/unsubscribe?token=${placeholder}">`
  if (!confirm.includes(form) || !confirm.includes('</head>'))
    throw new Error('unsubscribe-page.ts: the confirmation form has changed')
  const html = confirm
    .replace(form, '<form id="leave">')
    .replace(
      '</form>',
      '</form>\n<p id="status" role="alert"></p>\n<noscript><p>Leaving the beta needs JavaScript here; or reply to the email and we will remove you.</p></noscript>',
    )
    .replace('</head>', `<script type="module" src="${scriptPath}"></script>\n</head>`)
  await mkdir(`${dir}/assets`, { recursive: true })
  await writeFile(`${dir}${scriptPath}`, script)
  await writeFile(`${dir}/unsubscribe.html`, html)
  await writeFile(`${dir}/unsubscribe.css`, PAGE_CSS)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const url = process.env.VITE_SUPABASE_URL?.trim()
  const dir = fileURLToPath(new URL('../dist/client', import.meta.url))
  if (url) {
    await writeStaticHostHeaders(dir, url)
    await writeUnsubscribePage(dir, { supabaseUrl: url, anonKey: process.env.VITE_SUPABASE_ANON_KEY?.trim() ?? '' })
    // The owner's console needs the Node server's /admin/api; on Supabase the owner uses
    // Supabase's dashboard (DESIGN.md), so a static host gets no /admin page that cannot work.
    await rm(`${dir}/admin`, { recursive: true, force: true })
    console.log(
      `static host: dist/client/_headers, vercel.json and unsubscribe.html (connect-src ${new URL(url).origin}); no /admin`,
    )
  }
}
