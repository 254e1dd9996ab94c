/** Backups: the console only reads their status. Types only from the shared contract. */
import { call, type Answer } from '../../api.ts'
import { endpoints } from '../../../shared/console-endpoints.ts'

export const backupsApi = {
  status: () => call<Answer<'BackupStatus'>>('GET', endpoints.backups.path),
}
