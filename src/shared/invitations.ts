import { z } from 'zod'
import { InvitationLinks, PlatformChoice, PlatformFilter } from './beta-testers.ts'
import { count, id, iso, SelectionQuery } from './console-common.ts'

// The Invitations view: "invite next N" and the store exports. docs/decisions/beta-invitations.md

/** The most people one confirmation invites (and one preview lists). */
export const MAX_INVITATION_BATCH = 1000

/** GET /invitations/preview: who "Invite the next N" would invite. */
export const InvitationPreviewQuery = z.object({
  n: z.coerce.number().int().min(1).max(MAX_INVITATION_BATCH),
  platform: PlatformFilter.default('all'),
  /** Throwaway addresses are left out unless the owner includes them. */
  disposable: z.enum(['exclude', 'include']).default('exclude'),
})

/** POST /invitations/confirm: the exact ids the preview showed, and nobody else. */
export const InviteRequest = z.strictObject({
  ids: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).min(1).max(MAX_INVITATION_BATCH),
})

export const StoreExportFormat = z.enum(['testflight', 'play'])
export type StoreExportFormat = z.infer<typeof StoreExportFormat>

/** GET /invitations/export: a selection as a file for one store. */
export const StoreExportQuery = SelectionQuery.extend({ format: StoreExportFormat })

const Stores = z.strictObject({ ios: z.boolean(), android: z.boolean() })

/**
 * What TestFlight's public join page said when last read (docs/decisions/testflight-link-health.md):
 * open; full ("This beta is full."); closed ("This beta isn't accepting any new testers right
 * now.": joins switched off, or no build live); unknown (the page could not be read or recognised).
 */
export const TestflightState = z.enum(['open', 'full', 'closed', 'unknown'])
export type TestflightState = z.infer<typeof TestflightState>

/** The iPhone link's health: null when it is not checked (no TestFlight join link set). */
export const TestflightHealth = z
  .strictObject({
    state: TestflightState,
    /** When the page was last read; null before the first check. */
    checkedAt: iso.nullable(),
    /** iPhone invitations waiting in the queue until the link is open again. */
    held: count,
  })
  .nullable()
export type TestflightHealth = z.infer<typeof TestflightHealth>

export const InvitationSummary = z.strictObject({
  byStatus: z.strictObject({ waiting: count, invited: count, opened: count }),
  byPlatform: z.strictObject({ unknown: count, ios: count, android: count }),
  /** Which store links are set: the console says when one is not. */
  stores: Stores,
  maxBatch: z.literal(MAX_INVITATION_BATCH),
  testflight: TestflightHealth,
})
export type InvitationSummary = z.infer<typeof InvitationSummary>

export const InvitationPreviewRow = z.strictObject({
  id,
  email: z.string(),
  platform: PlatformChoice,
  created_at: iso,
  links: InvitationLinks,
  disposable: z.boolean(),
})
export type InvitationPreviewRow = z.infer<typeof InvitationPreviewRow>
export const InvitationPreview = z.strictObject({
  rows: z.array(InvitationPreviewRow),
  stores: Stores,
  /** Throwaway addresses passed over to fill this batch (0 when they are included). */
  disposableLeftOut: count,
})
export type InvitationPreview = z.infer<typeof InvitationPreview>

export const InviteResult = z.strictObject({ invited: count, skipped: count })
export type InviteResult = z.infer<typeof InviteResult>
