import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { runAll, type Step } from '../scripts/run-steps.ts'
import { waitFor } from './support/server-process.ts'

// `npm test` (scripts/test-all.ts, through scripts/run-steps.ts) can be stopped: Ctrl-C or SIGTERM
// ends the running part's whole tree at once, with the summary so far; and a run leaves nothing
// running behind it.
const dir = mkdtempSync(join(tmpdir(), 'run-steps-'))
/** Every pid the stand-in parts wrote: a failing test must not leave them behind either. */
const started: number[] = []
afterAll(() => {
  for (const pid of started.filter(alive)) process.kill(pid, 'SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})
const RUNNER = join(import.meta.dirname, '..', 'scripts', 'run-steps.ts')

/** A process counts as gone once /proc has no entry for it or it is a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return false
  }
}

/**
 * A node step that starts a child in its own group (as Playwright's web server is) and one in
 * its group, writes the three pids to `pidFile`, and then runs until killed, deaf to SIGINT and
 * SIGTERM as are its children: the worst a part can do.
 */
function stubbornStep(name: string, pidFile: string): Step {
  const deaf = `process.on('SIGINT',()=>{});process.on('SIGTERM',()=>{});setInterval(()=>{},1000)`
  const code = `
    const { spawn } = require('node:child_process')
    ${deaf}
    const inGroup = spawn(process.execPath, ['-e', ${JSON.stringify(deaf)}], { stdio: 'ignore' })
    const own = spawn(process.execPath, ['-e', ${JSON.stringify(deaf)}], { stdio: 'ignore', detached: true })
    own.unref()
    setTimeout(() => require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, JSON.stringify([process.pid, inGroup.pid, own.pid])), 300)
  `
  return { name, command: process.execPath, args: ['-e', code] }
}

test.each([
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)(
  '%s stops the running part, its children in and out of its group, and the run within 10 s, with the summary so far',
  async (signal, exitCode) => {
    const pidFile = join(dir, `${signal}-pids.json`)
    const later = join(dir, `${signal}-later-ran`)
    const steps: Step[] = [
      { name: 'quick', command: process.execPath, args: ['-e', ''] },
      stubbornStep('long', pidFile),
      {
        name: 'later',
        command: process.execPath,
        args: ['-e', `require('node:fs').writeFileSync(${JSON.stringify(later)}, '')`],
      },
    ]
    const script = join(dir, `${signal}-runner.mts`)
    writeFileSync(
      script,
      `import { runAll } from ${JSON.stringify(RUNNER)}\nprocess.exit(await runAll(${JSON.stringify(steps)}, { stopOnSignals: true }))\n`,
    )
    const runner = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    runner.stdout!.on('data', (d: Buffer) => (out += d.toString()))
    runner.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    const exited = new Promise<number | null>((resolve) => runner.once('exit', (code) => resolve(code)))
    await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').length > 0, {
      timeoutMs: 30_000,
      what: () => `the long part's pids; the runner's output:\n${out}`,
    })
    const pids = JSON.parse(readFileSync(pidFile, 'utf8')) as number[]
    started.push(...pids)
    expect(pids.every(alive)).toBe(true)

    const sent = Date.now()
    runner.kill(signal)
    expect(await exited).toBe(exitCode)
    expect(Date.now() - sent).toBeLessThan(10_000)
    await waitFor(() => !pids.some(alive), { timeoutMs: 2_000, what: `${pids.join(', ')} gone` })
    expect(existsSync(later)).toBe(false)
    const summary = out.slice(out.indexOf('=== npm test ===')).split('\n').slice(1).filter(Boolean)
    expect(summary).toEqual([
      expect.stringMatching(/^passed +quick/),
      expect.stringMatching(/^stopped +long/),
      expect.stringMatching(new RegExp(`^not run +later .*stopped by ${signal}`)),
    ])
  },
  60_000,
)

test('a part that leaves a process running fails the run, which names and kills it', async () => {
  const pidFile = join(dir, 'left-pid')
  const leaves = `
    const { spawn } = require('node:child_process')
    const left = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore', detached: true })
    left.unref()
    require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(left.pid))
  `
  const lines: string[] = []
  const code = await runAll([{ name: 'leaky', command: process.execPath, args: ['-e', leaves] }], {
    log: (l) => lines.push(l),
  })
  const pid = Number(readFileSync(pidFile, 'utf8'))
  started.push(pid)
  expect(code).toBe(1)
  expect(lines).toContainEqual(expect.stringMatching(new RegExp(`leaky left process ${pid} running \\(killed\\)`)))
  expect(lines.at(-1)).toMatch(/^failed +leaky .*left 1 process\(es\) running/)
  await waitFor(() => !alive(pid), { timeoutMs: 2_000, what: `${pid} gone` })
}, 30_000)
