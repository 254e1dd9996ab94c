import { z } from 'zod'

// The words for the beta testers, used alike by the server, the console and their API
// (before this, `Platform` meant a phone on the server and a choice in the console).
// docs/decisions/beta-invitations.md

/** A phone the beta runs on; each has a store link (BETA_IOS_URL, BETA_ANDROID_URL). */
export const Platform = z.enum(['ios', 'android'])
export type Platform = z.infer<typeof Platform>

/** A sign-up's `platform` column: the phone the person chose, or 'unknown' until they do. */
export const PlatformChoice = z.enum(['unknown', ...Platform.options])
export type PlatformChoice = z.infer<typeof PlatformChoice>

/** The console's platform filter: one choice, or everyone. */
export const PlatformFilter = z.enum(['all', ...PlatformChoice.options])
export type PlatformFilter = z.infer<typeof PlatformFilter>

/** A sign-up's `status` column: invitations move it forward only. */
export const InvitationStatus = z.enum(['waiting', 'invited'])
export type InvitationStatus = z.infer<typeof InvitationStatus>

/** The console's status filter; 'opened' is the part of 'invited' who opened their link. */
export const StatusFilter = z.enum(['all', ...InvitationStatus.options, 'opened'])
export type StatusFilter = z.infer<typeof StatusFilter>

/** The links an invitation carries: the person's phone's, or both when they did not choose. */
export const InvitationLinks = z.enum([...Platform.options, 'both'])
export type InvitationLinks = z.infer<typeof InvitationLinks>

/** Where a sign-up's welcome email stands, as the console shows it. */
export const WelcomeState = z.enum([
  'none',
  'queued',
  'sending',
  'sent',
  'retrying',
  'failed',
  'unsubscribed',
  // The mailbox is suppressed after a hard bounce or a spam complaint.
  'bounced',
  'complained',
  // Refused by the hour's budget for calls without a proof of work; the owner can send it.
  'withheld',
])
export type WelcomeState = z.infer<typeof WelcomeState>
