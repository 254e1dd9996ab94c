/** Backups and the list import. Types only from the shared contract. */
import { call, qs, type Answer } from '../../api.ts'
import { endpoints } from '../../../shared/console-endpoints.ts'
import type { ImportQuery } from '../../../shared/backups.ts'

export type ImportSend = ImportQuery['send']

export const backupsApi = {
  status: () => call<Answer<'BackupStatus'>>('GET', endpoints.backups.path),
  /** The file is the body; `dryRun` is the preview, which stores nothing. */
  importList: (file: File, options: { source: string; send: ImportSend; dryRun: boolean }) =>
    call<Answer<'ImportResult'>>(
      'POST',
      `${endpoints.importSignups.path}?${qs({
        file: file.name,
        source: options.source,
        send: options.send,
        dryRun: options.dryRun ? '1' : '0',
      })}`,
      file,
    ),
}
