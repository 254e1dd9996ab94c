import type { ReactNode } from 'react'

export function Badge({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border border-brand-300/40 bg-brand-400/15 px-2 py-0.5 text-[0.6875rem] leading-4 font-bold tracking-[0.08em] text-brand-100 ${className}`}
    >
      {children}
    </span>
  )
}
