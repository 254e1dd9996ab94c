import { spawn, type ChildProcess } from 'node:child_process'
import { ROOT } from './server-process.ts'

export type CliResult = { code: number | null; out: string; err: string }

/** `npm run owner -- …` as a real process, with `env` laid over this one's (DATABASE_URL cleared unless given). */
export function runOwnerCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return startOwnerCli(args, env).result
}

/** The same, with the process at hand (to kill it midway). */
export function startOwnerCli(
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; result: Promise<CliResult> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/owner.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (err += d.toString()))
  return { child, result: new Promise((resolve) => child.once('exit', (code) => resolve({ code, out, err }))) }
}

/**
 * Spends a one-time link on the server at `serverUrl` the way the page's button does, and
 * returns the address the new session belongs to (null when the link was refused).
 */
export async function signInWith(link: string, serverUrl: string): Promise<string | null> {
  const token = new URL(link).searchParams.get('token')
  if (!token) return null
  const res = await fetch(`${serverUrl}/admin/auth/link`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: serverUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }),
  })
  if (res.status !== 303) return null
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!
  const me = await fetch(`${serverUrl}/admin/api/me`, { headers: { cookie } })
  return me.ok ? ((await me.json()) as { email: string }).email : null
}
