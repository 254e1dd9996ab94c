import { createReadStream } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { rm } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { Hono } from 'hono'
import type { BackupStatus } from '../../../shared/backups.ts'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'
import type { Config } from '../../config.ts'
import type { OwnerDeps, OwnerEnv } from '../../owner/deps.ts'
import { verifyCliToken } from '../../owner/cli-token.ts'
import { lastBackup } from './queries.ts'
import type { Backups } from './service.ts'
import { endpointAnswer } from '../../http/console-endpoint.ts'

/** The console's card: the newest backup, and whether backups run daily. */
export function adminBackupRoutes(
  deps: Pick<OwnerDeps, 'db'>,
  config: Pick<Config, 'BACKUP_DIR' | 'BACKUP_TIME' | 'BACKUP_KEEP'>,
): Hono<OwnerEnv> {
  const app = new Hono<OwnerEnv>()
  app.get(routePath(endpoints.backups), async (c) => {
    const body: BackupStatus = {
      last: await lastBackup(deps.db),
      schedule:
        config.BACKUP_KEEP > 0 ? { dir: config.BACKUP_DIR, time: config.BACKUP_TIME, keep: config.BACKUP_KEEP } : null,
    }
    return endpointAnswer(c, 'backups', body)
  })
  return app
}

/**
 * `POST /admin/cli/backup`, for `npm run owner -- backup` while the server holds the database:
 * the dump streams back as the answer, and the CLI writes the file. Not a console route (no
 * session, no cookie): the CLI's signed token (cli-token.ts) is the credential.
 */
export function backupCliRoutes(deps: Pick<OwnerDeps, 'secret'>, backups: Backups): Hono {
  const app = new Hono()
  app.post('/admin/cli/backup', async (c) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
    if (!verifyCliToken(await deps.secret(), token, 'backup')) return c.json({ message: 'not allowed' }, 403)
    // The dump of a large list takes longer than the idle timeout of public connections, and
    // sends nothing meanwhile: this one authenticated request waits for it.
    ;(c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.setTimeout(0)
    const { path, takenAt, bytes } = await backups.takeTemporary('owner-cli')
    const stream = createReadStream(path)
    // Gone once sent, or once the CLI hung up.
    stream.once('close', () => void rm(path, { force: true }))
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        'content-type': 'application/sql; charset=utf-8',
        'content-length': String(bytes),
        'x-backup-taken-at': takenAt,
        'cache-control': 'no-store',
      },
    })
  })
  return app
}
