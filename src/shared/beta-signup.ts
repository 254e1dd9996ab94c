import { z } from 'zod'
import { emailAddress } from './email-address.ts'
import { honeypot } from './honeypot.ts'
import { SignupSourceFields } from './launch-analytics.ts'
import { LOCALES } from './locales.ts'

/**
 * The body of `POST /rest/v1/beta_signups`: the address, the bot trap, and where the visitor came
 * from as the page read it (the Node server prefers the visit it counted), and the language of the
 * page (its `<html lang>`), which every later email and server page to this person speaks, and
 * the phone the sign-up is for when only that phone's app is still in beta.
 */
export const BetaSignup = z.strictObject({
  email: emailAddress,
  website: honeypot,
  ...SignupSourceFields,
  // Sent by the page when one store is live and the sign-up is for the other phone; otherwise the
  // person picks a phone later (the welcome email's links), and the row starts as 'unknown'.
  platform: z.enum(['ios', 'android'], { error: 'The platform must be ios or android.' }).optional(),
  locale: z
    .enum(LOCALES, { error: `The language must be one of the site's: ${LOCALES.join(', ')}.` })
    .nullable()
    .optional(),
})
export type BetaSignup = z.infer<typeof BetaSignup>

/** The body of `POST /functions/v1/resend-email`: only the address; the server writes the email. */
export const ResendEmailRequest = z.strictObject({ email: emailAddress })
export type ResendEmailRequest = z.infer<typeof ResendEmailRequest>
