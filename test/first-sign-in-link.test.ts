import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { freePort } from '../scripts/pg-cluster.ts'
import { DB_KINDS, type DbKind } from '../src/server/test-app.ts'
import { endpoints } from '../src/shared/console-endpoints.ts'
import { paths } from '../src/shared/paths.ts'
import { signInWith } from './support/owner-cli.ts'
import { serverDatabase } from './support/server-database.ts'
import { startServer, waitFor, waitHealthy, type ServerProcess } from './support/server-process.ts'

// Issue 53: the first sign-in without a shell. Real server processes on a database where no owner
// has signed in yet: a start prints one link to its log, which signs in once; a restart before the
// first sign-in prints a new one (the old one still works until it expires); after the first
// sign-in a start prints none; no HTTP answer carries the link. On PostgreSQL two processes start
// at once and one of them prints it. docs/decisions/owner-console.md, "The first sign-in from the log"

const OWNER = 'owner@example.com'
const LINK = 'owner.first_sign_in_link'

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

type LogLine = { event?: string; url?: string; expiresAt?: string; msg?: string }

/** The complete JSON lines so far (the last one may still be arriving). */
const lines = (s: ServerProcess): LogLine[] =>
  s
    .log()
    .split('\n')
    .slice(0, -1)
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine)

const linkLines = (s: ServerProcess) => lines(s).filter((l) => l.event === LINK)

/** The one event of owner-auth's start this process logs (a link, where one is, or why none). */
async function startDecision(s: ServerProcess): Promise<LogLine> {
  const ours = (l: LogLine) => l.event?.startsWith(LINK) ?? false
  await waitFor(() => lines(s).some(ours), { timeoutMs: 60_000, what: () => `${LINK}* in\n${s.log()}` })
  const found = lines(s).filter(ours)
  expect(found, s.log()).toHaveLength(1)
  return found[0]!
}

async function setUp(kind: DbKind) {
  const dir = await mkdtemp(join(tmpdir(), 'first-link-'))
  cleanup.push(() => rm(dir, { recursive: true, force: true }))
  const database = await serverDatabase(kind, dir)
  cleanup.push(() => database.drop())
  const port = await freePort()
  const env = {
    ...database.env,
    OUTBOX_DIR: join(dir, 'outbox'),
    STATIC_DIR: join(dir, 'static'),
    OWNER_EMAILS: `${OWNER}, second@example.com`,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The debug line says why a start printed no link (an owner has signed in).
    LOG_LEVEL: 'debug',
  }
  const launch = async (p = port) => {
    const server = await startServer({ ...env, PORT: String(p) }, { timeoutMs: 90_000 })
    cleanup.push(() => server.kill())
    await waitHealthy(server, 120_000)
    return server
  }
  return { database, env, launch }
}

/** Every answer a stranger can get without the link: none may carry its token, whole or in part. */
async function expectNoAnswerCarries(server: ServerProcess, url: string) {
  const token = new URL(url).searchParams.get('token')!
  const [claims, signature] = token.split('.')
  const json = { origin: server.url, 'content-type': 'application/json' }
  const requests: [string, RequestInit?][] = [
    ['/'],
    ['/healthz'],
    ['/admin'],
    ['/admin/'],
    [paths.ownerSignIn.pattern],
    [`${paths.ownerSignIn.pattern}?token=not-a-token`],
    [endpoints.me.path],
    ['/metrics'],
    ['/rest/v1/beta_signups'],
    [endpoints.emailSignInLink.path, { method: 'POST', headers: json, body: JSON.stringify({ email: OWNER }) }],
    [endpoints.passkeySignInOptions.path, { method: 'POST', headers: json, body: '{}' }],
  ]
  for (const [path, init] of requests) {
    const res = await fetch(`${server.url}${path}`, { redirect: 'manual', ...init })
    const headers: string[] = []
    res.headers.forEach((value, name) => headers.push(`${name}: ${value}`))
    const answer = `${res.status}\n${headers.join('\n')}\n${await res.text()}`
    expect(answer, path).not.toContain(signature)
    expect(answer, path).not.toContain(claims)
  }
}

async function expectSignedInOnce(link: string, serverUrl: string) {
  expect(await signInWith(link, serverUrl)).toBe(OWNER)
  expect(await signInWith(link, serverUrl)).toBeNull()
}

describe.each(DB_KINDS)('the first sign-in link in the log, %s', (kind) => {
  test(
    'a fresh start prints one link; a restart a new one; after the first sign-in none, and no answer carries it',
    { timeout: 300_000 },
    async () => {
      const { database, env, launch } = await setUp(kind)

      // A fresh start: one line with the URL and its expiry, about 15 minutes off.
      const first = await launch()
      const printed = await startDecision(first)
      expect(printed.event).toBe(LINK)
      expect(printed.url).toMatch(new RegExp(`^${env.PUBLIC_URL}/admin/sign-in\\?token=`))
      const minutes = (Date.parse(printed.expiresAt!) - Date.now()) / 60_000
      expect(minutes).toBeGreaterThan(13)
      expect(minutes).toBeLessThanOrEqual(15)
      expect(printed.msg).toContain(printed.url)
      await expectNoAnswerCarries(first, printed.url!)
      expect(await first.stop()).toBe(0)

      // A restart before anyone signed in: a new link; the old one still signs in, once.
      const second = await launch()
      const again = await startDecision(second)
      expect(again.event).toBe(LINK)
      expect(again.url).not.toBe(printed.url)
      await expectSignedInOnce(printed.url!, second.url)
      expect(await second.stop()).toBe(0)

      // Signed in: a restart prints none, and says why at debug level.
      const third = await launch()
      expect((await startDecision(third)).event).toBe(`${LINK}_not_needed`)
      expect(linkLines(third)).toEqual([])
      expect(await third.stop()).toBe(0)
      const signIns = await database.inspect((db) =>
        db.query<{ actor: string }>("select actor from app_private.owner_audit where action = 'sign-in'"),
      )
      expect(signIns.rows).toEqual([{ actor: OWNER }])
    },
  )
})

test(
  'PostgreSQL: of two processes starting at once one prints the link, the other says where it is',
  {
    timeout: 300_000,
  },
  async () => {
    const { launch } = await setUp('postgres')
    const [a, b] = await Promise.all([launch(), launch(await freePort())])
    const decisions = await Promise.all([startDecision(a), startDecision(b)])
    const printed = decisions.filter((d) => d.event === LINK)
    expect(printed, `${a.log()}\n${b.log()}`).toHaveLength(1)
    const elsewhere = decisions.find((d) => d.event === `${LINK}_elsewhere`)!
    expect(elsewhere.expiresAt).toBe(printed[0]!.expiresAt)
    // Either process takes the link.
    await expectSignedInOnce(printed[0]!.url!, b.url)
    expect(await Promise.all([a.stop(), b.stop()])).toEqual([0, 0])
  },
)
