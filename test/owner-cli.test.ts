import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { DB_KINDS } from '../src/server/test-app.ts'
import { serverDatabase } from './support/server-database.ts'
import { runOwnerCli } from './support/owner-cli.ts'
import { startServer, waitHealthy } from './support/server-process.ts'

// `npm run owner -- link EMAIL` while the server runs, on PGlite too (whose folder a second
// process must not open): the link it prints signs in on the running server.

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

describe.each(DB_KINDS)('npm run owner -- link, %s', (kind) => {
  test('prints a one-time link as its last line that signs in on the running server', { timeout: 90_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'owner-cli-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    const database = await serverDatabase(kind, dir)
    cleanup.push(() => database.drop())
    const env = {
      ...database.env,
      OWNER_EMAILS: 'owner@example.com',
      STATIC_DIR: join(dir, 'static'),
      OUTBOX_DIR: join(dir, 'outbox'),
    }
    const server = await startServer(env)
    cleanup.push(() => server.kill())
    await waitHealthy(server)

    const stranger = await runOwnerCli(['link', 'stranger@example.com'], { ...env, PUBLIC_URL: server.url })
    expect(stranger.code).toBe(1)
    expect(stranger.err).toMatch(/not in OWNER_EMAILS/)

    const cli = await runOwnerCli(['link', 'Owner@example.com'], { ...env, PUBLIC_URL: server.url })
    expect(cli.code, cli.err).toBe(0)
    const url = cli.out.trim().split('\n').at(-1)!
    expect(url).toMatch(new RegExp(`^${server.url}/admin/sign-in\\?token=`))

    const page = await fetch(url)
    expect(page.status).toBe(200)
    const token = new URL(url).searchParams.get('token')!
    const post = () =>
      fetch(`${server.url}/admin/auth/link`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }),
      })
    const signedIn = await post()
    expect(signedIn.status).toBe(303)
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!
    const me = await fetch(`${server.url}/admin/api/me`, { headers: { cookie } })
    expect(await me.json()).toMatchObject({ email: 'owner@example.com' })
    expect((await post()).status).toBe(400)
    // The server kept running on its database all along.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })
})
