import { rm } from 'node:fs/promises'
import type { Logger } from '../log.ts'
import { describeHolder, FolderInUseError, lockFolder, type FolderLock } from './folder-lock.ts'

/** `npm run owner` holds a folder for a few seconds; a server started meanwhile waits this long for it. */
const WAIT_FOR_OWNER_CLI_MS = 60_000

/**
 * The server's claim on its PGlite folder, taken before it listens or opens anything. Throws
 * FolderInUseError when another process has it. Also removes the owner secret file an earlier
 * holder left: from here on, a secret file beside a held folder was written by its holder, which
 * is what lets `npm run owner` trust it (docs/decisions/data-folder-ownership.md).
 */
export async function claimDataFolder(
  dir: string,
  secretFile: string,
  logger: Logger,
  options: { waitForCliMs?: number } = {},
): Promise<FolderLock> {
  const deadline = Date.now() + (options.waitForCliMs ?? WAIT_FOR_OWNER_CLI_MS)
  let told = false
  for (;;) {
    try {
      const lock = await lockFolder(dir, 'server')
      for (const dead of lock.tookOverFrom) {
        logger.warn(
          { event: 'db.lock_taken_over', dir, pid: dead.pid },
          `took over ${dir} from pid ${dead.pid} (${dead.role}), which is no longer running`,
        )
      }
      await rm(secretFile, { force: true })
      return lock
    } catch (err) {
      const cli = err instanceof FolderInUseError && err.holder?.role === 'owner-cli'
      if (!cli || Date.now() > deadline) throw err
      if (!told) logger.info({ event: 'db.lock_wait', dir }, `waiting for ${describeHolder(err.holder!)} to finish`)
      told = true
      await new Promise((r) => setTimeout(r, 250))
    }
  }
}
