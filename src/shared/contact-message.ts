import { z } from 'zod'
import { emailAddress } from './email-address.ts'
import { honeypot } from './honeypot.ts'
import { LIMITS } from './limits.ts'

/** Subject options of the contact form, value and label exactly as the specification lists them. */
export const SUBJECTS = [
  { value: 'beta-feedback', label: 'Beta Feedback' },
  { value: 'bug-report', label: 'Bug Report' },
  { value: 'feature-request', label: 'Feature Request' },
  { value: 'billing', label: 'Billing Question' },
  { value: 'general', label: 'General Inquiry' },
  { value: 'other', label: 'Other' },
] as const

export type SubjectValue = (typeof SUBJECTS)[number]['value']
const subjectValues = SUBJECTS.map((s) => s.value) as [SubjectValue, ...SubjectValue[]]

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
  subject: z.enum(subjectValues, { error: 'Choose a subject.' }),
  message: requiredText('Message', LIMITS.message),
  website: honeypot,
})
export type ContactMessage = z.infer<typeof ContactMessage>
