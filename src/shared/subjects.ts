/**
 * Subject options of the contact form, value and label exactly as the specification lists them.
 * Kept free of zod so the page can render the options without loading the schema library.
 */
export const SUBJECTS = [
  { value: 'beta-feedback', label: 'Beta Feedback' },
  { value: 'bug-report', label: 'Bug Report' },
  { value: 'feature-request', label: 'Feature Request' },
  { value: 'billing', label: 'Billing Question' },
  { value: 'general', label: 'General Inquiry' },
  { value: 'other', label: 'Other' },
] as const

export type SubjectValue = (typeof SUBJECTS)[number]['value']
