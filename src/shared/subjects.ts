/**
 * The contact form's subject options: the values stored with each message, exactly as the
 * specification lists them, in its order. Their labels are content, per language
 * (`texts.contact.subjects`); the owner's emails and the console show the default language's.
 * Kept free of zod so the page can render the options without loading the schema library.
 */
export const SUBJECT_VALUES = ['beta-feedback', 'bug-report', 'feature-request', 'billing', 'general', 'other'] as const

export type SubjectValue = (typeof SUBJECT_VALUES)[number]
