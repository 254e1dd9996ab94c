// The runner under `npm test` (scripts/test-all.ts): each part a child in its own process group,
// so Ctrl-C or SIGTERM stops the part's whole tree at once, and every process the run started is
// found again by a mark in its environment, so none outlives the run (one that left its parent's
// group, as Playwright's web server does, included).
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/** A part of the run: its command, and the part it needs to have passed first (the build). */
export type Step = {
  name: string
  command: string
  args: string[]
  cwd?: string
  env?: NodeJS.ProcessEnv
  needs?: string
  after?: () => void
}

type Part = { name: string; status: 'passed' | 'failed' | 'stopped' | 'not run'; seconds: number; note?: string }

/** The environment variable every process of a run inherits, valued by the run. */
const RUN_MARK = 'NPM_TEST_RUN'
/** How long a part has to stop on the signal before its group is killed. */
const GRACE_MS = 4_000
/** How long a finished part's processes have to end before they count as left running. */
const SETTLE_MS = 5_000
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const

/** Processes (not this one) whose environment carries `mark`, with their command lines; none where /proc is not. */
function markedProcesses(mark: string): { pid: number; command: string }[] {
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return []
  }
  const wanted = `${RUN_MARK}=${mark}`
  return pids.flatMap((name) => {
    const pid = Number(name)
    if (pid === process.pid) return []
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(wanted)) return []
      return [{ pid, command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim() }]
    } catch {
      return [] // gone meanwhile, or not ours to read
    }
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal)
  } catch {
    // the group is gone
  }
}

/** Waits up to `ms` for the marked processes to end; kills and returns those still there. */
async function sweep(mark: string, ms: number): Promise<{ pid: number; command: string }[]> {
  const deadline = Date.now() + ms
  let left = markedProcesses(mark)
  while (left.length && Date.now() < deadline) {
    await sleep(100)
    left = markedProcesses(mark)
  }
  for (const { pid } of left) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // ended meanwhile
    }
  }
  return left
}

/**
 * Runs every step in order, each whatever the ones before it did (but a step whose `needs` did
 * not pass, which is reported "not run"), then prints one line per step. A process a step left
 * running fails it, named, and is killed. With `stopOnSignals`, SIGINT or SIGTERM stops the
 * running step's whole process group (SIGKILL after a short grace) and every process of the
 * run, skips the rest and prints the summary so far. Resolves with the exit code: 0, 1, or
 * 130 / 143 after SIGINT / SIGTERM.
 */
export async function runAll(
  steps: readonly Step[],
  { log = console.log, stopOnSignals = false }: { log?: (line: string) => void; stopOnSignals?: boolean } = {},
): Promise<number> {
  const mark = `${process.pid}-${Date.now()}`
  const parts: Part[] = []
  let stoppedBy: NodeJS.Signals | undefined
  let current: ChildProcess | undefined
  let escalate: NodeJS.Timeout | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    if (stoppedBy) {
      if (current) killGroup(current, 'SIGKILL') // a second Ctrl-C: no more grace
      return
    }
    stoppedBy = signal
    log(`\n=== ${signal}: stopping ===`)
    if (!current) return
    killGroup(current, signal)
    const child = current
    escalate = setTimeout(() => killGroup(child, 'SIGKILL'), GRACE_MS)
  }
  if (stopOnSignals) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal)
  try {
    for (const step of steps) {
      const needed = step.needs ? parts.find((p) => p.name === step.needs) : undefined
      if (stoppedBy || (needed && needed.status !== 'passed')) {
        const note = stoppedBy ? `stopped by ${stoppedBy}` : `${step.needs} did not pass`
        parts.push({ name: step.name, status: 'not run', seconds: 0, note })
        continue
      }
      log(`\n=== ${step.name} ===`)
      const started = Date.now()
      // Its own process group (detached): a signal reaches the step's whole tree through it.
      const child = spawn(step.command, step.args, {
        stdio: 'inherit',
        cwd: step.cwd,
        env: { ...(step.env ?? process.env), [RUN_MARK]: mark },
        detached: true,
      })
      current = child
      const code = await new Promise<number | null>((resolve) => {
        child.once('error', () => resolve(null))
        child.once('exit', (status) => resolve(status))
      })
      current = undefined
      clearTimeout(escalate)
      // What the step left behind, in its group or out of it: after a signal, killed at once.
      const left = await sweep(mark, stoppedBy ? 0 : SETTLE_MS)
      for (const { pid, command } of left) log(`!!! ${step.name} left process ${pid} running (killed): ${command}`)
      step.after?.()
      const status = stoppedBy ? 'stopped' : code === 0 && !left.length ? 'passed' : 'failed'
      const note = left.length ? `left ${left.length} process(es) running` : undefined
      parts.push({
        name: step.name,
        status,
        seconds: Math.round((Date.now() - started) / 1000),
        ...(note ? { note } : {}),
      })
    }
  } finally {
    if (stopOnSignals) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, onSignal)
  }
  log('\n=== npm test ===')
  for (const p of parts) log(`${p.status.padEnd(7)}  ${p.name} (${p.seconds} s)${p.note ? `: ${p.note}` : ''}`)
  if (stoppedBy) return EXIT_CODES[stoppedBy as keyof typeof EXIT_CODES]
  return parts.every((p) => p.status === 'passed') ? 0 : 1
}
