import { LIMITS } from '../../shared/limits.ts'
import { FieldError } from '../../ui/error-summary.tsx'

/**
 * An email address field of a server page's form, with its one-sentence hint. `error` (already
 * worded for people) shows the address again with what is wrong with it. A part of the server
 * pages' forms, so a feature that asks for another feature's address (the Android phone page
 * asks for play testing's Google account) imports it from here, never from the other feature.
 */
export function EmailField({
  id,
  name,
  label,
  hint,
  value = '',
  error,
}: {
  id: string
  name: string
  label: string
  hint: string
  value?: string
  error?: string | undefined
}) {
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={LIMITS.email}
        defaultValue={value}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
      />
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}
