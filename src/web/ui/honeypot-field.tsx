import { HONEYPOT_CLASS, HONEYPOT_FIELD } from '../../shared/honeypot-field.ts'

/**
 * The bot trap: off-screen, out of the tab order and hidden from assistive technology, so
 * only form-filling bots ever type into it.
 */
type HoneypotFieldProps = { id: string; value: string; onChange: (v: string) => void; disabled?: boolean }

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
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  )
}
