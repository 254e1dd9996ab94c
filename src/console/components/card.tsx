import type { ReactNode } from 'react'

export function Card({
  children,
  className = '',
  labelledBy,
}: {
  children: ReactNode
  className?: string
  /** The id of the card's heading: the card becomes a named region (a landmark). */
  labelledBy?: string
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={`rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-5 ${className}`}
    >
      {children}
    </section>
  )
}

export function Heading({ children }: { children: ReactNode }) {
  return <h1 className="mb-4 text-2xl font-bold tracking-tight text-fg-strong">{children}</h1>
}

/** One figure on a card: a label over a number ('…' until it is known). */
export function Figure({ label, value }: { label: string; value: string | number | undefined }) {
  return (
    <Card>
      <p className="text-xs font-medium text-fg-muted">{label}</p>
      <p className="text-2xl font-bold text-fg-strong">{value ?? '…'}</p>
    </Card>
  )
}
