// What test/container-image.test.ts and test/container-compose.test.ts share: the local base
// images, the server's image built from deploy/Dockerfile with podman, a sign-up as the page
// makes it, and a ledger of what a test made, removed at its end whatever happened.
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/sha'
import { randomBytes } from 'node:crypto'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { BaseImages } from '../../scripts/container-images.ts'
import { podman, run } from '../../scripts/podman.ts'
import { encodeSignupProof } from '../../src/mail-core/signup-proof.ts'
import { LOCAL_ANON_KEY } from '../../src/shared/self-hosted.ts'
import { SIGNUP_CHALLENGE_PATH, SIGNUP_PROOF_HEADER } from '../../src/shared/signup-challenge.ts'
import { ROOT } from './server-process.ts'

const MINUTES = 60_000
// Two test files may want the same image at once: the second waits, then finds it made (the
// base images) or every layer cached (the server's), instead of doing the work twice on 2 cores.
const LOCK = '/tmp/launch-page-container-images.lock'

/** A name no other run uses: `launch-page-test-<what>-<random>`. */
export const uniqueName = (what: string) => `launch-page-test-${what}-${randomBytes(4).toString('hex')}`

/** scripts/container-images.ts's images, made on this machine's first run (debootstrap: minutes). */
export async function baseImages(): Promise<BaseImages> {
  const r = await run('flock', [LOCK, process.execPath, '--import', 'tsx', join(ROOT, 'scripts/container-images.ts')], {
    cwd: ROOT,
    timeoutMs: 45 * MINUTES,
  })
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as BaseImages
}

/** `podman build` of deploy/Dockerfile from `context` (a copy of the repository) on `baseImage`. */
function buildDockerfile(context: string, baseImage: string, extra: string[]) {
  return run(
    'flock',
    [
      LOCK,
      'podman',
      'build',
      // npm ci reaches the registry as this machine does.
      '--network',
      'host',
      // The OCI format has no HEALTHCHECK; docker's keeps the Dockerfile's.
      '--format',
      'docker',
      // deploy/Dockerfile.dockerignore is found by its name, as for a founder's build.
      '-f',
      join(context, 'deploy/Dockerfile'),
      '--build-arg',
      `BASE_IMAGE=${baseImage}`,
      '--build-arg',
      'VITE_SITE_URL=',
      ...extra,
      context,
    ],
    { timeoutMs: 30 * MINUTES },
  )
}

/** The server's image, tagged `tag`. Resolves with the seconds the build took. */
export async function buildServerImage(options: { context: string; tag: string; baseImage: string }): Promise<number> {
  const started = Date.now()
  await buildDockerfile(options.context, options.baseImage, ['-t', options.tag])
  return (Date.now() - started) / 1000
}

/**
 * The Dockerfile's first stage, by image id and with no tag: it is the layer cache the next
 * build starts from (removing it would make every build a cold one), not an image of the test's.
 */
export async function buildStage(options: { context: string; baseImage: string }): Promise<string> {
  const idFile = join(options.context, '.build-stage-id')
  await buildDockerfile(options.context, options.baseImage, ['--target', 'build', '--iidfile', idFile])
  return (await readFile(idFile, 'utf8')).trim()
}

/** A volume's files, copied out through podman (`podman volume export`) into `dir`. */
export async function exportVolume(volume: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
  await run('sh', ['-c', 'podman volume export "$0" | tar -x -C "$1"', volume, dir])
}

/** What a test made, removed by `removeAll()` (afterAll), each step whatever the others did. */
export function ledger() {
  const steps: (() => Promise<unknown>)[] = []
  return {
    container: (name: string) =>
      steps.push(() => podman(['rm', '--force', '--time', '5', name], { allowFailure: true })),
    volume: (name: string) => steps.push(() => podman(['volume', 'rm', '--force', name], { allowFailure: true })),
    image: (tag: string) => steps.push(() => podman(['rmi', '--force', tag], { allowFailure: true })),
    step: (fn: () => Promise<unknown>) => steps.push(fn),
    async removeAll() {
      for (const fn of steps.splice(0).reverse()) await fn().catch(() => {})
    },
  }
}

const anon = (extra: Record<string, string> = {}) => ({
  apikey: LOCAL_ANON_KEY,
  authorization: `Bearer ${LOCAL_ANON_KEY}`,
  'content-type': 'application/json',
  ...extra,
})

/**
 * What the page does on submit (src/web/lib/backend.ts): store the address, solve the proof of
 * work, then ask for the email. Resolves with the two statuses.
 */
export async function signUpLikeThePage(base: string, email: string): Promise<{ insert: number; email: number }> {
  const body = JSON.stringify({ email })
  const insert = await fetch(`${base}/rest/v1/beta_signups`, { method: 'POST', headers: anon(), body })
  await insert.arrayBuffer()
  const c = await fetch(`${base}/functions/v1/${SIGNUP_CHALLENGE_PATH}`, { headers: anon() })
  const challenge = (await c.json()) as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('the proof of work found no solution')
  const headers = anon({ [SIGNUP_PROOF_HEADER]: encodeSignupProof(challenge, solution) })
  const call = await fetch(`${base}/functions/v1/resend-email`, { method: 'POST', headers, body })
  await call.arrayBuffer()
  return { insert: insert.status, email: call.status }
}

/** Polls /healthz until 200; the error names `what` and carries `logs()`. */
export async function waitHealthy(base: string, logs: () => Promise<string>, timeoutMs = 5 * MINUTES): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const status = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200) return
    if (Date.now() > deadline) throw new Error(`${base}/healthz not 200 after ${timeoutMs} ms:\n${await logs()}`)
    await new Promise((r) => setTimeout(r, 500))
  }
}

/** The end of a container's log, for an error message. */
export async function containerLogs(name: string): Promise<string> {
  const r = await podman(['logs', '--tail', '80', name], { allowFailure: true })
  return `${r.stdout}${r.stderr}`
}
