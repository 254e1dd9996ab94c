import { z } from 'zod'
import { BetaSignup } from '../../../shared/beta-signup.ts'
import { HONEYPOT_FIELD } from '../../../shared/honeypot-field.ts'
import { LIMITS } from '../../../shared/limits.ts'
import { SUBJECT_VALUES } from '../../../shared/subjects.ts'

// The page's two forms as they post: the fields each sends, and the largest body that can make.
// Their rules are the REST insert's (the same code as the scripted form's calls), so the schemas
// only read the fields: the honeypot and the phone are sent only when filled, and a field
// carrying a file reads as not sent.

const optional = z.string().optional()
const text = z.string().default('')

export const joinForm = z.object({ email: text, platform: optional, [HONEYPOT_FIELD]: optional })
export const contactForm = z.object({
  name: text,
  email: text,
  subject: text,
  message: text,
  [HONEYPOT_FIELD]: optional,
})

/**
 * The most bytes a character takes in an application/x-www-form-urlencoded body, the browser's
 * encoding for these forms: a UTF-16 unit of the BMP is three UTF-8 bytes, each sent as `%XX`.
 * (A surrogate pair is four bytes for two units, a line break `%0D%0A`; field names are ASCII.)
 */
const URLENCODED_BYTES_PER_CHAR = 9

const longest = (values: readonly string[]) => Math.max(...values.map((v) => v.length))

/** The urlencoded size of a form with every field at its limit (`name=value` pairs joined by `&`). */
function largestBody(fields: Record<string, number>): number {
  const pairs = Object.entries(fields).map(([name, max]) => name.length + 1 + max * URLENCODED_BYTES_PER_CHAR)
  return pairs.reduce((sum, n) => sum + n, 0) + pairs.length - 1
}

type Limits<S extends z.ZodObject> = Record<keyof S['shape'], number>

/**
 * The largest body each form's route reads: its largest valid form, each field at the limit the
 * page's field and the insert's schema hold it to. A larger body is no form the page sent.
 */
export const FORM_BODY_BYTES = {
  join: largestBody({
    email: LIMITS.email,
    platform: longest(BetaSignup.shape.platform.unwrap().options),
    [HONEYPOT_FIELD]: LIMITS.honeypot,
  } satisfies Limits<typeof joinForm>),
  contact: largestBody({
    name: LIMITS.name,
    email: LIMITS.email,
    subject: longest(SUBJECT_VALUES),
    message: LIMITS.message,
    [HONEYPOT_FIELD]: LIMITS.honeypot,
  } satisfies Limits<typeof contactForm>),
} as const
