import { z } from 'zod'
import { iso } from './console-common.ts'

// The console's view of backups (issue 42, docs/decisions/backups.md).

/** GET /backups: the newest backup the audit log records, and the daily schedule (null: off). */
export const BackupStatus = z.strictObject({
  last: z.strictObject({ at: iso, takenAt: iso, actor: z.string() }).nullable(),
  schedule: z.strictObject({ dir: z.string(), time: z.string(), keep: z.number().int() }).nullable(),
})
export type BackupStatus = z.infer<typeof BackupStatus>
