/** An error line that screen readers announce; empty, it takes no room. */
export function ErrorText({ message }: { message: string | null }) {
  return (
    <p role="alert" className="text-sm font-medium text-danger empty:hidden">
      {message}
    </p>
  )
}

/** What an action did, announced politely; empty, it takes no room. */
export function DoneText({ message, className = '' }: { message: string | null; className?: string }) {
  return (
    <p role="status" className={`${className} text-sm text-success empty:hidden`.trim()}>
      {message}
    </p>
  )
}
