// `npm run owner -- export [--json] [FILE]`: the whole list, as the console's "Export CSV" gives it
// (email, signed_up_at, welcome_email), or as JSON lines; to FILE (0600) or standard output.
import { resolve } from 'node:path'
import type { Config } from '../../src/server/config.ts'
import type { Db } from '../../src/server/db/db.ts'
import { FolderInUseError, lockFolder } from '../../src/server/db/folder-lock.ts'
import { openDb } from '../../src/server/db/open.ts'
import { audit } from '../../src/server/owner/audit.ts'
import { csvRecord } from '../../src/server/owner/csv.ts'
import { writePrivateFile } from '../../src/server/features/backups/files.ts'
import { allSignups } from '../../src/server/features/signups/console-queries.ts'

export async function exportCommand(config: Config, args: string[]): Promise<number> {
  const json = args.includes('--json')
  const file = args.find((a) => a !== '--json')
  let db: Db
  if (config.DATABASE_URL) db = await openDb(config)
  else {
    try {
      db = await openDb(config, { lock: await lockFolder(config.PGLITE_DIR, 'owner-cli') })
    } catch (err) {
      if (!(err instanceof FolderInUseError)) throw err
      console.error(
        `${config.PGLITE_DIR} is held by the running server; use the console's "Export CSV" (Sign-ups view), or run this while the server is stopped.`,
      )
      return 1
    }
  }
  try {
    await audit(db, 'owner-cli', 'signups.export', { format: json ? 'json' : 'csv' })
    const lines = async function* (): AsyncGenerator<string> {
      if (!json) yield csvRecord(['email', 'signed_up_at', 'welcome_email']).replace(/\n$/, '')
      for await (const batch of allSignups(db, '')) {
        for (const r of batch)
          yield json
            ? JSON.stringify({ email: r.email, signed_up_at: r.createdAt, welcome_email: r.welcome })
            : csvRecord([r.email, r.createdAt, r.welcome]).replace(/\n$/, '')
      }
    }
    if (file) {
      await writePrivateFile(resolve(file), async (write) => {
        for await (const line of lines()) await write(line)
      })
      console.error(`Exported to ${resolve(file)}.`)
    } else {
      for await (const line of lines()) {
        if (!process.stdout.write(`${line}\n`)) await new Promise((r) => process.stdout.once('drain', r))
      }
    }
    return 0
  } finally {
    await db.close()
  }
}
