import type { EmailKind } from './define-kind.ts'
import { confirmSignup } from './confirm-signup.kind.ts'
import { contactOwner } from './contact-owner.kind.ts'
import { contactOwnerSummary } from './contact-owner-summary.kind.ts'
import { emailCapacity } from './email-capacity.kind.ts'
import { feedbackOwner } from './feedback-owner.kind.ts'
import { invitation } from './invitation.kind.ts'
import { ownerSignIn } from './owner-sign-in.kind.ts'
import { playQuestion } from './play-question.kind.ts'
import { playReminder } from './play-reminder.kind.ts'
import { signupDigest } from './signup-digest.kind.ts'
import { testerMessage } from './tester-message.kind.ts'
import { testflightState } from './testflight-state.kind.ts'
import { webhookPaused } from './webhook-paused.kind.ts'
import { welcome } from './welcome.kind.ts'

/**
 * Every kind of email the queue sends, by its name in the queue. A new kind is a module
 * `<kind>.kind.ts` beside its template `<kind>.tsx` in this folder, and one line here; nothing in
 * the database lists kinds (migration 20261123170000).
 */
export const KINDS = {
  [welcome.kind]: welcome,
  [confirmSignup.kind]: confirmSignup,
  [contactOwner.kind]: contactOwner,
  [contactOwnerSummary.kind]: contactOwnerSummary,
  [ownerSignIn.kind]: ownerSignIn,
  [signupDigest.kind]: signupDigest,
  [invitation.kind]: invitation,
  [testerMessage.kind]: testerMessage,
  [feedbackOwner.kind]: feedbackOwner,
  [playQuestion.kind]: playQuestion,
  [playReminder.kind]: playReminder,
  [testflightState.kind]: testflightState,
  [webhookPaused.kind]: webhookPaused,
  [emailCapacity.kind]: emailCapacity,
} as const

/** One of the kinds above, as enqueue() takes it. */
export type RegisteredKind = (typeof KINDS)[keyof typeof KINDS]

/** The kind a claimed row names, or undefined for a name no module defines. */
export function kindNamed(name: string): EmailKind<string, never, unknown> | undefined {
  return Object.hasOwn(KINDS, name)
    ? (KINDS[name as keyof typeof KINDS] as EmailKind<string, never, unknown>)
    : undefined
}
