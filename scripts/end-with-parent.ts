import type { ChildProcess } from 'node:child_process'

const running = new Set<ChildProcess>()
let listening = false

/**
 * Kills `child` when this process exits, however it exits: a test's hook that timed out never
 * reaches its own stop, and a server it started would otherwise outlive the run.
 */
export function endWithParent<T extends ChildProcess>(child: T): T {
  if (!listening) {
    listening = true
    process.once('exit', () => {
      for (const c of running) c.kill('SIGKILL')
    })
  }
  running.add(child)
  child.once('exit', () => running.delete(child))
  return child
}
