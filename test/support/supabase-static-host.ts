import { cp, mkdtemp, readFile, rm, stat, symlink } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { spawn } from 'node:child_process'
import { REPO_ROOT } from './supabase-function.ts'

/** Netlify's and Cloudflare Pages' `_headers`: a path pattern, then indented `Name: value` lines. */
export function parseHeadersFile(text: string): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>()
  let current: Map<string, string> | undefined
  for (const line of text.split('\n')) {
    if (!line.trim()) continue
    if (!/^\s/.test(line)) rules.set(line.trim(), (current = new Map()))
    else {
      const at = line.indexOf(':')
      current!.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim())
    }
  }
  return rules
}

/** What `npm run build` needs, copied so that this build never touches the project's dist/. */
const BUILD_INPUTS = [
  'index.html',
  'vite.config.ts',
  'package.json',
  'src',
  'public',
  'scripts',
  // The founder's content: the build generates the content module from it first.
  'content',
]

/**
 * `npm run build` with VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY, as a founder builds for a
 * static host, in a copy of the project in a temp folder (node_modules linked). Returns the built
 * dist/client and a function that removes the copy.
 */
export async function buildForStaticHost(env: {
  VITE_SUPABASE_URL: string
  VITE_SUPABASE_ANON_KEY: string
  VITE_SITE_URL: string
}) {
  const dir = await mkdtemp(join(tmpdir(), 'supabase-build-'))
  for (const input of BUILD_INPUTS) await cp(join(REPO_ROOT, input), join(dir, input), { recursive: true })
  for (const f of [
    'tsconfig.json',
    'tsconfig.base.json',
    'tsconfig.web.json',
    'tsconfig.node.json',
    'tsconfig.shared.json',
  ])
    await cp(join(REPO_ROOT, f), join(dir, f)).catch(() => {})
  await symlink(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
  let output = ''
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('npm', ['run', 'build'], {
      cwd: dir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    child.on('exit', resolve)
  })
  if (code !== 0) throw new Error(`build failed (${code}):\n${output}`)
  return { clientDir: join(dir, 'dist', 'client'), remove: () => rm(dir, { recursive: true, force: true }) }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
}

/**
 * A static host as Netlify or Cloudflare Pages serve a folder: files as they are, `/x` from
 * `x.html`, and the headers of the folder's `_headers` file (a pattern ending in `*` is a prefix).
 * Plain HTTP on loopback: `upgrade-insecure-requests` and HSTS are left out, as the Node server
 * leaves them out over HTTP.
 */
export async function startStaticHost(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const rules = parseHeadersFile(await readFile(join(dir, '_headers'), 'utf8'))
  const server: Server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const candidates = path.endsWith('/') ? [`${path}index.html`] : [path, `${path}.html`]
    for (const candidate of candidates) {
      const file = normalize(join(dir, candidate))
      if (!file.startsWith(dir)) break
      const found = await stat(file).then(
        (s) => s.isFile(),
        () => false,
      )
      if (!found) continue
      for (const [pattern, headers] of rules) {
        const matches = pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern
        if (!matches) continue
        for (const [name, value] of headers) {
          if (name === 'strict-transport-security') continue
          res.setHeader(
            name,
            name === 'content-security-policy' ? value.replace(/;\s*upgrade-insecure-requests/, '') : value,
          )
        }
      }
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' })
      res.end(await readFile(file))
      return
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' })
    res.end('Not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
