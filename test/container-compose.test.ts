import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { freePort } from '../scripts/pg-cluster.ts'
import { podman, requirePodman, run } from '../scripts/podman.ts'
import { copyOfRepository } from '../scripts/repo-copy.ts'
import { outboxRecords } from './support/drain-queue.ts'
import {
  baseImages,
  buildServerImage,
  containerLogs,
  exportVolume,
  ledger,
  signUpLikeThePage,
  uniqueName,
  waitHealthy,
} from './support/containers.ts'
import { waitFor } from './support/server-process.ts'

// Issue 53: deploy/compose.yaml brought up with podman-compose as a founder would, from deploy/
// with .env filled in from compose.env.example: the server (deploy/Dockerfile) on
// PostgreSQL, as a role that owns its database and nothing more (postgres-init.sh,
// postgres-setup.sql). A sign-up with double opt-in is confirmed, the database's container is
// restarted, and the row and its confirmation are still there, and the server takes the next
// sign-up. The official postgres:15 and node:20-bookworm-slim images cannot be pulled here:
// scripts/container-images.ts makes stand-ins from Debian's packages. The Caddy profile's TLS
// cannot be tested without a public name; its Caddyfile is checked by Caddy itself. podman is
// installed by scripts/ensure-podman.sh; without it this test fails, it is never skipped.

const MINUTES = 60_000
const made = ledger()
let dir: string | undefined
afterAll(async () => {
  await made.removeAll()
  if (dir) await rm(dir, { recursive: true, force: true })
}, 5 * MINUTES)

/** compose.env.example with the test's values: the file as a founder fills it in. */
async function fillIn(example: string, values: Record<string, string>): Promise<string> {
  let text = await readFile(example, 'utf8')
  for (const [key, value] of Object.entries(values)) {
    const line = new RegExp(`^#? ?${key}=.*$`, 'm')
    text = line.test(text) ? text.replace(line, `${key}=${value}`) : `${text}${key}=${value}\n`
  }
  return text
}

