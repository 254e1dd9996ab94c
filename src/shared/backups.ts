import { z } from 'zod'
import { iso } from './console-common.ts'
import { IMPORT_SEND } from './list-import.ts'

// The console's view of backups (issue 42, docs/decisions/backups.md).

/** GET /backups: the newest backup the audit log records, and the daily schedule (null: off). */
export const BackupStatus = z.strictObject({
  last: z.strictObject({ at: iso, takenAt: iso, actor: z.string() }).nullable(),
  schedule: z.strictObject({ dir: z.string(), time: z.string(), keep: z.number().int() }).nullable(),
})
export type BackupStatus = z.infer<typeof BackupStatus>

// Importing a list exported by another tool (issue 42, docs/decisions/list-import.md).

/** The query of POST /signups/import, whose body is the CSV file itself. */
export const ImportQuery = z.strictObject({
  source: z
    .string()
    .trim()
    .max(64, 'The source is at most 64 characters.')
    .refine((s) => !s.includes('@'), 'The source may not contain @.')
    .optional(),
  /** The file's name, for the default source (its base name). */
  file: z.string().max(255).optional(),
  send: z.enum(IMPORT_SEND).default('none'),
  /** "1": count and show, store nothing (the preview). */
  dryRun: z.enum(['0', '1']).default('0'),
})
export type ImportQuery = z.infer<typeof ImportQuery>

const count = z.number().int().min(0)

/** What an import did (or, in a dry run, would do). */
export const ImportResult = z.strictObject({
  dryRun: z.boolean(),
  source: z.string(),
  send: z.enum(IMPORT_SEND),
  delimiter: z.string(),
  columns: z.strictObject({
    email: z.string(),
    name: z.string().nullable(),
    created: z.string().nullable(),
    source: z.string().nullable(),
    language: z.string().nullable(),
  }),
  counts: z.strictObject({
    rows: count,
    /** Added (dry run: would be added). */
    added: count,
    duplicatesInFile: count,
    alreadyListed: count,
    suppressed: count,
    invalid: count,
    /** Of the added, how many kept the file's date. */
    datesKept: count,
    /** Rows whose date cell is not a date we read: they keep the import's time. */
    datesUnread: count,
    emailsQueued: count,
  }),
  invalidRows: z.array(z.strictObject({ row: z.number().int(), reason: z.string() })),
  /** The first rows of `datesUnread`, with the cell as the file wrote it. */
  unreadDates: z.array(z.strictObject({ row: z.number().int(), value: z.string() })),
  preview: z.array(
    z.strictObject({
      row: z.number().int(),
      email: z.string(),
      name: z.string(),
      createdAt: z.string().nullable(),
      language: z.string().nullable(),
    }),
  ),
})
export type ImportResult = z.infer<typeof ImportResult>
