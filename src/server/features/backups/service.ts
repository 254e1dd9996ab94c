import { randomBytes } from 'node:crypto'
import { mkdir, rm, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Config } from '../../config.ts'
import { runOnceAcross } from '../../db/scheduled-runs.ts'
import type { Logger } from '../../log.ts'
import { audit } from '../../owner/audit.ts'
import { PRIVATE_DIR_MODE } from '../../private-files.ts'
import { writeBackup, type BackupSource } from './backup.ts'
import { pruneBackups, scheduledName } from './files.ts'
import { journalMirror } from './journal.ts'
import { nextRun } from './schedule.ts'

export type BackupConfig = Pick<Config, 'BACKUP_DIR' | 'BACKUP_TIME' | 'BACKUP_KEEP'>

/** How long a process's claim on the day's backup holds unrenewed (renewed while the dump runs). */
const BACKUP_LEASE_MS = 5 * 60 * 1000

/**
 * The server's backups: the daily one into BACKUP_DIR, the CLI's through the server, one at a
 * time, each in the audit log; and the suppression journal's copy beside them. One timer, due
 * once a day (idle stays free: docs/decisions/backups.md). With several processes on one database
 * the day's backup is taken once, by the first to claim it (docs/decisions/several-processes.md).
 */
export function createBackups(input: { source: BackupSource; config: BackupConfig; logger: Logger }) {
  const { source, config, logger } = input
  const dir = resolve(config.BACKUP_DIR)
  const journal = journalMirror(source.db, dir, logger)
  let queue: Promise<unknown> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  /** One backup at a time: a second waits for the first. */
  function take(path: string, actor: string) {
    const run = queue.then(async () => {
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
      // The journal is whole up to this backup, so a restore of it misses nothing later.
      await journal.sync()
      const started = Date.now()
      const { takenAt } = await writeBackup(source, path)
      const bytes = (await stat(path)).size
      await audit(source.db, actor, 'backup.create', { file: path, takenAt, bytes })
      logger.info({ event: 'backup.written', file: path, bytes, ms: Date.now() - started }, 'backup written')
      return { takenAt, bytes }
    })
    queue = run.catch(() => {})
    return run
  }

  /** For the CLI: a backup into a private temporary file, which the caller streams and removes. */
  async function takeTemporary(actor: string) {
    const path = join(dir, `.cli-${randomBytes(6).toString('hex')}.sql`)
    try {
      return { path, ...(await take(path, actor)) }
    } catch (err) {
      await rm(path, { force: true })
      throw err
    }
  }

  async function backupAndPrune(): Promise<void> {
    await take(join(dir, scheduledName(new Date())), 'scheduled')
    const removed = await pruneBackups(dir, config.BACKUP_KEEP)
    if (removed.length) logger.info({ event: 'backup.pruned', removed }, 'older backups removed')
  }

  /** The run due at `dueAt`, unless another process took it; once more after its lease if it holds it now. */
  async function scheduled(dueAt: Date): Promise<void> {
    let retryAt: number | undefined
    try {
      const outcome = await runOnceAcross(source.db, { job: 'backup', dueAt, leaseMs: BACKUP_LEASE_MS }, backupAndPrune)
      if (outcome.state === 'busy') {
        retryAt = outcome.leaseUntil + 1000
        logger.info({ event: 'backup.held', dueAt }, 'another process is taking the scheduled backup')
      }
      if (outcome.state === 'skipped')
        logger.info({ event: 'backup.skipped', dueAt }, 'the scheduled backup was taken by another process')
    } catch (err) {
      logger.error({ err, event: 'backup.failed' }, 'the scheduled backup failed')
    }
    if (retryAt === undefined) arm()
    else wakeAt(retryAt, () => scheduled(dueAt))
  }

  function wakeAt(at: number, fn: () => Promise<void>) {
    if (stopped) return
    timer = setTimeout(() => void fn(), Math.max(at - Date.now(), 0))
    timer.unref()
  }

  function arm() {
    if (stopped || config.BACKUP_KEEP === 0) return
    const dueAt = nextRun(new Date(), config.BACKUP_TIME)
    wakeAt(dueAt.getTime(), () => scheduled(dueAt))
  }

  return {
    dir,
    take,
    takeTemporary,
    journal,
    start: arm,
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await queue
    },
  }
}

export type Backups = ReturnType<typeof createBackups>
