/**
 * What to fix before a form can be sent, announced at once: the server's feedback page shows it
 * after a refused POST (each message also sits under its field).
 */
export function ErrorSummary({ title, messages }: { title: string; messages: string[] }) {
  if (messages.length === 0) return null
  return (
    <div role="alert" className="error-summary">
      <h2>{title}</h2>
      <ul>
        {messages.map((m, i) => (
          <li key={i}>{m}</li>
        ))}
      </ul>
    </div>
  )
}

/** One field's message, named by the field's `aria-describedby` (`<name>-error`). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field-error" id={id}>
      {message}
    </p>
  ) : null
}
