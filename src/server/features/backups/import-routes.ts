import { createReadStream } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { ImportQuery, type ImportResult } from '../../../shared/backups.ts'
import { IMPORT_MAX_BYTES } from '../../../shared/list-import.ts'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'
import { endpointAnswer } from '../../http/console-endpoint.ts'
import { apiError } from '../../../shared/http/errors.ts'
import type { OwnerDeps, OwnerEnv } from '../../owner/deps.ts'
import { parseInput } from '../../owner/input.ts'
import { verifyCliToken } from '../../owner/cli-token.ts'
import { importCsv, sourceFromFileName } from './import.ts'

/** What the CLI may send through a running server: its files are the owner's own, on this machine. */
const IMPORT_CLI_MAX_BYTES = 200 * 1024 * 1024

/** The paths whose body is a file, exempt from the 16 KB limit of every other body (app.ts). */
export const IMPORT_UPLOAD_PATHS: ReadonlySet<string> = new Set([endpoints.importSignups.path, '/admin/cli/import'])

type ImportDeps = Pick<OwnerDeps, 'db' | 'secret' | 'wakeEmailQueue'> & {
  config: Pick<OwnerDeps['config'], 'INVITATION_INTERVAL_MS'>
}

/** The console's import: POST the file (the CSV as the body) with ImportQuery; `dryRun=1` is the preview. It reads CSV, never sends one. */
export function adminImportRoutes(deps: ImportDeps): Hono<OwnerEnv> {
  const app = new Hono<OwnerEnv>()
  app.post(routePath(endpoints.importSignups), async (c) =>
    endpointAnswer(c, 'importSignups', await runImport(c, deps, `owner:${c.get('session').email}`, IMPORT_MAX_BYTES)),
  )
  return app
}

/**
 * `POST /admin/cli/import`, for `npm run owner -- import` while the server holds the database,
 * with the CLI's signed token as for backups (cli-token.ts); the answer is the same JSON.
 */
export function importCliRoutes(deps: ImportDeps): Hono {
  const app = new Hono()
  app.post('/admin/cli/import', async (c) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
    if (!verifyCliToken(await deps.secret(), token, 'import')) return c.json({ message: 'not allowed' }, 403)
    // A large file takes longer than the idle timeout of public connections: this one waits.
    ;(c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.setTimeout(0)
    return c.json(await runImport(c, deps, 'owner-cli', IMPORT_CLI_MAX_BYTES))
  })
  return app
}

async function runImport(c: Context, deps: ImportDeps, actor: string, maxBytes: number): Promise<ImportResult> {
  const query = parseInput(ImportQuery, c.req.query())
  const declared = c.req.header('content-length')
  if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge(maxBytes)
  // The upload goes to a private file first: the import reads it twice, and never holds it in memory.
  const dir = await mkdtemp(join(tmpdir(), 'list-import-'))
  try {
    const path = join(dir, 'upload.csv')
    await spool(c.req.raw.body, path, maxBytes)
    const result = await importCsv(
      deps.db,
      () => createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>,
      {
        source: query.source || sourceFromFileName(query.file),
        send: query.send,
        dryRun: query.dryRun === '1',
        actor,
        emailIntervalMs: deps.config.INVITATION_INTERVAL_MS,
      },
    )
    if (result.counts.emailsQueued) deps.wakeEmailQueue()
    return result
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function spool(body: ReadableStream<Uint8Array> | null, path: string, maxBytes: number) {
  if (!body) throw apiError(400, '22023', 'No file was sent', 'Send the CSV file as the request body.')
  const file = await open(path, 'wx', 0o600)
  let size = 0
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength
      if (size > maxBytes) throw tooLarge(maxBytes)
      await file.write(chunk)
    }
  } finally {
    await file.close()
  }
  if (size === 0) throw apiError(400, '22023', 'The file is empty', 'A header line and at least one row are expected.')
}

function tooLarge(maxBytes: number) {
  const mb = Math.round(maxBytes / 1024 / 1024)
  return apiError(
    413,
    '54000',
    'The file is too large',
    `At most ${mb} MB can be uploaded.`,
    'Import a larger file with npm run owner -- import FILE.csv on the server.',
  )
}
