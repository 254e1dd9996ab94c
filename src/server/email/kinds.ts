import type { ClaimedEmail } from '../db/email-queue.ts'
import { buildConfirmSignupEmail } from './kinds/confirm-signup.ts'
import { buildContactOwnerEmail } from './kinds/contact-owner.ts'
import { buildContactOwnerSummaryEmail } from './kinds/contact-owner-summary.ts'
import { buildInvitationEmail } from './kinds/invitation.ts'
import { buildOwnerSignInEmail } from './kinds/owner-sign-in.ts'
import { buildSignupDigestEmail } from './kinds/signup-digest.ts'
import { buildWelcomeEmail } from './kinds/welcome.ts'
import type { EmailBuild, EmailKindConfig } from './email-build.ts'

export type { EmailBuild, EmailKindConfig } from './email-build.ts'

/**
 * One builder per `email_queue.kind`. A new kind of email is a file in kinds/ and a line here
 * (and the kind in the table's check constraint).
 */
export const EMAIL_KINDS: Record<
  ClaimedEmail['kind'],
  (email: ClaimedEmail, config: EmailKindConfig) => Promise<EmailBuild>
> = {
  welcome: buildWelcomeEmail,
  'confirm-signup': buildConfirmSignupEmail,
  'contact-owner': buildContactOwnerEmail,
  'contact-owner-summary': buildContactOwnerSummaryEmail,
  'owner-sign-in': buildOwnerSignInEmail,
  'signup-digest': buildSignupDigestEmail,
  invitation: buildInvitationEmail,
}
