import type { EmailKind } from './define-kind.ts'
import { confirmSignup } from './kinds/confirm-signup.ts'
import { contactOwner } from './kinds/contact-owner.ts'
import { contactOwnerSummary } from './kinds/contact-owner-summary.ts'
import { feedbackOwner } from './kinds/feedback-owner.ts'
import { invitation } from './kinds/invitation.ts'
import { ownerSignIn } from './kinds/owner-sign-in.ts'
import { playQuestion } from './kinds/play-question.ts'
import { playReminder } from './kinds/play-reminder.ts'
import { signupDigest } from './kinds/signup-digest.ts'
import { testerMessage } from './kinds/tester-message.ts'
import { welcome } from './kinds/welcome.ts'

/**
 * Every kind of email the queue sends, by its name in the queue. A new kind is a module in
 * kinds/, its template in src/emails, and one line here; nothing in the database lists kinds
 * (migration 20261123170000).
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
} as const

/** One of the kinds above, as enqueue() takes it. */
export type RegisteredKind = (typeof KINDS)[keyof typeof KINDS]

/** The kind a claimed row names, or undefined for a name no module defines. */
export function kindNamed(name: string): EmailKind<string, never, unknown> | undefined {
  return Object.hasOwn(KINDS, name)
    ? (KINDS[name as keyof typeof KINDS] as EmailKind<string, never, unknown>)
    : undefined
}
