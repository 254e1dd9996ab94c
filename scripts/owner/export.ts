// `npm run owner -- export [--json] [FILE]`: the whole list, as the console's "Export CSV" gives it
// (email, signed_up_at, welcome_email), or as JSON lines; to FILE (0600) or standard output. While
// the server holds the PGlite folder, the lines come from it (as a backup does), so a script can
// export without stopping it.
import { resolve } from 'node:path'
import type { Config } from '../../src/server/config.ts'
import type { Db } from '../../src/server/db/db.ts'
import { FolderInUseError, lockFolder } from '../../src/server/db/folder-lock.ts'
import { openDb } from '../../src/server/db/open.ts'
import { writePrivateFile } from '../../src/server/features/backups/files.ts'
import { exportLines, type ExportFormat } from '../../src/server/features/signups/export-lines.ts'
import { callServer } from './server-call.ts'

export async function exportCommand(config: Config, args: string[]): Promise<number> {
  const format: ExportFormat = args.includes('--json') ? 'json' : 'csv'
  const file = args.find((a) => a !== '--json')
  let db: Db | undefined
  if (config.DATABASE_URL) db = await openDb(config)
  else {
    try {
      db = await openDb(config, { lock: await lockFolder(config.PGLITE_DIR, 'owner-cli') })
    } catch (err) {
      if (!(err instanceof FolderInUseError)) throw err
    }
  }
  try {
    const lines = db ? exportLines(db, format) : await linesFromServer(config, format)
    if (!lines) return 1
    if (file) {
      await writePrivateFile(resolve(file), async (write) => {
        for await (const line of lines) await write(line)
      })
      console.error(`Exported to ${resolve(file)}.`)
    } else {
      for await (const line of lines) {
        if (!process.stdout.write(`${line}\n`)) await new Promise((r) => process.stdout.once('drain', r))
      }
    }
    return 0
  } finally {
    await db?.close()
  }
}

/** The running server's lines, or undefined (said on stderr) when it refuses. */
async function linesFromServer(config: Config, format: ExportFormat): Promise<AsyncIterable<string> | undefined> {
  const { res, url } = await callServer(config, 'export', `/admin/cli/export?format=${format}`)
  if (!res.ok || !res.body) {
    console.error(`${url} answered ${res.status}: ${await res.text()}`)
    return undefined
  }
  return splitLines(res.body.pipeThrough(new TextDecoderStream()))
}

/** The answer's lines, split at \n only: a CSV record keeps its \r. */
async function* splitLines(text: ReadableStream<string>): AsyncGenerator<string> {
  let rest = ''
  for await (const chunk of text as unknown as AsyncIterable<string>) {
    const parts = (rest + chunk).split('\n')
    rest = parts.pop()!
    yield* parts
  }
  if (rest) yield rest
}
