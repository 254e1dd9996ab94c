// The list import's limits and choices (issue 42, docs/decisions/list-import.md), apart from its
// schemas in backups.ts: the console imports these as values, and zod must stay out of its bundle.

/** The largest file the console uploads; the CLI reads files of any size. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024
/** How many rows the preview shows, and how many refused rows are listed by number. */
export const IMPORT_PREVIEW_ROWS = 5
export const IMPORT_LISTED_INVALID = 50

export const IMPORT_SEND = ['none', 'welcome', 'confirmation'] as const
