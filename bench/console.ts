// The owner console on PostgreSQL with 100,000 sign-ups: the first page of a search
// (p95 ≤ 50 ms) and the full CSV export (≥ 50,000 rows/s with flat memory). Part of `npm run
// bench` (bench/run.ts); alone: `npm run build && tsx bench/console.ts`.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { startPgCluster, type PgCluster } from '../scripts/pg-cluster.ts'
import { startServer, untilHealthy, type RunningServer } from './server.ts'
import { markdown, mb, ms, row, type Row } from './table.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OWNER = 'bench-owner@example.com'
export const CONSOLE_SIGNUPS = 100_000
const SEARCHES = 300

/** Fills the database (through the same table, triggers and all) and starts a server with an owner. */
export async function startConsoleBench(cluster: PgCluster): Promise<{ server: RunningServer; url: string }> {
  const admin = new pg.Client({ connectionString: cluster.url })
  await admin.connect()
  await admin.query('create database console_bench')
  await admin.end()
  const u = new URL(cluster.url)
  u.pathname = '/console_bench'
  const url = u.toString()
  const env = {
    DATABASE_URL: url,
    OWNER_EMAILS: OWNER,
    EMAIL_TRANSPORT: 'outbox',
    OUTBOX_DIR: '/tmp/console-bench-outbox',
  }
  const server = await startServer(env)
  // The first 200 on / comes before the migrations end; /healthz says when the database is ready.
  await untilHealthy(server.url)
  const db = new pg.Client({ connectionString: url })
  db.on('error', () => {})
  await db.connect()
  // In batches: the insert trigger takes an advisory lock per row, held to the end of the transaction.
  for (let from = 1; from <= CONSOLE_SIGNUPS; from += 2000) {
    await db.query(
      `insert into public.beta_signups (email, created_at)
       select 'member' || i || '.' || substr(md5(i::text), 1, 6) || '@example' || (i % 97) || '.com',
              now() - make_interval(mins => i)
       from generate_series($1::int, $2::int) i`,
      [from, Math.min(CONSOLE_SIGNUPS, from + 1999)],
    )
  }
  await db.query(
    `insert into app_private.email_queue (kind, to_email, dedupe_key, status, attempts, sent_at)
     select 'welcome', email, 'welcome:' || app_private.canonical_email(email), 'sent', 1, now()
     from public.beta_signups where id % 3 = 0`,
  )
  await db.query('analyze')
  await db.end()
  return { server, url }
}

/** Signs in through `npm run owner -- link` and the link's POST, as an owner would. */
async function signIn(server: RunningServer, databaseUrl: string): Promise<string> {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/owner.ts', 'link', OWNER], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, OWNER_EMAILS: OWNER, PUBLIC_URL: server.url },
    encoding: 'utf8',
  })
  const token = new URL(out.trim().split('\n').at(-1)!).searchParams.get('token')!
  const res = await fetch(`${server.url}/admin/auth/link`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }),
  })
  if (res.status !== 303) throw new Error(`sign-in failed: ${res.status}`)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!

export async function measureConsole(server: RunningServer, databaseUrl: string): Promise<Row[]> {
  const cookie = await signIn(server, databaseUrl)
  // Parts of addresses an owner would type: a name, digits, a domain piece.
  const parts = ['member12', '4567', 'example42', 'ab3', 'member9999', 'e7.', 'mber5', '0.c']
  for (let i = 0; i < 20; i++) await fetch(`${server.url}/admin/api/signups?q=member1`, { headers: { cookie } })
  const times: number[] = []
  for (let i = 0; i < SEARCHES; i++) {
    const q = parts[i % parts.length]!
    const t = performance.now()
    const res = await fetch(`${server.url}/admin/api/signups?q=${encodeURIComponent(q)}&page=1&size=25`, {
      headers: { cookie },
    })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`search answered ${res.status}`)
    times.push(performance.now() - t)
  }
  const searchP95 = p95(times)

  const rssBefore = await server.rssBytes()
  let rssMax = rssBefore
  const sampler = setInterval(
    () =>
      void server.rssBytes().then(
        (r) => (rssMax = Math.max(rssMax, r)),
        () => {},
      ),
    50,
  )
  const t = performance.now()
  const res = await fetch(`${server.url}/admin/api/signups/export`, { headers: { cookie } })
  let lines = 0
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
    for (const b of chunk) if (b === 10) lines++
  const seconds = (performance.now() - t) / 1000
  clearInterval(sampler)
  const rows = lines - 1
  const rate = rows / seconds
  const growth = rssMax - rssBefore
  return [
    row(
      `console search, first page, p95 of ${SEARCHES} (${CONSOLE_SIGNUPS.toLocaleString('en-US')} sign-ups, PostgreSQL)`,
      ms(searchP95),
      '≤ 50 ms',
      searchP95 <= 50,
    ),
    row(
      `console CSV export, ${rows.toLocaleString('en-US')} rows`,
      `${Math.round(rate).toLocaleString('en-US')} rows/s`,
      '≥ 50,000 rows/s',
      rate >= 50_000 && rows === CONSOLE_SIGNUPS,
    ),
    row('server RSS growth during the export', mb(growth), '≤ 32 MB (flat)', growth <= 32 * 1024 * 1024),
  ]
}

// Alone: a cluster of its own, the built server, one table.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const cluster = await startPgCluster({ database: 'bench' })
  let server: RunningServer | undefined
  try {
    const started = await startConsoleBench(cluster)
    server = started.server
    console.log(markdown(await measureConsole(server, started.url)))
  } catch (err) {
    console.error(err)
    process.exitCode = 1
  } finally {
    await server?.stop()
    await cluster.stop()
  }
}
