import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../scripts/pg-cluster.ts'

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const FUNCTION_DIR = 'supabase/functions/resend-email'
export const FUNCTION_ENTRY = `${FUNCTION_DIR}/index.ts`
/** The real Deno binary, from the pinned npm package `deno` (its optional platform package). */
export const DENO = fileURLToPath(new URL('../../node_modules/.bin/deno', import.meta.url))

/**
 * How Deno finds the function's npm packages:
 * - 'deployed': the function's own deno.json (npm: pins, nodeModulesDir auto, fetched from the npm
 *   registry), as `supabase functions deploy` bundles it; package.json discovery switched off.
 * - 'interface': the command of the interface, run from the repository root, where Deno
 *   reads package.json and the project's node_modules.
 */
export type DenoMode = 'deployed' | 'interface'

export function denoArgs(
  command: 'run' | 'check' | 'lint' | 'info',
  mode: DenoMode,
  extra: string[] = [],
): { args: string[]; env: Record<string, string> } {
  const permissions = command === 'run' ? ['--allow-net', '--allow-env', '--allow-read'] : []
  if (mode === 'interface') return { args: [command, ...permissions, ...extra], env: {} }
  return {
    args: [command, ...permissions, '--config', `${FUNCTION_DIR}/deno.json`, ...extra],
    env: { DENO_NO_PACKAGE_JSON: '1' },
  }
}

export type RunningFunction = { url: string; output: () => string; stop: () => Promise<void> }

export type FunctionSettings = {
  SUPABASE_DB_URL: string
  RESEND_API_KEY: string
  EMAIL_FROM: string
  SITE_URL: string
  RESEND_API_URL: string
  /** Set by Supabase itself on a project: the key the retry entry point requires. */
  SUPABASE_SERVICE_ROLE_KEY: string
  /** Set by Supabase itself on a project. */
  SUPABASE_URL?: string
  /** The unverified budget; unset here: a budget no other suite reaches (test/launch-day-function.test.ts sets its own). */
  UNVERIFIED_EMAILS_PER_HOUR?: string
  SIGNUP_CHALLENGE?: 'pow' | 'off'
  SIGNUP_CHALLENGE_SECRET?: string
  RESEND_WEBHOOK_SECRET?: string
  EMAIL_RATE_PER_SECOND?: string
  EMAIL_DAILY_LIMIT?: string
}

/** Starts the edge function under the real Deno binary; resolves once it listens. */
export async function startFunction(
  settings: FunctionSettings,
  options: { mode?: DenoMode } = {},
): Promise<RunningFunction> {
  const port = await freePort()
  const { args, env } = denoArgs('run', options.mode ?? 'deployed', [FUNCTION_ENTRY])
  const child: ChildProcess = spawn(DENO, args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...env,
      UNVERIFIED_EMAILS_PER_HOUR: '1000000',
      ...settings,
      PORT: String(port),
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  const stop = async () => {
    process.off('exit', killOnExit)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
  }
  // The first start may fetch the npm packages of deno.json: allow for it.
  const deadline = Date.now() + 120_000
  while (!/"event":"listening"/.test(output)) {
    if (child.exitCode !== null) throw new Error(`the function exited with ${child.exitCode}:\n${output}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the function did not listen within 120 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return { url: `http://127.0.0.1:${port}`, output: () => output, stop }
}
