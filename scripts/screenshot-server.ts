// The built server on a throwaway PGlite folder, for the screenshot scripts: no rate limits or
// proof of work, an outbox to read links from, one owner, and a fresh one-time sign-in link on request.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'

export const OWNER = 'founder@example.com'

/** Headers the page's own calls carry. */
export const ANON_HEADERS = {
  apikey: LOCAL_ANON_KEY,
  authorization: `Bearer ${LOCAL_ANON_KEY}`,
  'content-type': 'application/json',
}

/** Made-up names for sample sign-ups. */
export const SAMPLE_NAMES = [
  'maya.k',
  'jonas',
  'ines.design',
  'lee.writes',
  'sam+beta',
  'olga.dev',
  'tom.photo',
  'ana.b',
]

export type ScreenshotServer = {
  base: string
  outbox: string
  /** Its PGlite folder (the server holds it; `npm run owner` reaches the server through it). */
  pgliteDir: string
  /** A fresh one-time sign-in link for the owner (`npm run owner -- link`). */
  ownerLink(): string
  stop(): Promise<void>
}

const NO_LIMITS = Object.fromEntries(
  ['SIGNUP', 'CONTACT', 'EMAIL', 'BETA'].flatMap((k) => [
    [`RATE_LIMIT_${k}_PER_MINUTE`, '0'],
    [`RATE_LIMIT_${k}_PER_HOUR`, '0'],
  ]),
)

export async function startScreenshotServer(
  name: string,
  extraEnv: Record<string, string> = {},
): Promise<ScreenshotServer> {
  const dir = mkdtempSync(join(tmpdir(), `${name}-shots-`))
  const port = 3900 + Math.floor(Math.random() * 90)
  const base = `http://127.0.0.1:${port}`
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    PGLITE_DIR: join(dir, 'pglite'),
    OUTBOX_DIR: join(dir, 'outbox'),
    OWNER_EMAILS: OWNER,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // The sample sign-ups call resend-email as a script would, without the page's proof of work.
    SIGNUP_CHALLENGE: 'off',
    ...NO_LIMITS,
    ...extraEnv,
  }
  const server = spawn(process.execPath, ['dist/node/server/index.js'], { env, stdio: 'inherit' })
  const stop = async () => {
    server.kill('SIGTERM')
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r))
    rmSync(dir, { recursive: true, force: true })
  }
  for (
    let i = 0;
    (await fetch(`${base}/healthz`).then(
      (r) => r.status,
      () => 0,
    )) !== 200;
    i++
  ) {
    if (i > 300) {
      await stop()
      throw new Error('server did not start')
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  const ownerLink = () =>
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/owner.ts', 'link', OWNER], { env, encoding: 'utf8' })
      .trim()
      .split('\n')
      .at(-1)!
  return { base, outbox: join(dir, 'outbox'), pgliteDir: join(dir, 'pglite'), ownerLink, stop }
}
