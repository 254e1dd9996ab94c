// Issue 39's two targets (docs/BENCHMARKS.md): `npm run build` with warm caches, and a fresh
// clone's `npm start` from spawn to the first 200 on /. Part of `npm run bench` (bench/run.ts);
// alone: `npx tsx bench/build-start.ts` (BENCH_NPM_CI=1 to install the clone with `npm ci`).
//
// The fresh clone is the checkout's HEAD (committed work only) cloned into a temp folder. Its
// node_modules is, by default, a hard-link copy of this checkout's without node_modules/.cache
// and .vite: the same packages `npm ci` installs from the same lock, and none of the caches a
// first build fills (the screenshots' encodings above all), so `npm start` does what it does
// after `npm ci`. The install is not timed either way.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../scripts/pg-cluster.ts'
import { row, s, type Row } from './table.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const say = (m: string) => console.error(`[bench] ${m}`)
/** The chained build before issue 39 (d41adc8), 13.9 s on a quiet machine: the target is half. */
const BUILD_LIMIT_MS = 7_000
const START_LIMIT_MS = 12_000
/** A fresh clone's first build encodes every screenshot: generous, so a slow machine gets a figure, not a hang. */
const START_DEADLINE_MS = 300_000

function run(cmd: string, args: string[], cwd: string): void {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stderr}`)
}

/** Wall time of `npm run build` in this checkout, `runs` times after one untimed run unless the caches are warm already. */
export function measureBuild(runs = 2, warm = false): Row[] {
  if (!warm) {
    say('build: one untimed run to warm the caches')
    run('npm', ['run', 'build'], ROOT)
  }
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    run('npm', ['run', 'build'], ROOT)
    times.push(performance.now() - started)
    say(`build: ${s(times.at(-1)!)}`)
  }
  const best = Math.min(...times)
  return [
    row(
      `\`npm run build\`, warm, best of ${runs} (${times.map(s).join(', ')})`,
      s(best),
      '≤ 7.00 s (half of 13.9 s)',
      best <= BUILD_LIMIT_MS,
    ),
  ]
}

/** Settings a founder's fresh clone would not have: the bench's own database, folders and port. */
function cleanEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env))
    if (!/^(DATABASE_|PGLITE_|OUTBOX_|BACKUP_|STATIC_DIR$|CONTENT_DIR$|DEV_GENERATED_DIR$|PORT$|HOST$)/.test(k))
      env[k] = v
  return { ...env, PORT: String(port), HOST: '127.0.0.1' }
}

/** A clone of HEAD, installed (untimed), then `npm start` from spawn to the first 200 on /. */
export async function measureFreshStart(): Promise<Row[]> {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim()
  const dir = await mkdtemp(join(tmpdir(), 'bench-fresh-clone-'))
  const clone = join(dir, 'app')
  const npmCi = process.env.BENCH_NPM_CI === '1'
  try {
    say(`fresh clone: cloning ${head.slice(0, 7)} into ${clone}`)
    run('git', ['clone', '--quiet', ROOT, clone], dir)
    run('git', ['checkout', '--quiet', '--detach', head], clone)
    if (npmCi) {
      say('fresh clone: npm ci (not timed)')
      run('npm', ['ci', '--no-audit', '--no-fund'], clone)
    } else {
      say('fresh clone: node_modules hard-linked from this checkout, without its caches (not timed)')
      run('cp', ['-al', join(ROOT, 'node_modules'), join(clone, 'node_modules')], clone)
      await rm(join(clone, 'node_modules/.cache'), { recursive: true, force: true })
      await rm(join(clone, 'node_modules/.vite'), { recursive: true, force: true })
    }
    const ms = await timeNpmStart(clone)
    return [
      row(
        `fresh clone: \`npm start\` to first 200 on / (after ${npmCi ? '`npm ci`' : 'node_modules hard-linked, no caches'})`,
        s(ms),
        '≤ 12.00 s',
        ms <= START_LIMIT_MS,
      ),
    ]
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function timeNpmStart(cwd: string): Promise<number> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}/`
  say('fresh clone: npm start')
  const started = performance.now()
  // Its own process group: npm, the build, then node; all of it is stopped at the end.
  const child = spawn('npm', ['start'], { cwd, env: cleanEnv(port), detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  child.stdout.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)))
  child.stderr.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)))
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${log}`)
      const status = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
        async (res) => (await res.arrayBuffer(), res.status),
        () => 0,
      )
      if (status === 200) return performance.now() - started
      if (performance.now() - started > START_DEADLINE_MS)
        throw new Error(`npm start gave no 200 on / within ${START_DEADLINE_MS / 1000} s:\n${log}`)
      await new Promise((r) => setTimeout(r, 20))
    }
  } finally {
    await stopGroup(child.pid!, exited)
  }
}

async function stopGroup(pid: number, exited: Promise<void>): Promise<void> {
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig)
    } catch {
      // The group is gone already.
    }
  }
  signal('SIGTERM')
  const force = setTimeout(() => signal('SIGKILL'), 15_000)
  await exited
  // npm may exit before the server it started: wait (bounded) until the group is empty.
  const deadline = performance.now() + 20_000
  while (groupAlive(pid) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  clearTimeout(force)
  if (groupAlive(pid)) signal('SIGKILL')
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = [...measureBuild(), ...(await measureFreshStart())]
  const load = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')
  for (const r of rows) console.log(`${r.target}: ${r.measured} (limit ${r.limit}) ${r.met ? 'met' : 'NOT met'}`)
  console.log(`load average at the end: ${load}`)
}