test(
  'deploy/compose.yaml: a confirmed sign-up on PostgreSQL survives a restart of the database container',
  { timeout: 60 * MINUTES },
  async () => {
    requirePodman()
    const base = await baseImages()
    dir = copyOfRepository('container-compose-')
    const deploy = join(dir, 'deploy')
    const tag = `localhost/${uniqueName('server')}:latest`
    made.image(tag)
    await buildServerImage({ context: dir, tag, baseImage: base.node })

    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const secret = () => randomBytes(24).toString('hex')
    // compose reads .env beside compose.yaml by itself (its variables), and gives it to the server.
    const envFile = join(deploy, '.env')
    const env = await fillIn(join(deploy, 'compose.env.example'), {
      POSTGRES_PASSWORD: secret(),
      LAUNCH_PAGE_DB_PASSWORD: secret(),
      PUBLIC_URL: url,
      TRUST_PROXY: 'false',
      EMAIL_TRANSPORT: 'outbox',
      // The example's placeholder is refused on purpose; a real secret's shape.
      RESEND_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
      SIGNUP_CONFIRMATION: 'on',
      // The images the test made, and a port of its own.
      POSTGRES_IMAGE: base.postgres,
      LAUNCH_PAGE_IMAGE: tag,
      LAUNCH_PAGE_PORT: String(port),
    })
    await writeFile(envFile, env, { mode: 0o600 })

    // podman-compose labels everything with the project's name; `down -v` removes it all.
    const project = uniqueName('compose')
    const compose = (args: string[], timeoutMs = 10 * MINUTES) =>
      run('podman-compose', ['--project-name', project, ...args], { cwd: deploy, timeoutMs })
    made.step(async () => {
      await compose(['down', '-v', '-t', '30'], 5 * MINUTES).catch(() => {})
      // Whatever `down` left (a container of a failed start, a volume): by the project's label.
      const label = `label=com.docker.compose.project=${project}`
      const left = (await podman(['ps', '-aq', '--filter', label], { allowFailure: true })).stdout.split('\n')
      for (const id of left.filter(Boolean)) await podman(['rm', '-f', id], { allowFailure: true })
      const volumes = (await podman(['volume', 'ls', '-q', '--filter', label], { allowFailure: true })).stdout
      for (const v of volumes.split('\n').filter(Boolean))
        await podman(['volume', 'rm', '-f', v], { allowFailure: true })
      await podman(['network', 'rm', '-f', `${project}_default`], { allowFailure: true })
    })
    // The two services by name: podman-compose 1.0.3 knows no profiles, and would start Caddy too.
    await compose(['up', '-d', '--no-build', 'db', 'server'])
    const container = async (service: string) => {
      const filters = [`label=com.docker.compose.project=${project}`, `label=com.docker.compose.service=${service}`]
      const ids = await podman(['ps', '-aq', ...filters.flatMap((f) => ['--filter', f])])
      return ids.stdout.trim().split('\n')[0]!
    }
    const server = await container('server')
    const db = await container('db')
    const logs = async () => `server:\n${await containerLogs(server)}\ndb:\n${await containerLogs(db)}`
    await waitHealthy(url, logs)
    const psql = async (sql: string) =>
      (await podman(['exec', db, 'psql', '-U', 'postgres', '-d', 'launch-page', '-tA', '-c', sql])).stdout.trim()

    // Least privilege: the server's role is neither superuser nor CREATEROLE, and owns the database.
    expect(await psql(`select rolsuper, rolcreaterole from pg_roles where rolname = 'launch-page'`)).toBe('f|f')
    expect(await psql(`select pg_get_userbyid(datdba) from pg_database where datname = 'launch-page'`)).toBe(
      'launch-page',
    )

    const email = `compose-${Date.now()}@example.com`
    expect(await signUpLikeThePage(url, email)).toEqual({ insert: 201, email: 200 })
    // The confirmation request, in the outbox in the server's data volume; its link confirms.
    const volume = (
      await podman(['volume', 'ls', '-q', '--filter', `label=com.docker.compose.project=${project}`])
    ).stdout
      .split('\n')
      .find((v) => v.endsWith('_data'))!
    const emailsTo = async () => {
      const copy = await mkdtemp(join(tmpdir(), 'compose-volume-'))
      try {
        await exportVolume(volume, copy)
        return (await outboxRecords(join(copy, 'outbox'))).filter((r) => r.to === email)
      } finally {
        await rm(copy, { recursive: true, force: true })
      }
    }
    let token: string | undefined
    await waitFor(
      async () => {
        const listed = await podman(['exec', server, 'ls', '/data/outbox'], { allowFailure: true })
        if (!listed.stdout.includes('.json')) return false
        token = (await emailsTo()).map((r) => /\/confirm\?token=([\w%-]+)/.exec(JSON.stringify(r))?.[1]).find(Boolean)
        return token !== undefined
      },
      { timeoutMs: 60_000, intervalMs: 1000, what: 'the confirmation email in the data volume' },
    )
    const confirmed = await fetch(`${url}/confirm?token=${token}`, {
      method: 'POST',
      headers: { origin: url, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    })
    expect(confirmed.status).toBe(200)
    const row = `select email, confirmed_at is not null from public.beta_signups`
    expect(await psql(row)).toBe(`${email}|t`)

    // The database's container restarts (SIGINT: PostgreSQL's fast shutdown); nothing is lost.
    await podman(['restart', '--time', '30', db], { timeoutMs: 3 * MINUTES })
    await waitFor(
      async () => (await podman(['exec', db, 'pg_isready', '-h', '127.0.0.1'], { allowFailure: true })).code === 0,
      {
        timeoutMs: 2 * MINUTES,
        intervalMs: 1000,
        what: 'PostgreSQL back after the restart',
      },
    )
    expect(await psql(row)).toBe(`${email}|t`)
    // The server reconnects by itself: the next visitor's sign-up is stored.
    const next = `compose-next-${Date.now()}@example.com`
    await waitFor(async () => (await signUpLikeThePage(url, next).catch(() => ({ insert: 0 }))).insert === 201, {
      timeoutMs: 2 * MINUTES,
      intervalMs: 2000,
      what: "a sign-up after the database's restart",
    })
    expect(await psql(`select count(*) from public.beta_signups`)).toBe('2')

    // The Caddy profile's Caddyfile, with PUBLIC_URL as its site, is one Caddy accepts.
    if (!existsSync('/usr/bin/caddy')) throw new Error('caddy is missing: bash scripts/ensure-proxies.sh')
    const caddy = await run(
      'caddy',
      ['adapt', '--config', join(deploy, 'Caddyfile.compose'), '--adapter', 'caddyfile'],
      {
        env: { ...process.env, PUBLIC_URL: 'https://launch.example' },
      },
    )
    expect(caddy.stdout).toContain('launch.example')
    expect(caddy.stdout).toContain('server:3000')
  },
)
