// podman and podman-compose as scripts/container-images.ts and the container tests run them: with
// this folder's containers.conf (CONTAINERS_CONF), their output collected, and ended with this
// process however it ends (scripts/end-with-parent.ts).
import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { endWithParent } from './end-with-parent.ts'

const CONTAINERS_CONF = fileURLToPath(new URL('./containers.conf', import.meta.url))
const ENSURE_SCRIPT = fileURLToPath(new URL('./ensure-podman.sh', import.meta.url))
const TOOLS = ['podman', 'runc', 'podman-compose', 'debootstrap']

/** The environment every podman and podman-compose call gets. */
export const podmanEnv = (env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv => ({
  ...env,
  CONTAINERS_CONF,
})

const missingTools = () => TOOLS.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0)

/**
 * podman and its companions, installed by scripts/ensure-podman.sh when missing (as root with
 * apt-get); otherwise an error that names the script. Never a skip.
 */
export function requirePodman(): void {
  if (missingTools().length === 0) return
  spawnSync('bash', [ENSURE_SCRIPT], { stdio: ['ignore', 'inherit', 'inherit'] })
  const missing = missingTools()
  if (missing.length)
    throw new Error(`${missing.join(', ')} not found: run bash scripts/ensure-podman.sh (see the message above)`)
}

export type Ran = { code: number | null; stdout: string; stderr: string }

/**
 * Runs `command` to its end. Rejects when it exits non-zero (unless `allowFailure`) or outlives
 * `timeoutMs` (then it is killed), with its output in the message.
 */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; allowFailure?: boolean } = {},
): Promise<Ran> {
  const child = endWithParent(
    spawn(command, args, { cwd: options.cwd, env: podmanEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] }),
  )
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const line = `${command} ${args.join(' ')}`
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000)
    child.once('error', reject)
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      if (code === 0 || options.allowFailure) return resolve({ code, stdout, stderr })
      const why = signal ? `was killed (${signal}) after ${options.timeoutMs ?? 120_000} ms` : `exited with ${code}`
      reject(new Error(`${line} ${why}:\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`))
    })
  })
}

export const podman = (args: string[], options?: Parameters<typeof run>[2]) => run('podman', args, options)

/** Whether the image `name` is in podman's store. */
export async function imageExists(name: string): Promise<boolean> {
  return (await podman(['image', 'exists', name], { allowFailure: true })).code === 0
}
