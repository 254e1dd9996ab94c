import { z } from 'zod'
import { emailAddress } from './email-address.ts'
import { honeypot } from './honeypot.ts'
import { LIMITS } from './limits.ts'

import { SUBJECT_VALUES } from './subjects.ts'

export { SUBJECT_VALUES }

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(max, `${field} must be at most ${max} characters.`)

/** The body of `POST /rest/v1/contact_messages`. */
export const ContactMessage = z.strictObject({
  name: requiredText('Name', LIMITS.name).refine((s) => !/[\r\n]/.test(s), 'Name must be on one line.'),
  email: emailAddress,
  subject: z.enum(SUBJECT_VALUES, { error: 'Choose a subject.' }),
  message: requiredText('Message', LIMITS.message),
  website: honeypot,
})
export type ContactMessage = z.infer<typeof ContactMessage>
