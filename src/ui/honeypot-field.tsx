import { HONEYPOT_CLASS, HONEYPOT_FIELD } from '../shared/honeypot-field.ts'

/**
 * The bot trap: off-screen, out of the tab order and hidden from assistive technology, so
 * only form-filling bots ever type into it. The page's forms control it (`value`, `onChange`);
 * the server's pages render it plain, with no script.
 */
type HoneypotFieldProps = { id: string; value?: string; onChange?: (v: string) => void; disabled?: boolean }

export function HoneypotField({ id, value, onChange, disabled = false }: HoneypotFieldProps) {
  return (
    <div aria-hidden="true" className={HONEYPOT_CLASS}>
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        value={onChange ? (value ?? '') : undefined}
        // The server build has no DOM types, so the target is read as what it is.
        onChange={onChange ? (e) => onChange((e.target as unknown as { value: string }).value) : undefined}
        disabled={disabled}
      />
    </div>
  )
}
