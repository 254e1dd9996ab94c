import { randomBytes } from 'node:crypto'
import { mkdir, rm, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Config } from '../../config.ts'
import type { Logger } from '../../log.ts'
import { audit } from '../../owner/audit.ts'
import { PRIVATE_DIR_MODE } from '../../private-files.ts'
import { writeBackup, type BackupSource } from './backup.ts'
import { pruneBackups, scheduledName } from './files.ts'
import { journalMirror } from './journal.ts'
import { nextRun } from './schedule.ts'

export type BackupConfig = Pick<Config, 'BACKUP_DIR' | 'BACKUP_TIME' | 'BACKUP_KEEP'>

/**
 * The server's backups: the daily one into BACKUP_DIR, the CLI's through the server, one at a
 * time, each in the audit log; and the suppression journal's copy beside them. One timer, due
 * once a day (idle stays free: docs/decisions/backups.md).
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

  async function scheduled(): Promise<void> {
    const path = join(dir, scheduledName(new Date()))
    try {
      await take(path, 'scheduled')
      const removed = await pruneBackups(dir, config.BACKUP_KEEP)
      if (removed.length) logger.info({ event: 'backup.pruned', removed }, 'older backups removed')
    } catch (err) {
      logger.error({ err, event: 'backup.failed' }, 'the scheduled backup failed')
    }
  }

  function arm() {
    if (stopped || config.BACKUP_KEEP === 0) return
    const wait = nextRun(new Date(), config.BACKUP_TIME).getTime() - Date.now()
    timer = setTimeout(() => void scheduled().finally(arm), wait)
    timer.unref()
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
