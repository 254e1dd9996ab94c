import type { Context } from 'hono'
import type { z } from 'zod'

// The one way a server page reads a posted form (the no-JS join and contact forms, feedback,
// Play's answers, the phone choice, the owner's sign-in link): the schema names the fields and
// says what each may hold; the page gets the values as typed, for showing the form again, and
// one message per field. docs/decisions/no-script-forms.md

type Fields<S extends z.ZodObject> = Extract<keyof S['shape'], string>

/** The form's text fields as posted, by the schema's field names; a field not sent is absent. */
export type FormValues<S extends z.ZodObject> = Partial<Record<Fields<S>, string>>

export type PageForm<S extends z.ZodObject> = {
  values: FormValues<S>
  /**
   * The body was not a form, or one of the schema's fields carried a file: that field (or the
   * whole body) reads as not sent. A page may refuse such a post, or answer as for an empty form.
   */
  unreadable: boolean
} & ({ ok: true; data: z.output<S> } | { ok: false; errors: Partial<Record<Fields<S> | 'form', string>> })

/**
 * Reads the posted form's fields that `schema` declares (others are ignored) and parses them: a
 * blank field counts as not sent, so a schema's default or "required" message applies to it.
 */
export async function readPageForm<S extends z.ZodObject>(c: Context, schema: S): Promise<PageForm<S>> {
  const body = await c.req.parseBody().catch(() => null)
  let unreadable = body === null
  const values: Record<string, string> = {}
  for (const name of Object.keys(schema.shape)) {
    const value = body?.[name]
    if (value === undefined) continue
    if (typeof value === 'string') values[name] = value
    else unreadable = true
  }
  return { values: values as FormValues<S>, unreadable, ...parseFormValues(schema, values) }
}

/** The schema's verdict on a form's values: the data, or the first message for each field. */
function parseFormValues<S extends z.ZodObject>(
  schema: S,
  values: Record<string, string>,
): { ok: true; data: z.output<S> } | { ok: false; errors: Partial<Record<Fields<S> | 'form', string>> } {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')))
  if (parsed.success) return { ok: true, data: parsed.data }
  const errors: Record<string, string> = {}
  // A problem with the form as a whole (an unknown field in a strict schema) is the form's.
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message
  return { ok: false, errors }
}
