// The built server on a throwaway PGlite folder, for the screenshot scripts: no rate limits or
// proof of work, an outbox to read links from, one owner, and a fresh one-time sign-in link on request.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { ROOT, startServer, waitHealthy } from '../test/support/server-process.ts'
import { freePort } from './pg-cluster.ts'

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
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const env = {
    PORT: String(port),
    PUBLIC_URL: base,
    PGLITE_DIR: join(dir, 'pglite'),
    OUTBOX_DIR: join(dir, 'outbox'),
    OWNER_EMAILS: OWNER,
    // PGlite, for the server and for `npm run owner` (its sign-in links).
    DATABASE_URL: '',
    // The sample sign-ups call resend-email as a script would, without the page's proof of work.
    SIGNUP_CHALLENGE: 'off',
    ...NO_LIMITS,
    ...extraEnv,
  }
  const server = await startServer(env, { builtIn: ROOT })
  const stop = async () => {
    if (server.child.exitCode === null) await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  await waitHealthy(server).catch(async (err: unknown) => {
    await stop()
    throw err
  })
  const ownerLink = () =>
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/owner.ts', 'link', OWNER], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1)!
  return { base, outbox: join(dir, 'outbox'), pgliteDir: join(dir, 'pglite'), ownerLink, stop }
}
